// What a page can know about the visitor without loading supabase-js: whether a session is stored
// in this browser. The nav's `client:session` directive (src/integrations/client-directives/) reads it
// to decide whether to download React and supabase-js at all, and the inline scripts before first
// paint (src/page-scripts/inline/) read it too, so this module must stay tiny and free of imports.

/** Where supabase-js keeps the session in localStorage; named for the site so no other project on the host shares it. */
export const SUPABASE_STORAGE_KEY = 'bridgeway-visa-auth';

/** Dispatched on `window` by the auth store when the visitor signs in on the current page. */
export const SIGNED_IN_EVENT = 'bridgeway:signed-in';

/** True when a session is stored (it may have expired: supabase-js refreshes or drops it). */
export function hasStoredSession(): boolean {
  try {
    // Read inside the try: where storage is blocked, merely reading `localStorage` throws.
    return Boolean(localStorage.getItem(SUPABASE_STORAGE_KEY));
  } catch {
    // Storage can be blocked (privacy settings): supabase-js could not have stored a session either.
    return false;
  }
}

/**
 * Set on <html> when a session is stored (by the first inline script of <body>, before the header
 * is parsed) or the visitor signs in on the page: the header keeps its static Login / SignUp
 * dropdown unseen while the account menu's island loads (its code comes after first paint).
 */
export const SESSION_ATTRIBUTE = 'data-session';

/** Marks the page as one whose visitor may be signed in (see SESSION_ATTRIBUTE). */
export function markSession(): void {
  document.documentElement.setAttribute(SESSION_ATTRIBUTE, '');
}
