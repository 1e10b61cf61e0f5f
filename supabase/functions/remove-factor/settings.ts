// The remove-factor function's settings: the project's API, a public key to call it as the
// signed-in admin (the anon key, else a publishable key), and the secret key the Auth admin API
// takes (_shared/project.ts). Supabase injects all of them into every function.
import * as z from 'zod';
import { readProject } from '../_shared/project.ts';
import { type Env, Misconfigured, namedKeys, readSettings } from '../_shared/settings.ts';

export interface RemoveFactorEnv {
  supabaseUrl: string;
  /** A public key, sent as `apikey` with the admin's own token. */
  publicKey: string;
  /** The key of the Auth admin API. */
  serviceKey: string;
}

const keysSchema = z.object({
  SUPABASE_ANON_KEY: z.string().min(20, { error: 'the anon key' }).optional(),
  SUPABASE_PUBLISHABLE_KEYS: namedKeys('a JSON object of publishable keys').optional(),
});

/** Reads the settings; throws Misconfigured naming each missing or malformed variable. */
export function readRemoveFactorSettings(env: Env): RemoveFactorEnv {
  const project = readProject(env);
  const keys = readSettings(keysSchema, env);
  const publishable = keys.SUPABASE_PUBLISHABLE_KEYS ?? {};
  const publicKey = keys.SUPABASE_ANON_KEY ?? publishable['default'] ?? Object.values(publishable)[0];
  if (!publicKey) throw new Misconfigured(['SUPABASE_ANON_KEY and SUPABASE_PUBLISHABLE_KEYS are not set; one of them must hold a public key of the project.']);
  return { supabaseUrl: project.url, publicKey, serviceKey: project.serviceKey };
}
