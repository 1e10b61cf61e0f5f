// The site's supabase-js settings and how its one client is made. Only src/lib/supabase-loader.ts
// imports this module in the browser, on demand, so pages without forms or accounts never download
// supabase-js (the documents' uploader reads the settings too, and loads only after the loader);
// the loader also decides when the client may be created (after the email link is read).
// The settings are in supabase-settings.ts.
import { createClient } from '@supabase/supabase-js';
import { SUPABASE_STORAGE_KEY } from './stored-session.ts';
import type { Database, SiteClient } from './database.ts';
import { siteSupabaseSettings } from './supabase-settings.ts';

export { SUPABASE_STORAGE_KEY };
export { LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_URL, readSupabaseSettings, siteSupabaseSettings } from './supabase-settings.ts';

/**
 * Creates the site's supabase-js client from PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY.
 * Call it through loadSupabase (supabase-loader.ts) only: the client reads and clears the email
 * link in the address bar as it starts.
 */
export function createSiteClient(): SiteClient {
  const { url, anonKey } = siteSupabaseSettings();
  return createClient<Database>(url, anonKey, {
    auth: {
      storageKey: SUPABASE_STORAGE_KEY,
      persistSession: true,
      autoRefreshToken: true,
      // Email links carry a token the page spends with verifyOtp on a press (auth/link.ts), never a
      // session in the address bar.
      detectSessionInUrl: false,
      flowType: 'implicit',
    },
  });
}

/**
 * A client of its own whose session lives in memory only, for one submission: the booking form's
 * anonymous sign-in (where a CAPTCHA is required, src/lib/forms/store-booking.ts) never becomes
 * the site's signed-in visitor, nor replaces a signed-in user's session.
 */
export function createSubmissionClient(): SiteClient {
  const { url, anonKey } = siteSupabaseSettings();
  return createClient<Database>(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}
