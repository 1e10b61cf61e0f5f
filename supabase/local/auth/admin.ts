// /auth/v1/admin/users/{id}: read and hard-delete a user, and list or remove their second factors,
// with the service_role key (README.md, "What answers where").
import { authError } from '../http-errors.ts';
import { json, type Reply } from '../http.ts';
import { bearerClaims, UUID } from './bearer.ts';
import type { AuthContext, AuthRequest } from './context.ts';
import { adminRemoveFactor, factorListJson } from './mfa.ts';
import { fullUserJson, userById } from './users.ts';

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

async function requireAdmin(ctx: AuthContext, r: AuthRequest): Promise<void> {
  const claims = await bearerClaims(r.req, ctx.config.jwtSecret);
  if (!ADMIN_ROLES.has(String(claims.role))) throw authError(403, 'not_admin', 'User not allowed');
}

function userId(r: AuthRequest): string {
  const id = r.path.slice('admin/users/'.length).split('/')[0]!;
  if (!UUID.test(id)) throw authError(400, 'validation_failed', 'user_id must be an UUID');
  return id.toLowerCase();
}

/** GET /admin/users/{id}. */
export async function adminGetUser(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  await requireAdmin(ctx, r);
  const user = await userById(ctx.db, userId(r));
  if (!user) throw authError(404, 'user_not_found', 'User not found');
  return json(200, await fullUserJson(ctx.db, user));
}

/** DELETE /admin/users/{id}: removes the auth user; its profile, sessions and tokens cascade. */
export async function adminDeleteUser(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  await requireAdmin(ctx, r);
  const res = await ctx.db.query(`delete from auth.users where id = $1`, [userId(r)]);
  if (res.affectedRows === 0) throw authError(404, 'user_not_found', 'User not found');
  return json(200, {});
}

/** The user named in the path, which must exist (GoTrue's loadUser). */
async function loadUser(ctx: AuthContext, r: AuthRequest): Promise<string> {
  await requireAdmin(ctx, r);
  const user = await userById(ctx.db, userId(r));
  if (!user) throw authError(404, 'user_not_found', 'User not found');
  return user.id;
}

/** GET /admin/users/{id}/factors: the user's factors, verified or not. */
export async function adminListFactors(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const id = await loadUser(ctx, r);
  return json(200, await factorListJson(ctx.db, id));
}

/** DELETE /admin/users/{id}/factors/{factorId}: removes the factor (a lost phone); its sessions fall back to aal1. */
export async function adminDeleteFactor(ctx: AuthContext, r: AuthRequest, factorId: string): Promise<Reply> {
  const id = await loadUser(ctx, r);
  return json(200, await ctx.db.transaction((tx) => adminRemoveFactor(tx, id, factorId)));
}
