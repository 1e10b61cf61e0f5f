// The project a queue function works for, from what Supabase injects into every function: its API
// URL and its secret keys. The same keys decide who may call the function (caller.ts) and let it
// claim and complete rows (the queues' RPCs are the service role's only). A project may have the
// legacy service_role key (a JWT), newer secret keys (sb_secret_…, not JWTs), or both.
import * as z from 'zod';
import { type Env, httpUrl, Misconfigured, namedKeys, readSettings } from './settings.ts';

export interface Project {
  /** SUPABASE_URL: the project's API. */
  url: string;
  /** The key the function calls the API with: the service_role key, else the `default` secret key. */
  serviceKey: string;
  /** Every secret key of the project: a caller presenting one of them is the database or its cron job. */
  secretKeys: string[];
}

const projectSchema = z.object({
  SUPABASE_URL: httpUrl(),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(20, { error: 'a service_role key' }).optional(),
  // A JSON object of named keys, e.g. {"default":"sb_secret_…"}.
  SUPABASE_SECRET_KEYS: namedKeys('a JSON object of secret keys').optional(),
});

/** Reads the project's URL and keys; throws Misconfigured when they are missing or malformed. */
export function readProject(env: Env): Project {
  const settings = readSettings(projectSchema, env);
  const secretKeys = Object.values(settings.SUPABASE_SECRET_KEYS ?? {});
  const serviceKey = settings.SUPABASE_SERVICE_ROLE_KEY ?? settings.SUPABASE_SECRET_KEYS?.['default'] ?? secretKeys[0];
  if (!serviceKey) throw new Misconfigured(['SUPABASE_SERVICE_ROLE_KEY and SUPABASE_SECRET_KEYS are not set; one of them must hold a secret key.'], ['SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_SECRET_KEYS']);
  return { url: settings.SUPABASE_URL, serviceKey, secretKeys: [...new Set([serviceKey, ...secretKeys])] };
}
