// /verify: where the signup email's link lands, with the link's token in the query (auth/link.ts).
// Opening the page spends nothing (mail scanners open links): the person presses Confirm my email,
// verifyOtp spends the token and signs them in, and the page says so once the auth store (and so
// the nav) has them signed in; or that the link is invalid or expired, with the way to get a new
// one: log in, then Resend Verification Email.
import './account.css';
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { verifyEmailLink } from '../../lib/auth/actions.ts';
import { readEmailLink } from '../../lib/auth/link.ts';
import { authState, startAuth } from '../../lib/auth/store.ts';
import type { Result } from '../../lib/result.ts';
import FormMessage from '../ui/FormMessage.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import AccountNote, { AccountNextSteps } from './AccountNote.tsx';
import { useHydrated } from './use-hydrated.ts';

const VERIFY_TEXTS = {
  confirm: 'Confirm the email address of your account to finish signing up.',
  verified: 'Your email address is verified. You are now logged in.',
  invalid: 'This verification link is invalid or has expired.',
  newLink: 'To get a new link, log in with your email address and password and choose Resend Verification Email.',
  noLink: 'Open this page from the link in your verification email.',
} as const;

const readLink = () => (typeof window === 'undefined' ? null : readEmailLink(window.location.search, 'email'));

export default function VerifyEmail() {
  const hydrated = useHydrated();
  const state = useStore(authState);
  const [link] = useState(readLink);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Result | null>(null);

  useEffect(() => {
    void startAuth();
  }, []);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!link || busy) return;
    setBusy(true);
    setOutcome(await verifyEmailLink(link, VERIFY_TEXTS.invalid));
    setBusy(false);
  };

  if (!hydrated || (outcome?.ok && state.status !== 'signed-in')) return <AccountNote tone="progress" message="Checking your verification link…" />;

  if (outcome?.ok) {
    return (
      <AccountNote tone="success" message={VERIFY_TEXTS.verified}>
        <AccountNextSteps />
      </AccountNote>
    );
  }

  // A link refused by the service cannot verify; with no link at all the page says where the link
  // is. Both show how to get a new one.
  if (!link || outcome?.error.kind === 'refused') {
    return (
      <AccountNote tone={link ? 'error' : 'plain'} message={link ? VERIFY_TEXTS.invalid : VERIFY_TEXTS.noLink}>
        <p>
          {VERIFY_TEXTS.newLink} <a href="/login">Log in</a>
        </p>
      </AccountNote>
    );
  }

  return (
    <form className="form" method="post" noValidate onSubmit={(event) => void confirm(event)} aria-label="Confirm your email">
      <p>{VERIFY_TEXTS.confirm}</p>
      <SubmitButton label="Confirm my email" busyLabel="Confirming..." busy={busy} />
      <FormMessage status={outcome ? 'error' : 'idle'} message={outcome && !outcome.ok ? outcome.error.message : ''} />
    </form>
  );
}
