// Pages for signed-in visitors that have nothing to show anyone else (/visa-form) send a visitor
// to /login, with the page as `next` so they come back after logging in. Two places decide it:
// - before anything paints, an inline script in the page's head (`sendToLoginWithoutSession`):
//   with no session stored in this browser, the visitor cannot be signed in, so they go at once
//   and download no React or supabase-js just to be sent away;
// - the page's island, when a stored session turns out to be expired or revoked (`loginHref`).

/** Where a signed-out visitor logs in, coming back to this page with the same query. */
export function loginHref(location: { pathname: string; search: string }): string {
  return `/login?next=${encodeURIComponent(location.pathname + location.search)}`;
}

/**
 * Inlined as source text (src/lib/inline-script.ts), so it uses nothing from outside its body: the
 * address it builds is `loginHref`'s, which a unit test keeps equal.
 */
export function sendToLoginWithoutSession(storageKey: string): void {
  let stored = false;
  try {
    stored = Boolean(window.localStorage.getItem(storageKey));
  } catch {
    // Blocked storage: supabase-js could not have stored a session either.
  }
  if (!stored) window.location.replace(`/login?next=${encodeURIComponent(location.pathname + location.search)}`);
}
