// /reset: asks for the email address and sends the reset link, which opens /set-password. The
// success text is the same for unknown addresses (the service answers alike: no enumeration).
import './account.css';
import { requestPasswordReset } from '../../lib/auth/actions.ts';
import { RESET_TEXTS, resetRequestSchema, type ResetRequestData } from '../../lib/forms/reset.ts';
import { useForm } from '../hooks/use-form.ts';
import FormMessage from '../ui/FormMessage.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import { TextField } from '../ui/Field.tsx';
import { useServerForm } from '../hooks/use-server-form.ts';
import { useHydrated } from './use-hydrated.ts';
import CaptchaWidget from './CaptchaWidget.tsx';

const submit = ({ email }: ResetRequestData) => requestPasswordReset(email);

export default function ResetRequestForm() {
  const hydrated = useHydrated();
  const form = useForm({ schema: resetRequestSchema, initial: { email: '' }, submit, success: RESET_TEXTS.sent });
  // What was typed while React loaded is kept (the page hydrates once it has painted).
  useServerForm(form.formRef, form.values, form.setValue);
  return (
    <form ref={form.formRef} className="form" method="post" noValidate onSubmit={form.onSubmit} aria-label="Reset password">
      <TextField label="Email" field={form.fieldProps('email')} error={form.errors.email} type="email" autoComplete="email" />
      <CaptchaWidget />
      <SubmitButton label="Send Reset Link" busy={form.submitting} disabled={!hydrated} />
      <FormMessage status={form.status} message={form.message} />
    </form>
  );
}
