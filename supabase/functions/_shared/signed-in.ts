// What makes a function the site's signed-in visitor calls (export-my-data, delete-my-account): the
// browser calls it from the site's origin (CORS, answered here: hosted functions answer their own
// preflight), with the visitor's access token as its bearer token. The token is checked by the
// project's Auth server (GET /auth/v1/user), not only by its signature, so a forged token, an
// expired one and one of an account that no longer exists are all refused with 401. Deployed with
// verify_jwt = false (supabase/config.toml): the gateway would refuse the preflight, which carries
// no token.
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';
import * as z from 'zod';
import type { Database } from './client.ts';
import { readProject } from './project.ts';
import { json } from './respond.ts';
import { type Env, httpUrl, Misconfigured, namedKeys, readSettings } from './settings.ts';

/** The project as a signed-in caller's function needs it. */
export interface UserProject {
  url: string;
  /** The project's public key (anon, or publishable): what a request as the caller is sent with. */
  publicKey: string;
  /** The service key, for what the caller's own rights cannot reach (each use says why). */
  serviceKey: string;
}

const schema = z.object({
  SUPABASE_URL: httpUrl(),
  SUPABASE_ANON_KEY: z.string().min(20, { error: 'the anon key' }).optional(),
  SUPABASE_PUBLISHABLE_KEYS: namedKeys('a JSON object of publishable keys').optional(),
});

/** Reads the project's URL and keys; throws Misconfigured when one is missing or malformed. */
export function readUserProject(env: Env): UserProject {
  const settings = readSettings(schema, env);
  const publishable = settings.SUPABASE_PUBLISHABLE_KEYS ?? {};
  const publicKey = settings.SUPABASE_ANON_KEY ?? publishable['default'] ?? Object.values(publishable)[0];
  if (!publicKey) throw new Misconfigured(['SUPABASE_ANON_KEY and SUPABASE_PUBLISHABLE_KEYS are not set; one of them must hold a public key of the project.']);
  return { url: settings.SUPABASE_URL, publicKey, serviceKey: readProject(env).serviceKey };
}

/** Any origin may call: the permission is the bearer token, never a cookie. */
export const CORS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'authorization, apikey, content-type, x-client-info',
  'access-control-expose-headers': 'content-disposition, content-length',
  'access-control-max-age': '600',
};

/** A JSON answer with the CORS headers. */
export function answer(status: number, body: unknown): Response {
  return json(status, body, CORS);
}

/** A client of the project, typed with the generated `Database`. */
export type ProjectClient = SupabaseClient<Database>;

const NO_SESSION = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } as const;

/** A client that makes every request as the caller (their token): row-level security decides what it reads. */
export function callerClient(project: UserProject, token: string): ProjectClient {
  return createClient<Database>(project.url, project.publicKey, { auth: NO_SESSION, global: { headers: { authorization: `Bearer ${token}` } } });
}

/** A client with the project's public key alone (signing in to check a password). */
export function publicClient(project: UserProject): ProjectClient {
  return createClient<Database>(project.url, project.publicKey, { auth: NO_SESSION });
}

/** A client with the service key. */
export function serviceClient(project: UserProject): ProjectClient {
  return createClient<Database>(project.url, project.serviceKey, { auth: NO_SESSION });
}

/** The signed-in caller, or the refusal to answer. */
export type Caller = { user: User; token: string } | { refusal: Response };

const TOKEN = /^Bearer\s+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)\s*$/i;

/**
 * The account the request's access token belongs to, as the Auth server says: 401 without a token
 * or with one it refuses; 403 for an anonymous sign-in (the booking form's), which has no data of
 * its own. A key of the project is no user's token: refused the same way.
 */
export async function signedInCaller(req: Request, project: UserProject): Promise<Caller> {
  const token = TOKEN.exec(req.headers.get('authorization') ?? '')?.[1];
  if (!token) return { refusal: answer(401, { error: 'not_signed_in', message: 'Sign in first: this needs your session.' }) };
  const { data, error } = await publicClient(project).auth.getUser(token);
  if (error || !data.user) {
    // The Auth server unreachable is no refusal of the caller.
    // (No status: the request never reached it.)
    if (error && ((error.status ?? 0) === 0 || (error.status ?? 0) >= 500)) return { refusal: answer(502, { error: 'auth_unavailable', message: 'Your session could not be checked now. Please try again.' }) };
    return { refusal: answer(401, { error: 'not_signed_in', message: 'Your session has ended. Sign in again.' }) };
  }
  if (data.user.is_anonymous) return { refusal: answer(403, { error: 'no_account', message: 'This needs an account.' }) };
  return { user: data.user, token };
}
