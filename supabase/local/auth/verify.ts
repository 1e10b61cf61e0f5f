// /auth/v1/verify: email links (GET, answered with a 303 redirect carrying the session or the
// error in the URL fragment) and codes (POST, answered with JSON) (README.md, Auth: "Email links").
import { authError } from '../http-errors.ts';
import { json, type Reply } from '../http.ts';
import { field, normalizeEmail, queryParam, type AuthContext, type AuthRequest } from './context.ts';
import { clientAddress, limit } from './rate-limit.ts';
import { resolveRedirect } from './redirect.ts';
import { tokenHash } from './secrets.ts';
import { startSession, type SessionJson } from './sessions.ts';
import { userById, userByToken } from './users.ts';

type VerifyType = 'signup' | 'recovery' | 'magiclink' | 'email' | 'invite';
const TYPES = new Set<string>(['signup', 'recovery', 'magiclink', 'email', 'invite']);

/** Which token column a verification type reads. */
function tokenColumns(type: VerifyType): ('confirmation_token' | 'recovery_token')[] {
  if (type === 'signup' || type === 'invite') return ['confirmation_token'];
  if (type === 'recovery' || type === 'magiclink') return ['recovery_token'];
  return ['confirmation_token', 'recovery_token'];
}

function checkType(raw: string): VerifyType {
  if (!raw) throw authError(400, 'validation_failed', 'Verify requires a verification type');
  if (!TYPES.has(raw)) throw authError(400, 'validation_failed', `Unsupported verification type: ${raw}`);
  return raw as VerifyType;
}

/**
 * Finds the user holding `hash` for this type, checks the link has not expired, marks the email
 * confirmed or the recovery used, and starts a session; null when the token is unknown or stale.
 */
async function consume(ctx: AuthContext, type: VerifyType, hash: string): Promise<SessionJson | null> {
  return ctx.db.transaction(async (tx) => {
    for (const column of tokenColumns(type)) {
      const user = await userByToken(tx, column, hash, ctx.config.otpExpirySeconds);
      if (!user) continue;
      if (user.expired) return null;
      const clear = column === 'confirmation_token' ? `confirmation_token = ''` : `recovery_token = ''`;
      await tx.query(
        `update auth.users set ${clear}, email_confirmed_at = coalesce(email_confirmed_at, now()),
                last_sign_in_at = now(), updated_at = now() where id = $1`,
        [user.id],
      );
      await tx.query(
        `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, last_sign_in_at = now(),
                updated_at = now() where user_id = $1 and provider = 'email'`,
        [user.id],
      );
      return startSession(tx, ctx.config, (await userById(tx, user.id))!, 'otp');
    }
    return null;
  });
}

/** Go's url.Values.Encode: keys sorted, values query-escaped (space as '+'). */
function encodeSorted(values: Record<string, string>): string {
  return Object.keys(values)
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(values[k]!).replace(/%20/g, '+')}`)
    .join('&');
}

function redirectTo(base: string, fragment: Record<string, string>): Reply {
  const url = base.split('#')[0] + '#' + encodeSorted(fragment);
  return { status: 303, headers: { location: url } };
}

/** GET /verify?token=&type=&redirect_to=: the link in a confirmation or recovery email. */
export async function verifyLink(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  limit(ctx.limits.tokenVerifications, clientAddress(r.req));
  const type = checkType(queryParam(r.query, 'type'));
  const token = queryParam(r.query, 'token');
  if (!token) throw authError(400, 'validation_failed', 'Verify requires a token or a token hash');
  // Resolved (and made safe for the Location header) before the token is spent.
  const target = resolveRedirect(queryParam(r.query, 'redirect_to'), ctx.config.siteUrl, ctx.config.additionalRedirectUrls);
  const session = await consume(ctx, type, token);
  if (!session) {
    return redirectTo(target, {
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
      sb: '',
    });
  }
  return redirectTo(target, {
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    sb: '',
    token_type: 'bearer',
    type,
  });
}

/** POST /verify with {type, token_hash} or {type, email, token}: answers the session as JSON. */
export async function verifyCode(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const client = clientAddress(r.req);
  limit(ctx.limits.tokenVerifications, client);
  const type = checkType(field(r.body, 'type'));
  const hashGiven = field(r.body, 'token_hash');
  const code = field(r.body, 'token');
  if ((hashGiven === '') === (code === '')) {
    throw authError(400, 'validation_failed', 'Verify requires either a token or a token hash');
  }
  if (hashGiven) {
    const session = await consume(ctx, type, hashGiven);
    if (!session) throw authError(403, 'otp_expired', 'Email link is invalid or has expired');
    return json(200, session);
  }
  const email = normalizeEmail(field(r.body, 'email'));
  // Six digits are a million guesses: wrong codes are limited per address and client, with a
  // ceiling per address, and never void the pending code, so a stranger's guesses cannot spoil
  // the owner's. A refused client is answered as a wrong code would be: for it, the code no
  // longer works. The link's token_hash above is 56 hex digits and needs no such limit.
  const wrongCode = () => authError(403, 'otp_expired', 'Token has expired or is invalid');
  if (!ctx.limits.codeFailures.attempt(email, client)) throw wrongCode();
  const session = await consume(ctx, type, tokenHash(email, code));
  if (!session) throw wrongCode();
  ctx.limits.codeFailures.succeeded(email, client);
  return json(200, session);
}
