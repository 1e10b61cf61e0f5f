// /auth/v1/user (get and update) and /auth/v1/logout for the signed-in caller (README.md,
// "What answers where" and Auth: "Users").
import { authError } from '../http-errors.ts';
import { json, type Reply } from '../http.ts';
import { requireCaller } from './bearer.ts';
import { field, objectField, type AuthContext, type AuthRequest } from './context.ts';
import { checkPassword, hashPassword, passwordMatches } from './passwords.ts';
import { fullUserJson, userById } from './users.ts';

/** GET /user: the caller's user object. */
export async function getUser(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const { user } = await requireCaller(ctx.db, r.req, ctx.config.jwtSecret);
  return json(200, await fullUserJson(ctx.db, user));
}

/** PUT /user: new password (other sessions end) and/or merged user metadata. */
export async function updateUser(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const { config } = ctx;
  const caller = await requireCaller(ctx.db, r.req, config.jwtSecret);
  const email = field(r.body, 'email').trim().toLowerCase();
  if (email && email !== caller.user.email) {
    throw authError(422, 'email_address_not_authorized', 'Changing the email address is not supported by the local backend');
  }
  const data = objectField(r.body, 'data');
  const password = r.body.password === undefined || r.body.password === null ? null : field(r.body, 'password');
  let hash: string | null = null;
  if (password !== null) {
    checkPassword(password, config.minPasswordLength);
    if (await passwordMatches(password, caller.user.encrypted_password, config.bcryptCost)) {
      throw authError(422, 'same_password', 'New password should be different from the old password.');
    }
    hash = await hashPassword(password, config.bcryptCost);
  }
  const updated = await ctx.db.transaction(async (tx) => {
    if (data) {
      const current = (await userById(tx, caller.user.id))!.raw_user_meta_data ?? {};
      const merged: Record<string, unknown> = { ...current };
      // GoTrue merges top-level keys; a null value removes the key.
      for (const [key, value] of Object.entries(data)) {
        if (value === null) delete merged[key];
        else merged[key] = value;
      }
      await tx.query(`update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1`, [caller.user.id, JSON.stringify(merged)]);
    }
    if (hash) {
      await tx.query(
        `update auth.users set encrypted_password = $2, recovery_token = '', confirmation_token = '', updated_at = now() where id = $1`,
        [caller.user.id, hash],
      );
      // A new password ends every other session of the user, as GoTrue does.
      await tx.query(`delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid`, [caller.user.id, caller.sessionId]);
    }
    return fullUserJson(tx, (await userById(tx, caller.user.id))!);
  });
  return json(200, updated);
}

/** POST /logout?scope=global|local|others: ends sessions; 204. */
export async function logout(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const caller = await requireCaller(ctx.db, r.req, ctx.config.jwtSecret);
  const scope = r.query.get('scope') ?? 'global';
  if (!['global', 'local', 'others'].includes(scope)) {
    throw authError(400, 'validation_failed', 'Unsupported logout scope "' + scope + '"');
  }
  if (scope === 'global' || !caller.sessionId) {
    await ctx.db.query(`delete from auth.sessions where user_id = $1`, [caller.user.id]);
  } else if (scope === 'local') {
    await ctx.db.query(`delete from auth.sessions where id = $1`, [caller.sessionId]);
  } else {
    await ctx.db.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [caller.user.id, caller.sessionId]);
  }
  return { status: 204, headers: {} };
}
