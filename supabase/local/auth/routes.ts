// The /auth/v1 route table.
import { authError } from '../http-errors.ts';
import { json, type Reply } from '../http.ts';
import { adminDeleteUser, adminGetUser } from './admin.ts';
import type { AuthContext, AuthRequest } from './context.ts';
import { recover, resend } from './emails.ts';
import { signup } from './signup.ts';
import { token } from './token.ts';
import { getUser, logout, updateUser } from './user.ts';
import { verifyCode, verifyLink } from './verify.ts';

type Handler = (ctx: AuthContext, r: AuthRequest) => Promise<Reply>;

const ROUTES: Record<string, Handler> = {
  'POST signup': signup,
  'POST token': token,
  'GET verify': verifyLink,
  'POST verify': verifyCode,
  'POST resend': resend,
  'POST recover': recover,
  'GET user': getUser,
  'PUT user': updateUser,
  'POST logout': logout,
  'GET settings': settings,
  'GET health': health,
  'GET .well-known/jwks.json': jwks,
};

/** Answers one /auth/v1 request. */
export async function handleAuth(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const handler = ROUTES[`${r.method} ${r.path}`];
  if (handler) return handler(ctx, r);
  if (r.path.startsWith('admin/users/') && !r.path.slice(12).includes('/')) {
    if (r.method === 'GET') return adminGetUser(ctx, r);
    if (r.method === 'DELETE') return adminDeleteUser(ctx, r);
  }
  throw authError(404, 'not_found', `No ${r.method} /auth/v1/${r.path} in this local Auth server`);
}

/** GET /health, as GoTrue answers it. */
async function health(): Promise<Reply> {
  return json(200, { version: 'local', name: 'GoTrue', description: 'Local Supabase-compatible Auth for development' });
}

/** GET /.well-known/jwks.json: empty, because tokens are signed with a shared secret (HS256), so clients verify through GET /user. */
async function jwks(): Promise<Reply> {
  return json(200, { keys: [] });
}

/** GET /settings: which sign-in methods exist (email, and anonymous when enabled) and whether signups confirm automatically. */
async function settings(ctx: AuthContext): Promise<Reply> {
  return json(200, {
    external: { email: true, phone: false, anonymous_users: ctx.config.enableAnonymousSignIns },
    disable_signup: !ctx.config.enableSignup,
    mailer_autoconfirm: !ctx.config.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
}
