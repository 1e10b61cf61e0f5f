// /auth/v1/factors: TOTP second factors as hosted GoTrue answers them (internal/api/mfa.go of
// github.com/supabase/auth): enrol, challenge, verify (the session becomes aal2), unenrol. The
// codes come from otpauth and the QR code from qrcode; both are well-kept libraries, so nothing
// here computes an HOTP or draws a QR code itself. README.md ("Second factors") lists the answers.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { Sql } from '../db/open.ts';
import { authError } from '../http-errors.ts';
import { json, type Reply } from '../http.ts';
import { requireCaller, UUID, type Caller } from './bearer.ts';
import { field, type AuthContext, type AuthRequest } from './context.ts';
import { clientAddress, limit } from './rate-limit.ts';
import { stepUpSession } from './sessions.ts';
import { FACTOR_COLUMNS, factorJson, type FactorRow } from './users.ts';

// GoTrue's TOTP: SHA-1, six digits, 30-second steps, a code of the step before or after accepted.
const TOTP_SHAPE = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
const TOTP_WINDOW = 1;
// GoTrue's factor_expiry_duration: an unverified factor never challenged is swept after this.
const UNVERIFIED_FACTOR_SECONDS = 300;

interface OwnedFactor extends FactorRow {
  secret: string | null;
}

/** The caller of a /factors request: signed in, not anonymous (GoTrue's requireNotAnonymous). */
async function factorCaller(ctx: AuthContext, r: AuthRequest): Promise<Caller & { sessionId: string; aal: string | null }> {
  const caller = await requireCaller(ctx.db, r.req, ctx.config.jwtSecret);
  if (caller.claims.is_anonymous === true) {
    throw authError(403, 'no_authorization', 'Anonymous user not allowed to perform these actions');
  }
  if (!caller.sessionId) throw authError(500, 'unexpected_failure', 'A valid session and a registered user are required to enroll a factor');
  const res = await ctx.db.query<{ aal: string | null }>(`select aal::text as aal from auth.sessions where id = $1`, [caller.sessionId]);
  return { ...caller, sessionId: caller.sessionId, aal: res.rows[0]?.aal ?? null };
}

/** The caller's own factor named in the path (GoTrue's loadFactor): 404 for a malformed id or another user's factor. */
async function ownedFactor(sql: Sql, userId: string, factorId: string): Promise<OwnedFactor> {
  if (!UUID.test(factorId)) throw authError(404, 'validation_failed', 'factor_id must be an UUID');
  const res = await sql.query<OwnedFactor>(`select ${FACTOR_COLUMNS}, secret from auth.mfa_factors where id = $1 and user_id = $2`, [
    factorId.toLowerCase(),
    userId,
  ]);
  const factor = res.rows[0];
  if (!factor) throw authError(404, 'mfa_factor_not_found', 'Factor not found');
  return factor;
}

/** The address a challenge is bound to: the socket's, an IPv4-mapped IPv6 address read as IPv4. */
function socketAddress(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? '0.0.0.0';
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address;
}

/** The issuer an authenticator app shows: the request's, else the host of site_url, as GoTrue. */
function issuerOf(ctx: AuthContext, r: AuthRequest): string {
  return field(r.body, 'issuer') || new URL(ctx.config.siteUrl).host;
}

/** The QR code of an otpauth:// URI as SVG markup, which supabase-js turns into a data URI. */
async function qrSvg(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 1 });
  // A data URI ends at its first '#', so the colours are written as names.
  return svg.replaceAll('"#000000"', '"black"').replaceAll('"#ffffff"', '"white"').trim();
}

