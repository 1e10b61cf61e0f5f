// The one-click unsubscribe Edge Function (handler.ts). Deployed with verify_jwt = false
// (supabase/config.toml): mail clients post without a key. SUPABASE_URL and the project's public
// key (SUPABASE_ANON_KEY, or SUPABASE_PUBLISHABLE_KEYS once legacy keys are off) are set by
// Supabase; SITE_URL is a secret (`supabase secrets set SITE_URL=https://www.bridgewayvisa.com`).
import { misconfigured } from '../_shared/respond.ts';
import { Misconfigured } from '../_shared/settings.ts';
import { handleUnsubscribe, type UnsubscribeEnv } from './handler.ts';
import { readUnsubscribeSettings } from './settings.ts';

Deno.serve((req) => {
  let settings: UnsubscribeEnv;
  try {
    settings = readUnsubscribeSettings((name) => Deno.env.get(name));
  } catch (error) {
    if (error instanceof Misconfigured) return misconfigured('unsubscribe', error.problems);
    throw error;
  }
  return handleUnsubscribe(req, settings);
});
