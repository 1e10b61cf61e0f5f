// The one store of who the visitor is: loading, signed out, or signed in with their profile row and
// role. supabase-js's onAuthStateChange feeds it; islands and the nav read it and never call
// supabase-js auth themselves. The role always comes from the profiles table (row-level security
// decides what the caller may read), never from anything the browser could set.
import { atom } from 'nanostores';
import type { MaritalStatus } from '../domain.ts';
import { authStatus } from './status.ts';

export type Role = 'user' | 'admin';

/** A row of public.profiles as its owner (or an admin) reads it. Every detail may be missing. */
export interface Profile {
  id: string;
  full_name: string | null;
  age: number | null;
  address: string | null;
  country: string | null;
  occupation: string | null;
  phone: string | null;
  marital_status: MaritalStatus | null;
  email: string | null;
  role: Role;
  created_at: string;
}

export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | {
      status: 'signed-in';
      userId: string;
      email: string;
      /** The profile row; null while it loads or when it could not be read (see profileError). */
      profile: Profile | null;
      /** From the profile row; null until it is known. */
      role: Role | null;
      /** True when reading the profile (and so the role) failed. */
      profileError: boolean;
    };

/** The visitor's authentication state, with profile and role once they are known. */
export const authState = atom<AuthState>({ status: 'loading' });

// The coarse status (loading / signed-out / signed-in) that the loading overlay's gate reads.
authState.subscribe((state) => authStatus.set(state.status));

/** Columns the islands read from public.profiles. */
const PROFILE_COLUMNS = 'id, full_name, age, address, country, occupation, phone, marital_status, email, role, created_at';

let started: Promise<void> | undefined;

/**
 * Starts following the session (once per page): loads supabase-js, settles the store from the
 * stored session and keeps it current on every sign-in, sign-out and token refresh.
 */
export function startAuth(): Promise<void> {
  started ??= (async () => {
    // Imported on demand so pages that never ask about the visitor never download supabase-js.
    const { getSupabase } = await import('../supabase.ts');
    const supabase = getSupabase();
    supabase.auth.onAuthStateChange((_event, session) => {
      if (!session) {
        authState.set({ status: 'signed-out' });
        return;
      }
      const current = authState.get();
      const sameUser = current.status === 'signed-in' && current.userId === session.user.id;
      authState.set(
        sameUser
          ? { ...current, email: session.user.email ?? current.email }
          : { status: 'signed-in', userId: session.user.id, email: session.user.email ?? '', profile: null, role: null, profileError: false },
      );
      // supabase-js holds a lock while this callback runs: a query awaited here would deadlock,
      // so the profile is read just after it returns.
      if (!sameUser) setTimeout(() => void refreshProfile(), 0);
    });
  })().catch(() => {
    // No client (bad configuration, offline chunk load): treat the visitor as signed out.
    authState.set({ status: 'signed-out' });
  });
  return started;
}

/** Reads the signed-in user's profile row again (after a profile edit, or to retry a failure). */
export async function refreshProfile(): Promise<void> {
  const current = authState.get();
  if (current.status !== 'signed-in') return;
  const { getSupabase } = await import('../supabase.ts');
  const { data, error } = await getSupabase().from('profiles').select(PROFILE_COLUMNS).eq('id', current.userId).maybeSingle<Profile>();
  const latest = authState.get();
  // The visitor may have signed out or switched accounts while the query ran.
  if (latest.status !== 'signed-in' || latest.userId !== current.userId) return;
  authState.set(
    error
      ? { ...latest, profile: null, role: null, profileError: true }
      : { ...latest, profile: data, role: data?.role ?? 'user', profileError: false },
  );
}

/** Signs out everywhere this browser is signed in; the store turns 'signed-out' through the listener. */
export async function signOut(): Promise<void> {
  const { getSupabase } = await import('../supabase.ts');
  const { error } = await getSupabase().auth.signOut();
  // supabase-js clears the stored session even when the server could not be reached.
  if (error) authState.set({ status: 'signed-out' });
}
