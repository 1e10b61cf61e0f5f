// The one way the browser gets the site's supabase-js client. supabase-js is imported on first
// use (a dynamic import), so pages without forms or accounts never download it, and the client is
// created once.
import type { SiteClient } from './database.ts';

let loading: Promise<SiteClient> | undefined;
let client: SiteClient | undefined;

/** The site's client, loaded and created on the first call. */
export function loadSupabase(): Promise<SiteClient> {
  if (!loading) {
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

/**
 * The client loadSupabase created, for code that runs only once it has (the admin dashboard,
 * shown after the auth store has settled). Throws when called before.
 */
export function getSupabase(): SiteClient {
  if (!client) throw new Error('getSupabase() was called before loadSupabase() had created the client.');
  return client;
}
