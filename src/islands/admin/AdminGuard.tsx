// The /admin island: checks who is looking (the auth store's session and role), then, for staff
// (advisers and admins), the session's second factor: staff signed in with the password only give
// the code of their authenticator app first, or set one up if they have none; then it shows the
// workspace, which shows each only what their role may do. What staff may do is decided by
// row-level security and the security-definer functions of supabase/migrations (which serve staff
// only at aal2); this island only asks and shows the answers.
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { assurance, type Assurance } from '../../lib/auth/second-factor.ts';
import { authState, refreshProfile, startAuth } from '../../lib/auth/store.ts';
import { isStaffRole } from '../../../common/domain.ts';
import { loginHref } from '../../page-scripts/login-redirect.ts';
import './admin-base.css';

// The workspace itself (lists, dialogs, overview, chart, and react-query) loads only for a
// signed-in visitor, asked for as soon as a session is known, beside the check of its role: a
// signed-out visitor, told to log in, downloads none of it.
const loadWorkspace = () => import('./Workspace.tsx');
const Workspace = lazy(loadWorkspace);
// The code step and the app's set-up load only for an admin who needs them.
const CodeStep = lazy(() => import('../account/CodeStep.tsx'));
const FactorEnrolment = lazy(() => import('../account/FactorEnrolment.tsx'));

const NOT_LOGGED_IN = 'You must log in to access this page.';
const ACCESS_DENIED = 'Access denied. You are not authorized to view this page.';
const ROLE_CHECK_FAILED = 'Failed to verify user role.';

/** Where a staff member's session stands with its second factor, read once the role is known. */
function useAssurance(staff: boolean, userId: string | null) {
  const [level, setLevel] = useState<Assurance | 'failed' | null>(null);
  const check = useCallback(async () => {
    setLevel(null);
    const result = await assurance();
    setLevel(result.ok ? result.data : 'failed');
  }, []);
  useEffect(() => {
    if (staff) void check();
  }, [staff, userId, check]);
  return { level, check };
}

export default function AdminGuard() {
  const auth = useStore(authState);
  useEffect(() => void startAuth(), []);
  const signedIn = auth.status === 'signed-in';
  useEffect(() => {
    if (signedIn) void loadWorkspace();
  }, [signedIn]);
  const isStaff = signedIn && isStaffRole(auth.role);
  const { level, check } = useAssurance(isStaff, signedIn ? auth.userId : null);

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
  if (level === null) return <p className="admin-guard" role="status">Checking your access...</p>;
  if (level === 'failed') {
    return (
      <div className="admin-guard" role="alert">
        <p>{ROLE_CHECK_FAILED}</p>
        <button type="button" className="admin-button" onClick={() => void check()}>
          Retry
        </button>
      </div>
    );
  }
  if (!level.verified) {
    // Staff read applicants' data only after their code: the database refuses them before it.
    return (
      <Suspense fallback={<p className="admin-guard" role="status">Loading...</p>}>
        <div className="admin-guard admin-second-factor">
          {level.hasFactor ? (
            <CodeStep onVerified={() => void check()} />
          ) : (
            <FactorEnrolment
              intro={
                <p>
                  Staff sign in with a password and a code from an authenticator app on their phone, so that a stolen password alone opens
                  nothing. Set one up now; from then on the admin asks for its code after your password.
                </p>
              }
              onEnrolled={() => void check()}
            />
          )}
        </div>
      </Suspense>
    );
  }

  return (
    <Suspense fallback={<p className="admin-guard" role="status">Loading...</p>}>
      <Workspace selfId={auth.userId} role={auth.role} />
    </Suspense>
  );
}
