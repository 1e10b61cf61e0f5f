// Pages for signed-in visitors that have nothing to show anyone else (/visa-form) send a visitor
// to /login, with the page as `next` so they come back after logging in. Two places decide it, both
// with `loginHref`:
// - before anything paints, an inline script in the page's head (`sendToLoginWithoutSession`,
//   inlined from src/page-scripts/inline/send-to-login.ts): with no session stored in this browser, the
//   visitor cannot be signed in, so they go at once and download no React or supabase-js just to be
//   sent away;
// - the page's island, when a stored session turns out to be expired or revoked.
import { hasStoredSession } from '../lib/stored-session.ts';

/** Where a signed-out visitor logs in, coming back to this page with the same query. */
export function loginHref(location: { pathname: string; search: string }): string {
  return `/login?next=${encodeURIComponent(location.pathname + location.search)}`;
}

/** Sends the visitor to log in at once when no session is stored in this browser. */
export function sendToLoginWithoutSession(): void {
  if (!hasStoredSession()) window.location.replace(loginHref(window.location));
}
