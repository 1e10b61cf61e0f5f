// /set-password: where the reset email's link lands, with the link's token in the query
// (auth/link.ts). Opening the page spends nothing (mail scanners open links): the person types the
// new password twice and presses Save New Password, which spends the token with verifyOtp (signing
// them in) and then saves the password with updateUser; they stay signed in with it, and the nav
// shows it. A visitor already signed in, with no link, may set a new password the same way. An
// invalid, expired or already used link says so and offers a new one; so does opening the page
// with no link and no session.
import './account.css';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { setNewPassword, verifyEmailLink } from '../../lib/auth/actions.ts';
import { readEmailLink } from '../../lib/auth/link.ts';
import { authState, startAuth } from '../../lib/auth/store.ts';
import { MIN_PASSWORD_LENGTH } from '../../lib/forms/password.ts';
import { RESET_TEXTS, setPasswordSchema, type SetPasswordData } from '../../lib/forms/reset.ts';
import { useForm } from '../hooks/use-form.ts';
import FormMessage from '../ui/FormMessage.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import { TextField } from '../ui/Field.tsx';
import AccountNote, { AccountNextSteps } from './AccountNote.tsx';
import { useHydrated } from './use-hydrated.ts';

const NO_LINK = 'Open this page from the link in your password reset email. If the link no longer works, request a new one.';

const readLink = () => (typeof window === 'undefined' ? null : readEmailLink(window.location.search, 'recovery'));

export default function SetPassword() {
  const hydrated = useHydrated();
  const state = useStore(authState);
  // The link's token until it is spent: the first Save spends it, a retry only saves.
  const pending = useRef(readLink());
  const [hadLink] = useState(() => pending.current !== null);
  const [linkRefused, setLinkRefused] = useState(false);

  const submit = async ({ password }: SetPasswordData) => {
    const link = pending.current;
    if (link) {
      const verified = await verifyEmailLink(link, RESET_TEXTS.linkInvalid);
      if (!verified.ok) {
        if (verified.error.kind === 'refused') setLinkRefused(true);
        return verified;
      }
      pending.current = null;
    }
    return setNewPassword(password);
  };
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

  if (linkRefused || (!hadLink && state.status !== 'signed-in')) {
    return (
      <AccountNote tone="error" message={linkRefused ? RESET_TEXTS.linkInvalid : NO_LINK}>
        <p>
          <a href="/reset">Request a new password reset link</a>
        </p>
      </AccountNote>
    );
  }

  // Until the link is spent, the account it opens is not known here.
  const whose = pending.current === null && state.status === 'signed-in' ? <strong>{state.email}</strong> : 'your account';
  return (
    <form ref={form.formRef} className="form" method="post" noValidate onSubmit={form.onSubmit} aria-label="Set a new password">
      <p>Choose a new password for {whose}.</p>
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
