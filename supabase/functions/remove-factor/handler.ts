// Removes a staff member's lost second factor, for an admin at aal2, as a web-standard Request →
// Response handler (index.ts serves it). POST { user_id, factor_id } with the admin's access
// token as the bearer token:
//   1. the token must say aal2 (read here only to refuse early; the database checks it again);
//   2. public.record_factor_removal, called with the admin's own token, checks in the database
//      that the caller is an admin (and not removing their own factor) and that the factor is the
//      user's, and writes the activity record's factor_removed row;
//   3. only then does the Auth admin API (DELETE /auth/v1/admin/users/{id}/factors/{factorId},
//      with the secret key) remove the factor.
// So no factor is removed here without its row. The Auth server and the database are two
// systems: a removal the Auth server then fails leaves its row, and the answer says it failed.
import { createClient } from '@supabase/supabase-js';
import * as z from 'zod';
import type { Database } from '../_shared/client.ts';
import type { RemoveFactorEnv } from './settings.ts';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, authorization, apikey, x-client-info',
};

const bodySchema = z.object({ user_id: z.uuid(), factor_id: z.uuid() });

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...CORS, 'content-type': 'application/json; charset=utf-8' } });
}

/** The `aal` claim of a JWT's payload, unverified (the API verifies the token on the next call). */
function assuranceOf(token: string): unknown {
  try {
    const payload = token.split('.')[1] ?? '';
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))))?.aal;
  } catch {
    return undefined;
  }
}

/** HTTP status of the database's refusal (PostgREST's mapping of the SQLSTATEs it raises). */
function refusalStatus(code: string | undefined): number {
  if (code === '42501') return 403;
  if (code === 'PT404') return 404;
  if (code === 'P0001' || code === '22P02' || code === '22023') return 400;
  return 502;
}

/** Answers one request. */
export async function handleRemoveFactor(req: Request, env: RemoveFactorEnv): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  if (req.method !== 'POST') return json(405, { message: 'Use POST' });
  const token = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get('authorization') ?? '')?.[1];
  if (!token) return json(401, { message: 'Sign in as an admin first.' });
  if (assuranceOf(token) !== 'aal2') return json(403, { message: 'Enter your authenticator code first: removing a factor needs it.' });
  const body = bodySchema.safeParse(await req.json().catch(() => null));
  if (!body.success) return json(400, { message: 'Name the user (user_id) and the factor (factor_id).' });
  const { user_id: userId, factor_id: factorId } = body.data;

  const asCaller = createClient<Database>(env.supabaseUrl, env.publicKey, {
    global: { headers: { authorization: `Bearer ${token}` } },
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const recorded = await asCaller.rpc('record_factor_removal', { target_user: userId, factor_id: factorId });
  if (recorded.error) {
    const status = refusalStatus(recorded.error.code);
    return json(status, { message: status === 502 ? 'Could not record the removal. Nothing was removed.' : recorded.error.message });
  }

  const admin = createClient<Database>(env.supabaseUrl, env.serviceKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const removed = await admin.auth.admin.mfa.deleteFactor({ userId, id: factorId });
  if (removed.error) {
    console.error(`[remove-factor] the Auth server refused to remove factor ${factorId}: ${removed.error.message}`);
    return json(502, { message: 'The removal was recorded, but the Auth server did not remove the factor. Please try again.' });
  }
  return json(200, { removed: true });
}
