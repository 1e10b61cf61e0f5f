// /auth/v1/admin/users/{id}: read and hard-delete a user with the service_role key (README.md,
// "What answers where").
import { authError } from '../http-errors.ts';
import { json, type Reply } from '../http.ts';
import { bearerClaims, UUID } from './bearer.ts';
import type { AuthContext, AuthRequest } from './context.ts';
import { identitiesOf, userById, userJson } from './users.ts';

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

async function requireAdmin(ctx: AuthContext, r: AuthRequest): Promise<void> {
  const claims = await bearerClaims(r.req, ctx.config.jwtSecret);
  if (!ADMIN_ROLES.has(String(claims.role))) throw authError(403, 'not_admin', 'User not allowed');
}

function userId(r: AuthRequest): string {
  const id = r.path.slice('admin/users/'.length);
  if (!UUID.test(id)) throw authError(400, 'validation_failed', 'user_id must be an UUID');
  return id.toLowerCase();
}

/** GET /admin/users/{id}. */
export async function adminGetUser(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  await requireAdmin(ctx, r);
  const user = await userById(ctx.db, userId(r));
  if (!user) throw authError(404, 'user_not_found', 'User not found');
  return json(200, userJson(user, await identitiesOf(ctx.db, user.id)));
}

/** DELETE /admin/users/{id}: removes the auth user; its profile, sessions and tokens cascade. */
export async function adminDeleteUser(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  await requireAdmin(ctx, r);
  const res = await ctx.db.query(`delete from auth.users where id = $1`, [userId(r)]);
  if (res.affectedRows === 0) throw authError(404, 'user_not_found', 'User not found');
  return json(200, {});
}
