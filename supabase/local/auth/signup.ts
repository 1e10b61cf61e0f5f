// POST /auth/v1/signup: new users get a confirmation email; a confirmed address gets an
// obfuscated user so signup cannot tell who has an account (README.md, Auth: "Signup without
// enumeration"). A signup with neither email nor phone is an anonymous sign-in, as in GoTrue.
import { randomUUID } from 'node:crypto';
import type { Sql } from '../db/open.ts';
import { authError } from '../http-errors.ts';
import { json, type Reply } from '../http.ts';
import { isPgError } from '../rest/pg-errors.ts';
import { field, normalizeEmail, objectField, queryParam, type AuthContext, type AuthRequest } from './context.ts';
import { issueEmailToken } from './email-tokens.ts';
import { checkPassword, hashPassword } from './passwords.ts';
import { clientAddress, limit, overEmailSendRateLimit } from './rate-limit.ts';
import { resolveRedirect } from './redirect.ts';
import { startSession } from './sessions.ts';
import { identitiesOf, userByEmail, userById, userJson, type UserRow } from './users.ts';
import type { AuthEmail } from '../mail/mailer.ts';

/** A body field GoTrue reads as not given (anything else is validated as the address it claims to be). */
const absent = (value: unknown) => value === undefined || value === null || value === '';

/** Handles signup with email and password, or with neither email nor phone an anonymous sign-in. */
export async function signup(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  const { config } = ctx;
  const address = clientAddress(r.req);
  limit(ctx.limits.signInSignUps, address);
  if (!config.enableSignup) throw authError(422, 'signup_disabled', 'Signups not allowed for this instance');
  if (absent(r.body.email) && absent(r.body.phone)) return signInAnonymously(ctx, r);
  const email = normalizeEmail(field(r.body, 'email'));
  const password = field(r.body, 'password');
  if (password === '') throw authError(400, 'validation_failed', 'Signup requires a valid password');
  checkPassword(password, config.minPasswordLength);
  const data = objectField(r.body, 'data') ?? {};
  const redirectTo = resolveRedirect(queryParam(r.query, 'redirect_to'), config.siteUrl, config.additionalRedirectUrls);
  // Every signup may send an email, so each counts against the address's email budget.
  if (config.enableConfirmations) limit(ctx.limits.emailSent, address, overEmailSendRateLimit);
  // bcrypt runs before the transaction so the (serialised) database is not held while hashing.
  const hash = await hashPassword(password, config.bcryptCost);

  let email_: AuthEmail | null = null;
  let rehearsed: AuthEmail | null = null;
  const answer = await ctx.db.transaction(async (tx) => {
    const existing = await userByEmail(tx, email);
    if (existing?.email_confirmed_at) {
      if (!config.enableConfirmations) throw authError(422, 'user_already_exists', 'User already registered');
      rehearsed = await rehearseNewUser(tx, hash, data, redirectTo);
      return json(200, obfuscatedUser(email, data));
    }
    if (existing) {
      await tx.query(`update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1`, [existing.id, data]);
      email_ = await issueEmailToken(tx, existing, 'signup', redirectTo, config.emailMaxFrequencySeconds);
      const user = (await userById(tx, existing.id))!;
      return json(200, userJson(user, await identitiesOf(tx, user.id)));
    }
    const user = await createUser(tx, email, hash, data, !config.enableConfirmations);
    if (!config.enableConfirmations) return json(200, await startSession(tx, config, user, 'password'));
    email_ = await issueEmailToken(tx, user, 'signup', redirectTo, 0);
    const reloaded = (await userById(tx, user.id))!;
    return json(200, userJson(reloaded, await identitiesOf(tx, user.id)));
  });
  if (email_) await ctx.mailer.send(email_);
  // Rendered like the real email, and dropped.
  if (rehearsed) await ctx.mailer.compose(rehearsed);
  return answer;
}

/**
 * GoTrue's anonymous sign-in: a user with no email, no identity and `is_anonymous` true (also in
 * the access token), signed in at once. Hosted checks the CAPTCHA token (`gotrue_meta_security`)
 * here as on every signup; this backend accepts any, as it does there.
 */
async function signInAnonymously(ctx: AuthContext, r: AuthRequest): Promise<Reply> {
  if (!ctx.config.enableAnonymousSignIns) throw authError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  const data = objectField(r.body, 'data') ?? {};
  return json(
    200,
    await ctx.db.transaction(async (tx) => {
      const id = randomUUID();
      await tx.query(
        `insert into auth.users (instance_id, id, aud, role, raw_app_meta_data, raw_user_meta_data, last_sign_in_at, is_anonymous,
                                 created_at, updated_at, confirmation_token, recovery_token, email_change_token_new, email_change)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, now(), true, now(), now(), '', '', '', '')`,
        [id, { provider: 'anonymous', providers: ['anonymous'] }, data],
      );
      return startSession(tx, ctx.config, (await userById(tx, id))!, 'anonymous');
    }),
  );
}

/**
 * The work of a new address's signup (the user and identity rows with their triggers, the
 * confirmation token, the reloads), done for a made-up address inside a savepoint and rolled
 * back. A signup for a confirmed address does it, so that it answers in the same time as one
 * for a new address (`npm run bench:api` compares the two); returns the email it would send.
 */
async function rehearseNewUser(tx: Sql, hash: string, data: Record<string, unknown>, redirectTo: string): Promise<AuthEmail | null> {
  await tx.query('savepoint rehearsal');
  try {
    const user = await createUser(tx, `${randomUUID()}@rehearsal.invalid`, hash, data, false);
    const email = await issueEmailToken(tx, user, 'signup', redirectTo, 0);
    userJson((await userById(tx, user.id))!, await identitiesOf(tx, user.id));
    return email;
  } catch (err) {
    // Whatever failed is rolled back below; the confirmed address's answer does not change.
    console.error(`[auth] signup rehearsal failed: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  } finally {
    await tx.query('rollback to savepoint rehearsal');
  }
}

/** Inserts the user and its email identity; a failing trigger becomes GoTrue's 500. */
async function createUser(tx: Sql, email: string, hash: string, data: Record<string, unknown>, confirmed: boolean): Promise<UserRow> {
  const id = randomUUID();
  try {
    await tx.query(
      // Like the real Auth server, which writes every column of its user, the string columns it
      // reads back get '' rather than the table's NULL.
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data,
                               email_confirmed_at, last_sign_in_at, is_anonymous, created_at, updated_at,
                               confirmation_token, recovery_token, email_change_token_new, email_change)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, $4, $5,
               ${confirmed ? 'now(), now()' : 'null, null'}, false, now(), now(), '', '', '', '')`,
      [id, email, hash, { provider: 'email', providers: ['email'] }, data],
    );
    await tx.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1, $2, $3, 'email', ${confirmed ? 'now()' : 'null'}, now(), now())`,
      [id, id, { ...data, sub: id, email, email_verified: confirmed, phone_verified: false }],
    );
  } catch (err) {
    if (isPgError(err) && err.code === '23505') {
      // Two signups for one address raced; the other one won.
      throw authError(422, 'user_already_exists', 'User already registered');
    }
    console.error(`[auth] creating a user failed: ${err instanceof Error ? err.message : String(err)}`);
    throw authError(500, 'unexpected_failure', 'Database error saving new user');
  }
  return (await userById(tx, id))!;
}

/** GoTrue's sanitizeUser: a random id, no identities and no confirmation dates. */
function obfuscatedUser(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
