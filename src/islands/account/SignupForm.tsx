// /signup: every profile detail, email and password, all required. Success shows the
// specification's text and clears the form; any other answer is the auth service's own message.
import './account.css';
import { MIN_PASSWORD_LENGTH } from '../../lib/forms/password.ts';
import { SIGNUP_INITIAL, SIGNUP_SUCCESS, signupSchema } from '../../lib/forms/signup.ts';
import { signUp } from '../../lib/auth/actions.ts';
import { useForm } from '../hooks/use-form.ts';
import FormMessage from '../ui/FormMessage.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import PrivacyNote from '../ui/PrivacyNote.tsx';
import { TextField } from '../ui/Field.tsx';
import ProfileFields from './ProfileFields.tsx';
import { useServerForm } from '../hooks/use-server-form.ts';
import CaptchaWidget from './CaptchaWidget.tsx';

export default function SignupForm() {
  const form = useForm({ schema: signupSchema, initial: SIGNUP_INITIAL, submit: signUp, success: SIGNUP_SUCCESS });
  // What was typed while React loaded is kept, and a submit held before then is sent (the page
  // hydrates on first use).
  useServerForm(form.formRef, form.values, form.setValue);
  return (
    <form ref={form.formRef} className="form" method="post" noValidate onSubmit={form.onSubmit} aria-label="Sign up">
      <ProfileFields fieldProps={form.fieldProps} errors={form.errors} />
      <TextField label="Email" field={form.fieldProps('email')} error={form.errors.email} type="email" autoComplete="email" />
      <TextField
        label="Password"
        field={form.fieldProps('password')}
        error={form.errors.password}
        type="password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
      />
      <CaptchaWidget />
      <SubmitButton label="Sign Up" busyLabel="Signing up..." busy={form.submitting} />
      <PrivacyNote form="signup" />
      <FormMessage status={form.status} message={form.message} />
    </form>
  );
}
