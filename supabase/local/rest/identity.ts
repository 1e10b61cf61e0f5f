// Who a REST request runs as: the role and claims of its Bearer JWT (PostgREST's step 1).
import type { IncomingMessage } from 'node:http';
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

/** Verifies the Bearer token (anonymous when there is none) and returns the role to run as. */
export async function restIdentity(req: IncomingMessage, secret: string): Promise<RestIdentity> {
  const header = req.headers.authorization;
  if (!header) return { role: 'anon', claims: { role: 'anon' } };
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  if (!m) throw invalid('Authorization header is not a Bearer token');
  const result = await verifyJwt(m[1]!, secret);
  if ('error' in result) {
    if (result.error.reason === 'expired') {
      throw restError(401, 'PGRST303', 'JWT expired', null, null, {
        'www-authenticate': 'Bearer error="invalid_token", error_description="JWT expired"',
      });
    }
    throw invalid(`JWT could not be verified: ${result.error.detail}`);
  }
  const role = typeof result.claims.role === 'string' ? result.claims.role : 'anon';
  if (!API_ROLES.has(role)) throw invalid(`JWT role "${role}" is not allowed`);
  return { role, claims: { ...result.claims, role } };
}
