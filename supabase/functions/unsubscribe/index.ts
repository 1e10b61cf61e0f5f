// The one-click unsubscribe Edge Function (handler.ts). Deployed with verify_jwt = false
// (supabase/config.toml): mail clients post without a key. SUPABASE_URL and SUPABASE_ANON_KEY are
// set by Supabase; SITE_URL is a secret (`supabase secrets set SITE_URL=https://www.bridgewayvisa.com`).
import * as z from 'npm:zod@^4.6.7';
import { misconfigured } from '../_shared/respond.ts';
import { httpUrl, Misconfigured, readSettings } from '../_shared/settings.ts';
import { handleUnsubscribe } from './handler.ts';

const settingsSchema = z.object({
  SUPABASE_URL: httpUrl(),
  SUPABASE_ANON_KEY: z.string().min(20, { error: 'the anon key' }),
  SITE_URL: httpUrl(),
});

Deno.serve((req) => {
  let settings: z.output<typeof settingsSchema>;
  try {
    settings = readSettings(settingsSchema, (name) => Deno.env.get(name));
  } catch (error) {
    if (error instanceof Misconfigured) return misconfigured('unsubscribe', error.problems);
    throw error;
  }
  return handleUnsubscribe(req, { supabaseUrl: settings.SUPABASE_URL, apiKey: settings.SUPABASE_ANON_KEY, siteUrl: settings.SITE_URL });
});
