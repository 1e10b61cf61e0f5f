// POST /auth/v1/resend and /auth/v1/recover: both answer {} whether or not the address has an
// account, so neither can be used to find out who is registered (supabase-contract.md A.3).
import { authError } from '../http-errors.ts';
import { json, type Reply } from '../http.ts';
import type { AuthEmail } from '../mail/mailer.ts';
import { field, normalizeEmail, type AuthContext, type AuthRequest } from './context.ts';
import { issueEmailToken } from './email-tokens.ts';
import { resolveRedirect } from './redirect.ts';
import { userByEmail } from './users.ts';

/** Sends the confirmation email again to an unconfirmed address. */
export async function resend(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const type = field(r.body, 'type');
  if (type !== 'signup') {
    throw authError(400, 'validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
  }
  const raw = field(r.body, 'email');
  if (!raw) throw authError(400, 'validation_failed', 'Type provided requires an email address');
  return sendTo(ctx, normalizeEmail(raw), 'signup', r.query.get('redirect_to'));
}

/** Sends a password-recovery email. */
export async function recover(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const raw = field(r.body, 'email');
  if (!raw.trim()) throw authError(400, 'validation_failed', 'Password recovery requires an email');
  return sendTo(ctx, normalizeEmail(raw), 'recovery', r.query.get('redirect_to'));
}

async function sendTo(ctx: AuthContext, email: string, type: 'signup' | 'recovery', requested: string | null): Promise<Reply> {
  const { config } = ctx;
  const redirect = resolveRedirect(requested, config.siteUrl, config.additionalRedirectUrls);
  const message = await ctx.db.transaction(async (tx): Promise<AuthEmail | null> => {
    const user = await userByEmail(tx, email);
    if (!user) return null;
    if (type === 'signup' && user.email_confirmed_at) return null;
    return issueEmailToken(tx, user, type, redirect, config.emailMaxFrequencySeconds);
  });
  if (message) await ctx.mailer.send(message);
  return json(200, {});
}
