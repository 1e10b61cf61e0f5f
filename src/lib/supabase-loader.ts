// The one way the browser gets the site's supabase-js client. supabase-js is imported on first
// use (a dynamic import), so pages without forms or accounts never download it, and the client is
// created once.
import type { SiteClient } from './database.ts';

let loading: Promise<SiteClient> | undefined;
let client: SiteClient | undefined;
const createdListeners: ((client: SiteClient) => void)[] = [];

/** The site's client, loaded and created on the first call. */
export function loadSupabase(): Promise<SiteClient> {
  if (!loading) {
    loading = import('./supabase.ts').then(
      ({ createSiteClient }) => {
        client = createSiteClient();
        for (const listener of createdListeners.splice(0)) listener(client);
        return client;
      },
      (error: unknown) => {
        // Offline, the chunk fails to load: the next call tries again rather than failing for ever.
        loading = undefined;
        throw error;
      },
    );
  }
  return loading;
}

/** A new client with its session in memory only (supabase.ts createSubmissionClient), loading supabase-js if needed. */
export async function loadSubmissionClient(): Promise<SiteClient> {
  const { createSubmissionClient } = await import('./supabase.ts');
  return createSubmissionClient();
}

/**
 * Calls `listener` once the client exists (at once if it does), without loading supabase-js: for
 * the auth store, which follows a sign-in made on a page it did not load supabase-js for.
 */
export function whenSupabaseCreated(listener: (client: SiteClient) => void): void {
  if (client) listener(client);
  else createdListeners.push(listener);
}

/**
 * The client loadSupabase created, for code that runs only once it has (the admin dashboard,
 * shown after the auth store has settled). Throws when called before.
 */
export function getSupabase(): SiteClient {
  if (!client) throw new Error('getSupabase() was called before loadSupabase() had created the client.');
  return client;
}
