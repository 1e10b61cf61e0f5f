// The Edge Function that removes a staff member's lost second factor (handler.ts), called from
// the admin's users list with the admin's token. Deployed with verify_jwt = false
// (supabase/config.toml): the handler checks the token through the database, as a publishable
// key is no JWT for the gateway to verify.
import { misconfigured } from '../_shared/respond.ts';
import { Misconfigured } from '../_shared/settings.ts';
import { handleRemoveFactor, type RemoveFactorEnv } from './handler.ts';
import { readRemoveFactorSettings } from './settings.ts';

Deno.serve((req) => {
  let settings: RemoveFactorEnv;
  try {
    settings = readRemoveFactorSettings((name) => Deno.env.get(name));
  } catch (error) {
    if (error instanceof Misconfigured) return misconfigured('remove-factor', error.problems);
    throw error;
  }
  return handleRemoveFactor(req, settings);
});