/** POST /factors: a new unverified TOTP factor with its secret, URI and QR code. */
export async function enrollFactor(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const { mfa } = ctx.config;
  const caller = await factorCaller(ctx, r);
  const factorType = field(r.body, 'factor_type');
  const friendlyName = field(r.body, 'friendly_name');
  if (factorType === 'phone' || factorType === 'webauthn') {
    throw authError(422, `mfa_${factorType}_enroll_not_enabled`, `MFA enroll is disabled for ${factorType === 'phone' ? 'Phone' : 'WebAuthn'}`);
  }
  if (factorType !== 'totp') throw authError(400, 'validation_failed', 'factor_type needs to be totp, phone, or webauthn');
  if (!mfa.totpEnrollEnabled) throw authError(422, 'mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
  const issuer = issuerOf(ctx, r);
  const secret = new OTPAuth.Secret({ size: 20 });
  const totp = new OTPAuth.TOTP({ ...TOTP_SHAPE, issuer, label: caller.user.email ?? '', secret });
  const uri = totp.toString();
  const qrCode = await qrSvg(uri);
  const factorId = randomUUID();
  await ctx.db.transaction(async (tx) => {
    // GoTrue's validateFactors, in its order.
    await tx.query(
      `delete from auth.mfa_factors f where f.status <> 'verified'
         and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)
         and f.created_at + make_interval(secs => $1) < now()`,
      [UNVERIFIED_FACTOR_SECONDS],
    );
    const factors = (
      await tx.query<{ friendly_name: string | null; status: string }>(`select friendly_name, status from auth.mfa_factors where user_id = $1`, [
        caller.user.id,
      ])
    ).rows;
    if (factors.some((factor) => (factor.friendly_name ?? '') === friendlyName)) {
      throw authError(422, 'mfa_factor_name_conflict', `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`);
    }
    const verified = factors.filter((factor) => factor.status === 'verified').length;
    if (factors.length >= mfa.maxEnrolledFactors || verified >= mfa.maxEnrolledFactors) {
      throw authError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
    }
    if (verified > 0 && caller.aal !== 'aal2') throw authError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
    await tx.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
      [factorId, caller.user.id, friendlyName, secret.base32],
    );
  });
  return json(200, {
    id: factorId,
    type: 'totp',
    friendly_name: friendlyName,
    totp: { qr_code: qrCode, secret: secret.base32, uri },
  });
}

