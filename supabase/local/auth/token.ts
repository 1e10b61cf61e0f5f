// POST /auth/v1/token: the password and refresh_token grants (README.md, Auth: "Sessions").
import { authError, oauthError } from '../http-errors.ts';
import { json, type Reply } from '../http.ts';
import { field, type AuthContext, type AuthRequest } from './context.ts';
import { passwordMatches, tooLongForBcrypt } from './passwords.ts';
import { clientAddress, limit, overRequestRateLimit } from './rate-limit.ts';
import { refreshSession, startSession } from './sessions.ts';
import { userByEmail, userById } from './users.ts';

/** Dispatches on `grant_type`. */
export async function token(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const grant = r.query.get('grant_type');
  if (grant === 'password') {
    const client = clientAddress(r.req);
    limit(ctx.limits.signInSignUps, client);
    return passwordGrant(ctx, r, client);
  }
  if (grant === 'refresh_token') {
    limit(ctx.limits.tokenRefresh, clientAddress(r.req));
    const refreshToken = field(r.body, 'refresh_token');
    if (!refreshToken) throw oauthError(400, 'invalid_request', 'refresh_token required');
    return json(200, await refreshSession(ctx.db, ctx.config, refreshToken));
  }
  throw authError(400, 'invalid_credentials', 'unsupported_grant_type');
}

const invalidCredentials = () => authError(400, 'invalid_credentials', 'Invalid login credentials');

async function passwordGrant(ctx: AuthContext, r: AuthRequest, client: string): Promise<Reply> {
  const { config } = ctx;
  const email = field(r.body, 'email').trim().toLowerCase();
  const password = field(r.body, 'password');
  if (!email && !field(r.body, 'phone')) throw authError(400, 'validation_failed', 'missing email or phone');
  if (!email) throw invalidCredentials();
  // Failures per account and client, whether or not the address has an account, so the answer
  // reveals nothing; refused before the password is compared, so a refused guess learns nothing.
  if (!ctx.limits.signInFailures.attempt(email, client)) throw overRequestRateLimit();
  // bcrypt would compare only the first 72 bytes; signup refuses longer passwords, so none matches.
  if (tooLongForBcrypt(password)) throw invalidCredentials();
  const user = await userByEmail(ctx.db, email);
  // The comparison runs outside any transaction: bcrypt takes tens of milliseconds.
  const ok = password !== '' && (await passwordMatches(password, user?.encrypted_password ?? null, config.bcryptCost));
  if (!user || !ok) throw invalidCredentials();
  // The right password is no failure, confirmed address or not.
  ctx.limits.signInFailures.succeeded(email, client);
  if (!user.email_confirmed_at && config.enableConfirmations) throw authError(400, 'email_not_confirmed', 'Email not confirmed');
  const session = await ctx.db.transaction(async (tx) => {
    await tx.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [user.id]);
    await tx.query(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`, [user.id]);
    return startSession(tx, config, (await userById(tx, user.id))!, 'password');
  });
  // A password that met an older, weaker policy still signs in, flagged as GoTrue does.
  if ([...password].length < config.minPasswordLength) {
    session.weak_password = { message: `Password should be at least ${config.minPasswordLength} characters.`, reasons: ['length'] };
  }
  return json(200, session);
}
