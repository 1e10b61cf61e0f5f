// Settles `authStatus` from the stored session. Pages with an auth gate call it; an account island
// that listens to onAuthStateChange may set the store first, in which case this changes nothing.
import { authStatus, type AuthStatus } from './status.ts';

/** The part of a supabase-js client the resolver reads. */
export interface SessionReader {
  auth: { getSession(): Promise<{ data: { session: unknown } }> };
}

/** How long to wait for the backend before treating the visitor as signed out. */
export const AUTH_RESOLVE_TIMEOUT_MS = 5000;

/**
 * Reads the session through `loadClient` and sets the store to 'signed-in' or 'signed-out'. An
 * error, or no answer within `timeoutMs`, counts as signed out so no page waits for ever.
 */
export async function resolveAuthStatus(
  loadClient: () => Promise<SessionReader>,
  timeoutMs: number = AUTH_RESOLVE_TIMEOUT_MS,
): Promise<AuthStatus> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<AuthStatus>((resolve) => {
    timer = setTimeout(() => resolve('signed-out'), timeoutMs);
  });
  const lookup = (async (): Promise<AuthStatus> => {
    const client = await loadClient();
    const { data } = await client.auth.getSession();
    return data.session ? 'signed-in' : 'signed-out';
  })().catch((): AuthStatus => 'signed-out');
  const status = await Promise.race([lookup, timeout]);
  clearTimeout(timer);
  // An island may already have settled the store from a fresher event; only fill a gap.
  if (authStatus.get() === 'loading') authStatus.set(status);
  return authStatus.get();
}

/** Resolves the store with the project's lazily loaded supabase-js client. */
export function resolveAuthStatusFromSupabase(): Promise<AuthStatus> {
  // Imported on demand so pages without an auth gate never download supabase-js.
  return resolveAuthStatus(async () => {
    const { getSupabase } = await import('../supabase.ts');
    return getSupabase();
  });
}