/** POST /factors/{id}/challenge: a challenge bound to the caller's address, with its expiry. */
export async function challengeFactor(ctx: AuthContext, r: AuthRequest, factorId: string): Promise<Reply> {
  const caller = await factorCaller(ctx, r);
  const factor = await ownedFactor(ctx.db, caller.user.id, factorId);
  limit(ctx.limits.factorChallenge, clientAddress(r.req));
  if (!ctx.config.mfa.totpVerifyEnabled) throw authError(422, 'mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
  const challengeId = randomUUID();
  const created = await ctx.db.transaction(async (tx) => {
    const res = await tx.query<{ expires_at: number }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3::inet)
       returning floor(extract(epoch from created_at))::bigint + $4 as expires_at`,
      [challengeId, factor.id, socketAddress(r.req), ctx.config.mfa.challengeExpirySeconds],
    );
    await tx.query(`update auth.mfa_factors set last_challenged_at = now() where id = $1`, [factor.id]);
    return res.rows[0]!;
  });
  return json(200, { id: challengeId, type: 'totp', expires_at: Number(created.expires_at) });
}

interface ChallengeRow {
  id: string;
  verified: boolean;
  same_address: boolean;
  expired: boolean;
}

/**
 * POST /factors/{id}/verify: checks the code against the factor's secret; a right one verifies the
 * factor, raises the session to aal2 and answers a new session. As GoTrue, it then ends the user's
 * other sessions below aal2 and drops their other unverified TOTP factors.
 */
export async function verifyFactor(ctx: AuthContext, r: AuthRequest, factorId: string): Promise<Reply> {
  const caller = await factorCaller(ctx, r);
  const factor = await ownedFactor(ctx.db, caller.user.id, factorId);
  limit(ctx.limits.factorVerify, clientAddress(r.req));
  const rawChallenge = r.body.challenge_id;
  if (rawChallenge !== undefined && rawChallenge !== null && (typeof rawChallenge !== 'string' || !UUID.test(rawChallenge))) {
    throw authError(400, 'bad_json', 'Could not parse request body as JSON: invalid challenge_id');
  }
  const code = field(r.body, 'code');
  if (code === '') throw authError(400, 'validation_failed', 'Code needs to be non-empty');
  if (!ctx.config.mfa.totpVerifyEnabled) throw authError(422, 'mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
  const challengeId = typeof rawChallenge === 'string' ? rawChallenge.toLowerCase() : '00000000-0000-0000-0000-000000000000';
  const found = await ctx.db.query<ChallengeRow>(
    `select id, verified_at is not null as verified, ip_address = $3::inet as same_address,
            created_at + make_interval(secs => $4) < now() as expired
     from auth.mfa_challenges where id = $1 and factor_id = $2`,
    [challengeId, factor.id, socketAddress(r.req), ctx.config.mfa.challengeExpirySeconds],
  );
  const challenge = found.rows[0];
  if (!challenge) throw authError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  if (challenge.verified || !challenge.same_address) {
    throw authError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
  }
  if (challenge.expired) {
    await ctx.db.query(`delete from auth.mfa_challenges where id = $1`, [challenge.id]);
    throw authError(
      422,
      'mfa_challenge_expired',
      `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  const totp = new OTPAuth.TOTP({ ...TOTP_SHAPE, secret: OTPAuth.Secret.fromBase32(factor.secret ?? '') });
  if (!/^\d{6}$/.test(code) || totp.validate({ token: code, window: TOTP_WINDOW }) === null) {
    throw authError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
  }
  const session = await ctx.db.transaction(async (tx) => {
    await tx.query(`update auth.mfa_challenges set verified_at = now() where id = $1`, [challenge.id]);
    await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1 and status <> 'verified'`, [factor.id]);
    const answer = await stepUpSession(tx, ctx.config, caller.user, caller.sessionId, factor.id);
    await tx.query(`delete from auth.sessions where user_id = $1 and aal < 'aal2'`, [caller.user.id]);
    await tx.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = 'totp'`, [caller.user.id]);
    return answer;
  });
  return json(200, session);
}

/**
 * Removes a factor and takes its method out of the sessions it raised, which so fall back to aal1
 * (GoTrue's DowngradeSessionsToAAL1). Shared by the user's DELETE and the admin API's.
 */
export async function removeFactor(tx: Sql, factorId: string): Promise<void> {
  await tx.query(
    `delete from auth.mfa_amr_claims where authentication_method = 'totp'
       and session_id in (select id from auth.sessions where factor_id = $1)`,
    [factorId],
  );
  await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`, [factorId]);
  await tx.query(`delete from auth.mfa_factors where id = $1`, [factorId]);
}

/** DELETE /factors/{id}: a verified factor only from an aal2 session. */
export async function unenrollFactor(ctx: AuthContext, r: AuthRequest, factorId: string): Promise<Reply> {
  const caller = await factorCaller(ctx, r);
  const factor = await ownedFactor(ctx.db, caller.user.id, factorId);
  if (factor.status === 'verified' && caller.aal !== 'aal2') {
    throw authError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  await ctx.db.transaction((tx) => removeFactor(tx, factor.id));
  return json(200, { id: factor.id });
}

/** The user's factors for the admin API (GET /admin/users/{id}/factors). */
export async function factorListJson(sql: Sql, userId: string): Promise<Record<string, unknown>[]> {
  const res = await sql.query<FactorRow>(`select ${FACTOR_COLUMNS} from auth.mfa_factors where user_id = $1 order by created_at, id`, [userId]);
  return res.rows.map(factorJson);
}

/** The admin API's removal (DELETE /admin/users/{id}/factors/{factorId}): answers the removed factor. */
export async function adminRemoveFactor(sql: Sql, userId: string, factorId: string): Promise<Record<string, unknown>> {
  if (!UUID.test(factorId)) throw authError(404, 'validation_failed', 'factor_id must be an UUID');
  const res = await sql.query<FactorRow>(`select ${FACTOR_COLUMNS} from auth.mfa_factors where id = $1 and user_id = $2`, [
    factorId.toLowerCase(),
    userId,
  ]);
  const factor = res.rows[0];
  if (!factor) throw authError(404, 'mfa_factor_not_found', 'Factor not found');
  await removeFactor(sql, factor.id);
  return factorJson(factor);
}
