// Sessions, access tokens and refresh-token rotation (README.md, Auth: "Sessions").
import { randomUUID } from 'node:crypto';
import type { Db, Sql } from '../db/open.ts';
import type { BackendConfig } from '../config.ts';
import { authError } from '../http-errors.ts';
import { signJwt } from '../jwt.ts';
import { secureAlphanumeric } from './secrets.ts';
import { fullUserJson, userById, type UserRow } from './users.ts';

export type AuthMethod = 'password' | 'otp' | 'anonymous' | 'totp';

// The methods that make a session aal2, as GoTrue's AMRClaim.IsAAL2Claim lists them.
const AAL2_METHODS = new Set(['totp', 'mfa/phone', 'mfa/webauthn']);

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  [key: string]: unknown;
}

/** Starts a session for the user and returns GoTrue's session response. */
export async function startSession(tx: Sql, config: BackendConfig, user: UserRow, method: AuthMethod): Promise<SessionJson> {
  const sessionId = randomUUID();
  await tx.query(`insert into auth.sessions (id, user_id, aal, created_at, updated_at) values ($1, $2, 'aal1', now(), now())`, [
    sessionId,
    user.id,
  ]);
  // How the session began, kept for its whole life: refreshed tokens report the same method and time.
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method) values ($1, $2, now(), now(), $3)`,
    [randomUUID(), sessionId, method],
  );
  const refreshToken = await insertRefreshToken(tx, user.id, sessionId, null);
  return sessionResponse(tx, config, user, sessionId, refreshToken);
}

/** An entry of the access token's `amr` claim. */
interface AmrEntry {
  method: string;
  timestamp: number;
}

/** The session's authentication methods, newest first, as GoTrue reads them from auth.mfa_amr_claims. */
async function amrOf(tx: Sql, sessionId: string): Promise<AmrEntry[]> {
  const res = await tx.query<{ method: string; timestamp: number }>(
    `select authentication_method as method, floor(extract(epoch from updated_at))::int as timestamp
     from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  return res.rows;
}

async function insertRefreshToken(tx: Sql, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = secureAlphanumeric(12);
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, session_id, parent, revoked, created_at, updated_at)
     values ($1, $2, $3, $4, false, now(), now())`,
    [token, userId, sessionId, parent],
  );
  return token;
}

/** Signs an access token with GoTrue's claims for this user and session. */
async function accessToken(config: BackendConfig, user: UserRow, sessionId: string, amr: AmrEntry[]): Promise<{ token: string; exp: number }> {
  // As GoTrue's CalculateAALAndAMR: the session's level follows from how it was authenticated.
  const aal = amr.some((entry) => AAL2_METHODS.has(entry.method)) ? 'aal2' : 'aal1';
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + config.jwtExpirySeconds;
  const token = await signJwt(
    {
      iss: `${config.apiUrl}/auth/v1`,
      sub: user.id,
      aud: user.aud ?? 'authenticated',
      exp,
      iat,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role || 'authenticated',
      aal,
      amr,
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    },
    config.jwtSecret,
  );
  return { token, exp };
}

async function sessionResponse(
  tx: Sql,
  config: BackendConfig,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<SessionJson> {
  const { token, exp } = await accessToken(config, user, sessionId, await amrOf(tx, sessionId));
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: config.jwtExpirySeconds,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await fullUserJson(tx, user),
  };
}

/**
 * The session after a verified second factor, as GoTrue's updateMFASessionAndClaims makes it: the
 * factor's method joins the session's amr (so every later token of the session, refreshed ones
 * too, says aal2), the session records its level and factor, and the refresh token is swapped.
 */
export async function stepUpSession(tx: Sql, config: BackendConfig, user: UserRow, sessionId: string, factorId: string): Promise<SessionJson> {
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method) values ($1, $2, now(), now(), 'totp')
     on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey do update set updated_at = now()`,
    [randomUUID(), sessionId],
  );
  const revoked = await tx.query<{ token: string }>(
    `update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false returning token`,
    [sessionId],
  );
  const refreshToken = await insertRefreshToken(tx, user.id, sessionId, revoked.rows.at(-1)?.token ?? null);
  await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [sessionId, factorId]);
  return sessionResponse(tx, config, user, sessionId, refreshToken);
}

interface TokenRow {
  id: number;
  token: string;
  user_id: string;
  session_id: string | null;
  revoked: boolean;
  reuse_window_passed: boolean;
  session_exists: boolean;
}

const notFound = () => authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

/**
 * The refresh_token grant: each use revokes the token and issues a child. A revoked token that is
 * the parent of the session's active token returns the active one (the client lost the answer);
 * any other reuse after the reuse interval revokes the whole family, which then stays dead.
 */
export async function refreshSession(db: Db, config: BackendConfig, refreshToken: string): Promise<SessionJson> {
  const outcome = await db.transaction(async (tx): Promise<SessionJson | 'reused' | 'not_found'> => {
    const res = await tx.query<TokenRow>(
      `select t.id, t.token, t.user_id, t.session_id, t.revoked,
              t.updated_at + make_interval(secs => $2) < now() as reuse_window_passed,
              exists (select 1 from auth.sessions s where s.id = t.session_id) as session_exists
       from auth.refresh_tokens t where t.token = $1 for update`,
      [refreshToken, config.refreshTokenReuseIntervalSeconds],
    );
    const row = res.rows[0];
    if (!row || !row.session_id || !row.session_exists) return 'not_found';
    const user = await userById(tx, row.user_id);
    if (!user) return 'not_found';
    if (row.revoked) {
      const active = await tx.query<{ token: string; parent: string | null }>(
        `select token, parent from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
        [row.session_id],
      );
      const current = active.rows[0];
      if (current && current.parent === row.token) {
        return sessionResponse(tx, config, user, row.session_id, current.token);
      }
      // A session always has one unrevoked token until reuse was detected: none left means the
      // family was revoked, and no token of it, however recent, may start it again.
      if (config.refreshTokenRotation && (!current || row.reuse_window_passed)) {
        // Only tokens not yet revoked: touching updated_at of revoked ones would reopen their reuse window.
        await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false`, [
          row.session_id,
        ]);
        return 'reused';
      }
    }
    await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [row.id]);
    const child = await insertRefreshToken(tx, user.id, row.session_id, row.token);
    await tx.query(`update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now() where id = $1`, [row.session_id]);
    return sessionResponse(tx, config, user, row.session_id, child);
  });
  // The family revocation above must be committed before the error goes out.
  if (outcome === 'reused') throw authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  if (outcome === 'not_found') throw notFound();
  return outcome;
}
