// Who a REST or Storage request runs as: the role and claims of its Bearer JWT (PostgREST's
// step 1), and the transaction that runs as them.
import type { IncomingMessage } from 'node:http';
import type { Db, Sql } from '../db/types.ts';
import { restError } from '../http-errors.ts';
import { verifyJwt, type JwtClaims } from '../jwt.ts';

export interface RestIdentity {
  role: string;
  claims: JwtClaims;
}

/** The only database roles a token may switch to; anything else (e.g. `postgres`) is refused. */
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

function invalid(message: string) {
  return restError(401, 'PGRST301', message, null, null, {
    'www-authenticate': `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
  });
}

/** Why a request's token was refused: not a Bearer header, expired, not verified, or a role no API request may take. */
export interface CallerFailure {
  reason: 'not_bearer' | 'expired' | 'invalid' | 'role';
  /** The verifier's own words (or the refused role). */
  detail: string;
}

/** Verifies the Bearer token (anonymous when there is none) and returns the role to run as, or why not. */
export async function callerOf(req: IncomingMessage, secret: string): Promise<{ identity: RestIdentity } | { failure: CallerFailure }> {
  const header = req.headers.authorization;
  if (!header) return { identity: { role: 'anon', claims: { role: 'anon' } } };
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  if (!m) return { failure: { reason: 'not_bearer', detail: 'Authorization header is not a Bearer token' } };
  const result = await verifyJwt(m[1]!, secret);
  if ('error' in result) return { failure: { reason: result.error.reason, detail: result.error.detail } };
  const role = typeof result.claims.role === 'string' ? result.claims.role : 'anon';
  if (!API_ROLES.has(role)) return { failure: { reason: 'role', detail: role } };
  return { identity: { role, claims: { ...result.claims, role } } };
}

/** Verifies the Bearer token (anonymous when there is none); a refused token is PostgREST's 401. */
export async function restIdentity(req: IncomingMessage, secret: string): Promise<RestIdentity> {
  const result = await callerOf(req, secret);
  if ('identity' in result) return result.identity;
  const { reason, detail } = result.failure;
  if (reason === 'expired') {
    throw restError(401, 'PGRST303', 'JWT expired', null, null, {
      'www-authenticate': 'Bearer error="invalid_token", error_description="JWT expired"',
    });
  }
  if (reason === 'not_bearer') throw invalid(detail);
  throw invalid(reason === 'role' ? `JWT role "${detail}" is not allowed` : `JWT could not be verified: ${detail}`);
}

/** What a request tells Postgres about itself besides its caller (PostgREST's request.* settings). */
export interface CallerRequest {
  method: string;
  /** The path after the API's prefix, e.g. `/bookings`. */
  path: string;
  readOnly: boolean;
  /**
   * The request's headers, lower-cased as Node gives them, for request.headers: PostgREST passes
   * every header, as received, and so does this server. Hosted Supabase's gateway (Cloudflare)
   * adds cf-connecting-ip, the client's address; this server has no gateway and adds nothing, so
   * a request that sends none is from no known address (docs/product-decisions.md, Appointments).
   */
  headers?: IncomingMessage['headers'];
}

/**
 * Runs `fn` in one transaction after switching to the caller's role and claims, so grants and
 * row-level security decide and auth.uid()/auth.jwt() read the claims. Unlike PostgREST it leaves
 * search_path alone: every statement here names its schema, and the connection's default path
 * already starts with public, so changing it per request would only cost time.
 */
export async function runAsCaller<T>(db: Db, identity: RestIdentity, request: CallerRequest, fn: (tx: Sql) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(
      `select set_config('role', $1, true),
              set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true),
              set_config('request.path', $4, true), set_config('request.headers', $5, true)${request.readOnly ? `, set_config('transaction_read_only', 'on', true)` : ''}`,
      [identity.role, JSON.stringify(identity.claims), request.method, request.path, JSON.stringify(headerValues(request.headers ?? {}))],
    );
    return fn(tx);
  });
}

/** Headers as PostgREST gives them to SQL: one string per name (repeated headers joined with a comma). */
function headerValues(headers: IncomingMessage['headers']): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) values[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return values;
}
