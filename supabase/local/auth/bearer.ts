// The signed-in caller of /auth/v1/user and /logout, checked the way GoTrue's requireAuthentication does.
import type { IncomingMessage } from 'node:http';
import type { Sql } from '../db/open.ts';
import { authError } from '../http-errors.ts';
import { verifyJwt, type JwtClaims } from '../jwt.ts';
import { userById, type UserRow } from './users.ts';

/** The shape of a uuid; anything else never reaches a uuid column. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Caller {
  claims: JwtClaims;
  user: UserRow;
  sessionId: string | null;
}

/** Verifies the Bearer JWT without looking anything up (admin endpoints need only its role). */
export async function bearerClaims(req: IncomingMessage, secret: string): Promise<JwtClaims> {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (!m) throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const result = await verifyJwt(m[1]!, secret);
  if ('error' in result) {
    throw authError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${result.error.detail}`);
  }
  return result.claims;
}

/** The user and session named by the Bearer JWT; 401/403 with GoTrue's codes otherwise. */
export async function requireCaller(sql: Sql, req: IncomingMessage, secret: string): Promise<Caller> {
  const claims = await bearerClaims(req, secret);
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (!UUID.test(sub)) {
    throw authError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  }
  const user = await userById(sql, sub);
  if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null;
  if (sessionId !== null && !UUID.test(sessionId)) {
    throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  if (sessionId) {
    const res = await sql.query(`select 1 from auth.sessions where id = $1 and user_id = $2`, [sessionId, user.id]);
    if (res.rows.length === 0) throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { claims, user, sessionId };
}
