// /verify: where the signup email's link lands. The link verifies the address and signs the
// visitor in (supabase-js reads the session from the fragment; the store takes the tokens out of
// the address bar). The page says so, or that the link is invalid or expired with the way to get a
// new one: log in, then Resend Verification Email.
import './account.css';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { authLink, authState, startAuth } from '../../lib/auth/store.ts';
import AccountNote, { AccountNextSteps } from './AccountNote.tsx';
import { useHydrated } from './use-hydrated.ts';

const VERIFY_TEXTS = {
  verified: 'Your email address is verified. You are now logged in.',
  invalid: 'This verification link is invalid or has expired.',
  newLink: 'To get a new link, log in with your email address and password and choose Resend Verification Email.',
  noLink: 'Open this page from the link in your verification email.',
} as const;

export default function VerifyEmail() {
  const hydrated = useHydrated();
  const state = useStore(authState);
  const link = useStore(authLink);

  useEffect(() => {
    void startAuth();
  }, []);

  if (!hydrated || state.status === 'loading') return <AccountNote tone="progress" message="Checking your verification link…" />;

  if (link?.kind === 'session' && state.status === 'signed-in') {
    return (
      <AccountNote tone="success" message={VERIFY_TEXTS.verified}>
        <AccountNextSteps />
      </AccountNote>
    );
  }

  // A link that failed, or whose session did not hold, cannot verify; with no link at all the page
  // says where the link is. Both show how to get a new one.
  const failed = link?.kind === 'error' || link?.kind === 'session';
  return (
    <AccountNote tone={failed ? 'error' : 'plain'} message={failed ? VERIFY_TEXTS.invalid : VERIFY_TEXTS.noLink}>
      <p>
        {VERIFY_TEXTS.newLink} <a href="/login">Log in</a>
      </p>
    </AccountNote>
  );
}
