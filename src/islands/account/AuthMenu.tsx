// The nav's auth part for a signed-in visitor: a dropdown with Profile (a user) or Admin (an admin)
// and Logout. It hydrates only when a session is stored (`client:session`), and renders nothing
// until the store knows the visitor is signed in, so the static Login / SignUp dropdown of
// SiteHeader.astro stays the answer for everyone else. The dropdown is a native popover, as the
// static one is: a click outside or Escape closes it and focus returns to its button.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { authState, signOut, startAuth } from '../../lib/auth/store.ts';
import { isStaffRole } from '../../../common/domain.ts';
import { useHydrated } from './use-hydrated.ts';

export default function AuthMenu() {
  const state = useStore(authState);
  const [leaving, setLeaving] = useState(false);
  // The first render must equal the server's (nothing known yet), even when the store is already
  // settled (another island started it): React would otherwise report a hydration mismatch.
  const hydrated = useHydrated();

  useEffect(() => {
    void startAuth();
  }, []);

  if (!hydrated || state.status !== 'signed-in') {
    // data-state lets SiteHeader keep the static dropdown's place while the store is loading.
    return <span className="auth-island" data-state={hydrated ? state.status : 'loading'} hidden />;
  }

  const logout = async () => {
    setLeaving(true);
    await signOut();
    // A full load: every island on the next page starts from the signed-out state.
    window.location.assign('/');
  };

  return (
    <span className="auth-island" data-state="signed-in">
      <button className="auth-toggle" type="button" popoverTarget="account-menu">
        My Account
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M7 10l5 5 5-5z" fill="currentColor" />
        </svg>
      </button>
      <ul id="account-menu" className="auth-menu" popover="auto">
        {/* The role comes from the profile row; until it is read, only Logout is certain. */}
        {isStaffRole(state.role) && (
          <li>
            <a href="/admin">Admin</a>
          </li>
        )}
        {(state.role === 'user' || state.profileError) && (
          <li>
            <a href="/profile">Profile</a>
          </li>
        )}
        <li>
          <button type="button" className="auth-menu__action" onClick={() => void logout()} disabled={leaving}>
            Logout
          </button>
        </li>
      </ul>
    </span>
  );
}
