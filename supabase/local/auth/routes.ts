// The /auth/v1 route table.
import { authError } from '../http-errors.ts';
import { json, type Reply } from '../http.ts';
import { adminDeleteFactor, adminDeleteUser, adminGetUser, adminListFactors } from './admin.ts';
import type { AuthContext, AuthRequest } from './context.ts';
import { recover, resend } from './emails.ts';
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './mfa.ts';
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
  'POST factors': enrollFactor,
  'GET settings': settings,
  'GET health': health,
  'GET .well-known/jwks.json': jwks,
};

/** Answers one /auth/v1 request. */
export async function handleAuth(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const handler = ROUTES[`${r.method} ${r.path}`];
  if (handler) return handler(ctx, r);
  const factor = /^factors\/([^/]+)(?:\/(challenge|verify))?$/.exec(r.path);
  if (factor) {
    const [, factorId, action] = factor as unknown as [string, string, string | undefined];
    if (action === 'challenge' && r.method === 'POST') return challengeFactor(ctx, r, factorId);
    if (action === 'verify' && r.method === 'POST') return verifyFactor(ctx, r, factorId);
    if (action === undefined && r.method === 'DELETE') return unenrollFactor(ctx, r, factorId);
  }
  const admin = /^admin\/users\/([^/]+)(?:\/factors(?:\/([^/]+))?)?$/.exec(r.path);
  if (admin) {
    const isFactors = r.path.includes('/factors');
    const factorId = admin[2];
    if (!isFactors && r.method === 'GET') return adminGetUser(ctx, r);
    if (!isFactors && r.method === 'DELETE') return adminDeleteUser(ctx, r);
    if (isFactors && factorId === undefined && r.method === 'GET') return adminListFactors(ctx, r);
    if (isFactors && factorId !== undefined && r.method === 'DELETE') return adminDeleteFactor(ctx, r, factorId);
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
