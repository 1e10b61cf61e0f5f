// /set-password: where the reset email's link lands. supabase-js signs the visitor in from the
// link (the store reads it); the page then takes the new password twice and saves it with
// updateUser, after which the visitor stays signed in with it. An invalid, expired or already used
// link says so and offers a new one; so does opening the page with no link and no session.
import './account.css';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { setNewPassword } from '../../lib/auth/actions.ts';
import { authLink, authState, startAuth } from '../../lib/auth/store.ts';
import { MIN_PASSWORD_LENGTH } from '../../lib/forms/password.ts';
import { RESET_TEXTS, setPasswordSchema, type SetPasswordData } from '../../lib/forms/reset.ts';
import { useForm } from '../hooks/use-form.ts';
import FormMessage from '../ui/FormMessage.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import { TextField } from '../ui/Field.tsx';
import AccountNote, { AccountNextSteps } from './AccountNote.tsx';
import { useHydrated } from './use-hydrated.ts';

const submit = ({ password }: SetPasswordData) => setNewPassword(password);

const NO_LINK = 'Open this page from the link in your password reset email. If the link no longer works, request a new one.';

export default function SetPassword() {
  const hydrated = useHydrated();
  const state = useStore(authState);
  const link = useStore(authLink);
  const form = useForm({ schema: setPasswordSchema, initial: { password: '', confirm: '' }, submit, success: RESET_TEXTS.passwordSaved });

  useEffect(() => {
    void startAuth();
  }, []);

  if (!hydrated || state.status === 'loading') return <AccountNote tone="progress" message="Checking your reset link…" />;

  if (form.status === 'success') {
    return (
      <AccountNote tone="success" message={form.message}>
        <AccountNextSteps />
      </AccountNote>
    );
  }

  if (link?.kind === 'error' || state.status !== 'signed-in') {
    return (
      <AccountNote tone="error" message={link?.kind === 'error' ? RESET_TEXTS.linkInvalid : NO_LINK}>
        <p>
          <a href="/reset">Request a new password reset link</a>
        </p>
      </AccountNote>
    );
  }

  return (
    <form ref={form.formRef} className="form" method="post" noValidate onSubmit={form.onSubmit} aria-label="Set a new password">
      <p>
        Choose a new password for <strong>{state.email}</strong>.
      </p>
      <TextField
        label="New password"
        field={form.fieldProps('password')}
        error={form.errors.password}
        type="password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
      />
      <TextField
        label="Confirm new password"
        field={form.fieldProps('confirm')}
        error={form.errors.confirm}
        type="password"
        autoComplete="new-password"
      />
      <SubmitButton label="Save New Password" busyLabel="Saving..." busy={form.submitting} />
      <FormMessage status={form.status} message={form.message} />
    </form>
  );
}
