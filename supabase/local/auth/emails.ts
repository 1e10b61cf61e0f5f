// POST /auth/v1/resend and /auth/v1/recover: both answer 200 {} at once, for every well-formed
// address, and do the work (look-up, token, email) afterwards from a queue. Known and unknown
// addresses therefore get the same status, body and timing. A repeat within the per-user email
// interval ([auth.email] max_frequency) also answers {} and sends nothing: a 429 there (GoTrue's
// answer) would only ever reach addresses that have an account.
import { json, type Reply } from '../http.ts';
import { authError, HttpError } from '../http-errors.ts';
import { clientAddress, limit, overEmailSendRateLimit } from './rate-limit.ts';
import { field, normalizeEmail, queryParam, type AuthContext, type AuthRequest } from './context.ts';
import { issueEmailToken, rehearseEmailToken } from './email-tokens.ts';
import { resolveRedirect } from './redirect.ts';
import { userByEmail } from './users.ts';

/** Sends the confirmation email again to an unconfirmed address; email_change answers {} (no email change here). */
export async function resend(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const type = field(r.body, 'type');
  if (type !== 'signup' && type !== 'email_change') {
    throw authError(400, 'validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
  }
  const raw = field(r.body, 'email');
  if (!raw) throw authError(400, 'validation_failed', 'Type provided requires an email address');
  const email = normalizeEmail(raw);
  countEmailRequest(ctx, r);
  // GoTrue answers {} when the user has no pending email change, which is always the case here.
  if (type === 'email_change') return json(200, {});
  return sendLater(ctx, email, 'signup', queryParam(r.query, 'redirect_to'));
}

/** Sends a password-recovery email. */
export async function recover(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const raw = field(r.body, 'email');
  if (!raw.trim()) throw authError(400, 'validation_failed', 'Password recovery requires an email');
  const email = normalizeEmail(raw);
  countEmailRequest(ctx, r);
  return sendLater(ctx, email, 'recovery', queryParam(r.query, 'redirect_to'));
}

/**
 * Counts the request against the caller's limits: GoTrue's sign_in_sign_ups window covers
 * /recover and /resend, and the email budget is counted per request, not per email actually
 * sent, so it runs out just as fast for unknown addresses as for known ones.
 */
function countEmailRequest(ctx: AuthContext, r: AuthRequest): void {
  const address = clientAddress(r.req);
  limit(ctx.limits.signInSignUps, address);
  limit(ctx.limits.emailSent, address, overEmailSendRateLimit);
}

function sendLater(ctx: AuthContext, email: string, type: 'signup' | 'recovery', requested: string): Reply {
  const { config } = ctx;
  const redirect = resolveRedirect(requested || null, config.siteUrl, config.additionalRedirectUrls);
  ctx.background.enqueue(`${type} email`, async () => {
    try {
      const { issued, deliver } = await ctx.db.transaction(async (tx) => {
        const user = await userByEmail(tx, email);
        if (user && !(type === 'signup' && user.email_confirmed_at)) {
          return { issued: await issueEmailToken(tx, user, type, redirect, config.emailMaxFrequencySeconds), deliver: true };
        }
        // With nothing to send, the same work is rehearsed and the email rendered and dropped, so
        // this work (which delays the requests that come next) takes as long for an unknown
        // address as for a known one.
        return { issued: await rehearseEmailToken(tx, email, type, redirect), deliver: false };
      });
      if (deliver) await ctx.mailer.send(issued);
      else await ctx.mailer.compose(issued);
    } catch (err) {
      // Within the per-user interval nothing is sent; the caller has had its {} already.
      if (err instanceof HttpError && err.status === 429) return;
      throw err;
    }
  });
  return json(200, {});
}
