// /profile: the signed-in user's details ('Not Provided' for a missing value, 'User' for a missing
// name; 'Loading your profile…' until the row has been read), an editor for their own fields (never
// email or role), and their visa applications. A visitor who is not logged in is asked to log in
// and brought back here afterwards. Below them, the account's rights (download everything held
// about it, and delete it: AccountRights) and its authenticator apps (SecondFactorSettings), both
// loaded on demand like the applications.
import './account.css';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { RIGHTS_TEXTS } from '../../lib/account-rights.ts';
import { authState, refreshProfile, signOut, startAuth, type Profile } from '../../lib/auth/store.ts';
import { loginHref } from '../../page-scripts/login-redirect.ts';
import AccountNote from './AccountNote.tsx';
import ProfileEditor from './ProfileEditor.tsx';
import { useHydrated } from './use-hydrated.ts';

// The applications (cards, checklists, history) load only for a signed-in visitor: a signed-out
// one, asked to log in, downloads none of their code. Asked for as soon as a session is known,
// beside the profile's own request.
const loadApplications = () => import('./MyApplications.tsx');
const MyApplications = lazy(loadApplications);
const AccountRights = lazy(() => import('./AccountRights.tsx'));
// The second factor's settings likewise (they carry the set-up's forms).
const SecondFactorSettings = lazy(() => import('./SecondFactorSettings.tsx'));

const PROFILE_TEXTS = {
  loggedOut: 'Please log in to view your profile.',
  notProvided: 'Not Provided',
  noName: 'User',
  loadFailed: 'We could not load your profile. Please try again.',
  loading: 'Loading your profile…',
} as const;

/** What the details list shows, in order: label and the value read from the profile row. */
const DETAILS: { label: string; value: (p: Profile | null, email: string) => string | number | null | undefined }[] = [
  { label: 'Email', value: (p, email) => p?.email ?? email },
  { label: 'Age', value: (p) => p?.age },
  { label: 'Address', value: (p) => p?.address },
  { label: 'Country', value: (p) => p?.country },
  { label: 'Occupation', value: (p) => p?.occupation },
  { label: 'Phone', value: (p) => p?.phone },
  { label: 'Marital status', value: (p) => p?.marital_status },
];

const shown = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? PROFILE_TEXTS.notProvided : String(value);

export default function ProfilePage() {
  const hydrated = useHydrated();
  const state = useStore(authState);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState('');
  // Set once the account is deleted: the page then says so rather than asking to log in.
  const [deleted, setDeleted] = useState(false);

  useEffect(() => {
    void startAuth();
  }, []);
  const signedIn = state.status === 'signed-in';
  useEffect(() => {
    if (signedIn) void loadApplications();
  }, [signedIn]);

  // The account's rights and its authenticator apps, below the applications once they have
  // settled (MyApplications), in the applications' column: their arrival moves nothing already shown.
  const rights = (
    <Suspense fallback={null}>
      <AccountRights
        onDeleted={() => {
          setDeleted(true);
          // The server ended every session; this forgets the browser's copy.
          void signOut();
        }}
      />
      <SecondFactorSettings />
    </Suspense>
  );

  // The loading overlay (src/page-scripts/auth-gate.ts) covers this state after a short delay.
  if (!hydrated || state.status === 'loading') return null;

  if (deleted) return <AccountNote tone="success" message={RIGHTS_TEXTS.deleted} />;

  if (state.status === 'signed-out') {
    return (
      <AccountNote tone="plain" message={PROFILE_TEXTS.loggedOut}>
        <p>
          <a className="form-submit" href={loginHref(window.location)}>
            Log in
          </a>
        </p>
      </AccountNote>
    );
  }

  if (state.profileError) {
    return (
      <AccountNote tone="error" message={PROFILE_TEXTS.loadFailed}>
        <button type="button" className="form-submit" onClick={() => void refreshProfile()}>
          Try again
        </button>
      </AccountNote>
    );
  }

  const profile = state.profile;
  // Signed in, but the profile row is still on its way (the role is known once it has been read):
  // its details would read 'Not Provided' and 'User' for a moment, then move as the real values
  // came (a layout shift, and a false statement). The applications load meanwhile.
  // The section keeps the details' height (account.css): the applications beside it (on a wide
  // screen) stay where they are when the details come, and below it (on a phone) move by a few
  // pixels at most.
  if (state.role === null) {
    return (
      <div className="profile">
        <section className="profile__section profile__section--loading" aria-label="Your details">
          <AccountNote tone="progress" message={PROFILE_TEXTS.loading} />
        </section>
        <Applications userId={state.userId} after={rights} />
      </div>
    );
  }
  return (
    <div className="profile">
      <section aria-labelledby="profile-details-title" className="profile__section">
        <h2 id="profile-details-title">{profile?.full_name || PROFILE_TEXTS.noName}</h2>
        {editing && profile ? (
          <ProfileEditor
            profile={profile}
            onDone={(message) => {
              setEditing(false);
              setSaved(message);
            }}
          />
        ) : (
          <>
            <dl className="profile__details">
              <div>
                <dt>Full name</dt>
                <dd>{shown(profile?.full_name)}</dd>
              </div>
              {DETAILS.map((detail) => (
                <div key={detail.label}>
                  <dt>{detail.label}</dt>
                  <dd>{shown(detail.value(profile, state.email))}</dd>
                </div>
              ))}
            </dl>
            <div role="status" className={`form-message${saved ? ' form-message--success' : ''}`}>
              {saved}
            </div>
            <button
              type="button"
              className="form-submit"
              disabled={!profile}
              onClick={() => {
                setSaved('');
                setEditing(true);
              }}
            >
              Edit Profile
            </button>
          </>
        )}
      </section>
      <Applications userId={state.userId} after={rights} />
    </div>
  );
}

/** The visitor's applications, whose code loads on demand. */
function Applications({ userId, after }: { userId: string; after: ReactNode }) {
  return (
    <div className="profile__column">
      <Suspense fallback={<p role="status">Loading your applications…</p>}>
        <MyApplications userId={userId} after={after} />
      </Suspense>
    </div>
  );
}
