// HS256 JSON Web Tokens: the access tokens this backend issues and the anon/service keys, all
// signed with the project's JWT secret exactly as hosted Supabase does.
import { SignJWT, jwtVerify, errors } from 'jose';
import { LOCAL_JWT_SECRET } from './config.ts';

export type JwtClaims = Record<string, unknown> & { role?: string; sub?: string; exp?: number; session_id?: string };

export interface JwtFailure {
  reason: 'expired' | 'invalid';
  /** The verifier's own words, used in GoTrue's "invalid JWT: …" message. */
  detail: string;
}

/** Expiry of the keys the Supabase CLI publishes (2032-11-12); the same claims give the same keys. */
const KEY_EXPIRY = 1983812996;

const encoder = new TextEncoder();
const keyCache = new Map<string, Uint8Array>();
function keyOf(secret: string): Uint8Array {
  let key = keyCache.get(secret);
  if (!key) keyCache.set(secret, (key = encoder.encode(secret)));
  return key;
}

/** Signs claims as an HS256 JWT with the given secret. */
export async function signJwt(claims: JwtClaims, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(keyOf(secret));
}

// Verifying HMAC is cheap but not free; supabase-js sends the same token on every request, so a
// small cache of verified tokens (expiry still checked on each use) saves work under load.
const verified = new Map<string, JwtClaims>();
const VERIFIED_CACHE_SIZE = 2000;

/** Verifies an HS256 JWT; returns its claims or a failure saying whether it expired or is invalid. */
export async function verifyJwt(token: string, secret: string): Promise<{ claims: JwtClaims } | { error: JwtFailure }> {
  const cacheKey = secret + '\u0000' + token;
  const cached = verified.get(cacheKey);
  if (cached) {
    if (typeof cached.exp === 'number' && cached.exp * 1000 <= Date.now()) {
      verified.delete(cacheKey);
      return { error: { reason: 'expired', detail: 'token has invalid claims: token is expired' } };
    }
    return { claims: cached };
  }
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'] });
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
    verified.set(cacheKey, payload as JwtClaims);
    return { claims: payload as JwtClaims };
  } catch (err) {
    if (err instanceof errors.JWTExpired) {
      return { error: { reason: 'expired', detail: 'token has invalid claims: token is expired' } };
    }
    const detail = err instanceof Error ? err.message : String(err);
    return { error: { reason: 'invalid', detail } };
  }
}

export interface ApiKeys {
  anonKey: string;
  serviceRoleKey: string;
}

/** The anon and service_role API keys for a JWT secret (the Supabase CLI's well-known keys for its local secret). */
export async function apiKeys(secret: string = LOCAL_JWT_SECRET): Promise<ApiKeys> {
  const [anonKey, serviceRoleKey] = await Promise.all([
    signJwt({ iss: 'supabase-demo', role: 'anon', exp: KEY_EXPIRY }, secret),
    signJwt({ iss: 'supabase-demo', role: 'service_role', exp: KEY_EXPIRY }, secret),
  ]);
  return { anonKey, serviceRoleKey };
}
