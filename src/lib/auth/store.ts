// The one store of who the visitor is: loading, signed out, or signed in with their profile row and
// role. supabase-js's onAuthStateChange feeds it; islands, the nav and the auth gate read it and
// never call supabase-js auth themselves (src/lib/auth/actions.ts holds the few calls the account
// forms make). The role always comes from the profiles table (row-level security decides what the
// caller may read), never from anything the browser could set.
import { atom, computed } from 'nanostores';
import type { SiteClient, Tables } from '../database.ts';
import { MARITAL_STATUSES, USER_ROLES, type MaritalStatus, type UserRole } from '../../../common/domain.ts';
import { loadSupabase, whenSupabaseCreated } from '../supabase-loader.ts';
import { hasStoredSession, SIGNED_IN_EVENT, SUPABASE_STORAGE_KEY } from '../stored-session.ts';

export type Role = UserRole;

type ProfileRow = Pick<
  Tables<'profiles'>,
  'id' | 'full_name' | 'age' | 'address' | 'country' | 'occupation' | 'phone' | 'marital_status' | 'email' | 'role' | 'created_at'
>;

/**
 * A row of public.profiles as its owner (or an admin) reads it. Every detail may be missing. Its
 * role and marital status are text limited by check constraints, which the generated types see
 * as string: toProfile narrows them to the values those constraints allow.
 */
export type Profile = Omit<ProfileRow, 'marital_status' | 'role'> & { marital_status: MaritalStatus | null; role: Role };

function toProfile(row: ProfileRow): Profile {
  return { ...row, role: USER_ROLES.find((role) => role === row.role) ?? 'user', marital_status: MARITAL_STATUSES.find((status) => status === row.marital_status) ?? null };
}

export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | {
      status: 'signed-in';
      userId: string;
      email: string;
      /** The profile row; null while it loads (role is null then too), when there is none, or when it could not be read (see profileError). */
      profile: Profile | null;
      /** From the profile row; null until it is known. */
      role: Role | null;
      /** True when reading the profile (and so the role) failed. */
      profileError: boolean;
    };

/** Still finding out, known to be signed out, or known to be signed in. */
type AuthStatus = AuthState['status'];

/** The visitor's authentication state, with profile and role once they are known. */
export const authState = atom<AuthState>({ status: 'loading' });

/** The coarse status alone (what the loading overlay's gate waits for). */
export const authStatus = computed(authState, (state): AuthStatus => state.status);

/** How long to wait for supabase-js before treating the visitor as signed out, so no page waits for ever. */
export const AUTH_RESOLVE_TIMEOUT_MS = 5000;

/** Columns the islands read from public.profiles. */
const PROFILE_COLUMNS = 'id, full_name, age, address, country, occupation, phone, marital_status, email, role, created_at';

let started: Promise<void> | undefined;
let following: Promise<void> | undefined;

/**
 * Starts following the session (once per page load; idempotent). With no session stored in this
 * browser the visitor is signed out, and the store says so at once, without loading supabase-js
 * (whose start is the longest task of a signed-out account page's): it follows the session from
 * the moment something on the page loads the client (a login, an email link's press) or another
 * tab stores a session. With a stored session it loads supabase-js, which checks it, refreshes or
 * drops it. Either way every later sign-in (an email link's included: actions.ts,
 * verifyEmailLink), sign-out and token refresh reaches the store.
 */
export function startAuth(): Promise<void> {
  started ??= hasStoredSession() ? followSession() : settleSignedOut();
  return started;
}

/** No stored session: signed out now; the session is followed once the client exists or another tab signs in. */
async function settleSignedOut(): Promise<void> {
  authState.set({ status: 'signed-out' });
  // At once when the client is created, before the call that loaded it (a login) goes on.
  whenSupabaseCreated((supabase) => {
    following ??= Promise.resolve(listen(supabase));
  });
  if (typeof window === 'undefined') return;
  const signedInElsewhere = (event: StorageEvent) => {
    if (event.key !== SUPABASE_STORAGE_KEY || !event.newValue) return;
    window.removeEventListener('storage', signedInElsewhere);
    void followSession();
  };
  window.addEventListener('storage', signedInElsewhere);
}

/**
 * Loads supabase-js and keeps the store current from its events. Settles as signed out when
 * supabase-js cannot be loaded or does not answer within AUTH_RESOLVE_TIMEOUT_MS; a later event
 * still corrects it.
 */
function followSession(): Promise<void> {
  following ??= (async () => {
    const loading = loadSupabase();
    const timer = setTimeout(() => {
      if (authState.get().status === 'loading') authState.set({ status: 'signed-out' });
    }, AUTH_RESOLVE_TIMEOUT_MS);
    try {
      listen(await loading, timer);
    } catch {
      // No client (bad configuration, the chunk failed to load offline): treat the visitor as signed out.
      clearTimeout(timer);
      authState.set({ status: 'signed-out' });
    }
  })();
  return following;
}

/** Keeps the store current from supabase-js's auth events (the first one says the session it has). */
function listen(supabase: SiteClient, timer?: ReturnType<typeof setTimeout>): void {
  supabase.auth.onAuthStateChange((_event, session) => {
    clearTimeout(timer);
    if (!session) {
      authState.set({ status: 'signed-out' });
      return;
    }
    const current = authState.get();
    const sameUser = current.status === 'signed-in' && current.userId === session.user.id;
    if (sameUser) {
      authState.set({ ...current, email: session.user.email ?? current.email });
      return;
    }
    authState.set({ status: 'signed-in', userId: session.user.id, email: session.user.email ?? '', profile: null, role: null, profileError: false });
    // The nav's auth island waits for this when the page loaded without a stored session.
    if (typeof window !== 'undefined') window.dispatchEvent(new Event(SIGNED_IN_EVENT));
    // supabase-js holds a lock while this callback runs: a query awaited here would deadlock,
    // so the profile is read just after it returns.
    setTimeout(() => void refreshProfile(), 0);
  });
}

/** Reads the signed-in user's profile row again (after a profile edit, or to retry a failure). */
export async function refreshProfile(): Promise<void> {
  const current = authState.get();
  if (current.status !== 'signed-in') return;
  let result: { data: Profile | null; error: unknown };
  try {
    const supabase = await loadSupabase();
    const { data, error } = await supabase.from('profiles').select(PROFILE_COLUMNS).eq('id', current.userId).maybeSingle();
    result = { data: data && toProfile(data), error };
  } catch (error) {
    result = { data: null, error };
  }
  const latest = authState.get();
  // The visitor may have signed out or switched accounts while the query ran.
  if (latest.status !== 'signed-in' || latest.userId !== current.userId) return;
  authState.set(
    result.error
      ? { ...latest, profile: null, role: null, profileError: true }
      : { ...latest, profile: result.data, role: result.data?.role ?? 'user', profileError: false },
  );
}

/**
 * Signs this browser out (scope 'local': the user's other devices stay signed in). The store turns
 * 'signed-out' through the listener; supabase-js clears the stored session even when the server
 * cannot be reached, so the store follows in that case too.
 */
export async function signOut(): Promise<void> {
  try {
    const supabase = await loadSupabase();
    const { error } = await supabase.auth.signOut({ scope: 'local' });
    if (error) authState.set({ status: 'signed-out' });
  } catch {
    authState.set({ status: 'signed-out' });
  }
}
