// The /admin island: checks who is looking (the auth store's session and role), then shows the
// workspace to staff. What each role may do is decided by row-level security and the security-definer
// functions of supabase/migrations; this island only asks and shows the answers.
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { authState, refreshProfile, startAuth } from '../../lib/auth/store.ts';
import { isStaffRole } from '../../../common/domain.ts';
import { loginHref } from '../../page-scripts/login-redirect.ts';
import './admin-base.css';

// The workspace itself (lists, dialogs, overview, chart, and react-query) loads only for a
// signed-in visitor, asked for as soon as a session is known, beside the check of its role: a
// signed-out visitor, told to log in, downloads none of it.
const loadWorkspace = () => import('./Workspace.tsx');
const Workspace = lazy(loadWorkspace);

const NOT_LOGGED_IN = 'You must log in to access this page.';
const ACCESS_DENIED = 'Access denied. You are not authorized to view this page.';
const ROLE_CHECK_FAILED = 'Failed to verify user role.';

export default function AdminGuard() {
  const auth = useStore(authState);
  useEffect(() => void startAuth(), []);
  const signedIn = auth.status === 'signed-in';
  useEffect(() => {
    if (signedIn) void loadWorkspace();
  }, [signedIn]);

  if (auth.status === 'loading') {
    // The page's loading overlay covers this while the session is read.
    return <p className="admin-guard" role="status">Loading...</p>;
  }
  if (auth.status === 'signed-out') {
    return (
      <div className="admin-guard">
        <p>{NOT_LOGGED_IN}</p>
        <p>
          <a href={loginHref(window.location)}>Log in</a>
        </p>
      </div>
    );
  }
  if (auth.profileError) {
    return (
      <div className="admin-guard" role="alert">
        <p>{ROLE_CHECK_FAILED}</p>
        <button type="button" className="admin-button" onClick={() => void refreshProfile()}>
          Retry
        </button>
      </div>
    );
  }
  if (auth.role === null) return <p className="admin-guard" role="status">Checking your access...</p>;
  // Staff (advisers and admins) open the workspace; it shows each only what their role may do.
  if (!isStaffRole(auth.role)) return <p className="admin-guard">{ACCESS_DENIED}</p>;

  return (
    <Suspense fallback={<p className="admin-guard" role="status">Loading...</p>}>
      <Workspace selfId={auth.userId} role={auth.role} />
    </Suspense>
  );
}
