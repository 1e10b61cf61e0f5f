// The unsubscribe function's settings: the project's API, the public key it calls the API with,
// and the site its answers lead to. The key is the legacy anon key (SUPABASE_ANON_KEY) while the
// project has one, else its publishable key (SUPABASE_PUBLISHABLE_KEYS, a JSON object of named
// keys: `default`, or the first): Supabase is switching legacy keys off, and a project without them
// injects only the newer ones. The key goes in `apikey` only: a publishable key is not a JWT, so it
// cannot be a bearer token; with no Authorization header the API gateway runs the call as `anon`.
import * as z from 'zod';
import { type Env, httpUrl, Misconfigured, namedKeys, readSettings } from '../_shared/settings.ts';
import type { UnsubscribeEnv } from './handler.ts';

const settingsSchema = z.object({
  SUPABASE_URL: httpUrl(),
  SUPABASE_ANON_KEY: z.string().min(20, { error: 'the anon key' }).optional(),
  SUPABASE_PUBLISHABLE_KEYS: namedKeys('a JSON object of publishable keys').optional(),
  SITE_URL: httpUrl(),
});

/** Reads the settings; throws Misconfigured naming each missing or malformed variable. */
export function readUnsubscribeSettings(env: Env): UnsubscribeEnv {
  const settings = readSettings(settingsSchema, env);
  const publishable = settings.SUPABASE_PUBLISHABLE_KEYS ?? {};
  const apiKey = settings.SUPABASE_ANON_KEY ?? publishable['default'] ?? Object.values(publishable)[0];
  if (!apiKey) throw new Misconfigured(['SUPABASE_ANON_KEY and SUPABASE_PUBLISHABLE_KEYS are not set; one of them must hold a public key of the project.']);
  return { supabaseUrl: settings.SUPABASE_URL, apiKey, siteUrl: settings.SITE_URL };
}
