// The one way the browser gets the site's supabase-js client. supabase-js is imported on first
// use (a dynamic import), so pages without forms or accounts never download it, and the client is
// created once. Creating it has a side effect the pages depend on: supabase-js reads an email
// link's fragment (`#access_token=…` or `#error=…`) from the address bar, turns it into a session
// and clears it. So the loader reads that link first, synchronously, before anything is imported
// or created; the verify and set-password pages then say what the link did from `emailLink()`,
// whichever island happened to load the client first.
import type { SiteClient } from './database.ts';
import { readAuthLink, type AuthLink } from './auth/link.ts';

let link: AuthLink | null = null;
let loading: Promise<SiteClient> | undefined;
let client: SiteClient | undefined;

/** The site's client, loaded and created on the first call (the email link is read before). */
export function loadSupabase(): Promise<SiteClient> {
  if (!loading) {
    link = typeof window === 'undefined' ? null : readAuthLink(window.location.hash);
    loading = import('./supabase.ts').then(
      ({ createSiteClient }) => (client = createSiteClient()),
      (error: unknown) => {
        // Offline, the chunk fails to load: the next call tries again rather than failing for ever.
        loading = undefined;
        throw error;
      },
    );
  }
  return loading;
}

/** The email link the page was opened with, as read before the client cleared it; null when none. */
export function emailLink(): AuthLink | null {
  return link;
}

/**
 * The client loadSupabase created, for code that runs only once it has (the admin dashboard,
 * shown after the auth store has settled). Throws when called before.
 */
export function getSupabase(): SiteClient {
  if (!client) throw new Error('getSupabase() was called before loadSupabase() had created the client.');
  return client;
}
