// The account calls the forms make (sign up, log in, resend the verification email, request and
// complete a password reset, edit the profile); one's applications are read by
// src/lib/own-applications.ts. Each returns a Result
// (src/lib/result.ts); the texts are the forms' own (src/lib/forms/), or, for a refusal of the auth
// service, the words src/lib/forms/errors.ts gives its code.
import type { SiteClient } from '../database.ts';
import { authRefusal, isSessionGone, toFailure } from '../forms/errors.ts';
import { LOGIN_TEXTS } from '../forms/login.ts';
import { PROFILE_SAVE_TEXTS, type ProfileData } from '../forms/profile.ts';
import { RESET_TEXTS } from '../forms/reset.ts';
import type { SignupData } from '../forms/signup.ts';
import { failed, succeeded, type Result } from '../result.ts';
import { loadSupabase } from '../supabase-loader.ts';
import { captchaConfig, takeCaptcha } from '../captcha.ts';
import { forgetEmailLink, type EmailLink } from './link.ts';
import { refreshProfile } from './store.ts';

/** Where email links land: pages of the origin the visitor is on (allowed by supabase/config.toml). */
const VERIFY_PATH = '/verify';
const SET_PASSWORD_PATH = '/set-password';

const linkTo = (path: string) => `${window.location.origin}${path}`;

/**
 * Runs `action` with the client. Anything it throws (supabase-js failed to load offline, or a
 * bug) becomes a failure too, so a form always gets an answer and keeps what was typed.
 */
async function withClient<T>(action: (supabase: SiteClient) => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await action(await loadSupabase());
  } catch (error) {
    return toFailure(error, authRefusal(error));
  }
}

/** An auth call's failure: the words for the service's refusal, offline or generic otherwise. */
const authFailure = (error: unknown) => toFailure(error, authRefusal(error));

/**
 * Creates the account with every profile detail as metadata (the signup trigger copies them into
 * public.profiles, role 'user' whatever is sent). An address that already exists succeeds alike:
 * the service answers with an obfuscated user and sends nothing, so no one learns which addresses
 * have accounts.
 */
export function signUp({ email, password, ...profile }: SignupData): Promise<Result> {
  return withClient(async (supabase) => {
    const { error } = await supabase.auth.signUp({
      email,
      password,
      options: { data: profile, emailRedirectTo: linkTo(VERIFY_PATH), ...takeCaptcha() },
    });
    return error ? authFailure(error) : succeeded();
  });
}

/**
 * Logs in. An unverified address is refused by the service ('Email not confirmed'); the visitor is
 * left signed out and the failure's kind is `unverified`, so the form offers to resend the link.
 */
export function logIn(email: string, password: string): Promise<Result> {
  return withClient(async (supabase) => {
    const { error } = await supabase.auth.signInWithPassword({ email, password, options: takeCaptcha() });
    if (!error) return succeeded();
    if (error.code === 'email_not_confirmed') {
      await supabase.auth.signOut({ scope: 'local' });
      return failed('unverified', LOGIN_TEXTS.emailNotVerified);
    }
    return authFailure(error);
  });
}

/** An email address and password as the login form holds them (the address trimmed). */
export interface Credentials {
  email: string;
  password: string;
}

/** What the Resend Verification Email button did; 'solve-again' only with a CAPTCHA (resendVerification). */
type ResendOutcome = 'sent' | 'already-verified' | 'solve-again';

/**
 * The Resend Verification Email button (docs/product-decisions.md): retries the typed credentials, so it tells
 * nothing to someone who does not know the password. A sign-in means the address is verified (the
 * session is dropped again: the visitor asked for an email, not to log in); 'Email not confirmed'
 * means the credentials are right and the link is sent again; anything else is a failure.
 * With a CAPTCHA, the sign-in and the resend each need a solved challenge of their own, and the
 * widget holds one. `unverified` are credentials the service has just found right but not
 * verified (the refused login that showed the button): for them the sign-in is not repeated and
 * the challenge goes to the resend. Other credentials are checked first; when they are right but
 * not verified, the answer is 'solve-again' and nothing is sent: the next press, with the
 * challenge solved again, sends.
 */
export async function resendVerification(email: string, password: string, unverified?: Credentials): Promise<Result<ResendOutcome>> {
  const result = await withClient(async (supabase): Promise<Result<ResendOutcome>> => {
    const captcha = captchaConfig() !== null;
    const checked = captcha && unverified?.email === email && unverified.password === password;
    if (!checked) {
      const { error } = await supabase.auth.signInWithPassword({ email, password, options: takeCaptcha() });
      if (!error) {
        await supabase.auth.signOut({ scope: 'local' });
        return succeeded('already-verified');
      }
      if (error.code !== 'email_not_confirmed') return failed('refused', LOGIN_TEXTS.resendFailed);
      if (captcha) return succeeded('solve-again');
    }
    const resent = await supabase.auth.resend({ type: 'signup', email, options: { emailRedirectTo: linkTo(VERIFY_PATH), ...takeCaptcha() } });
    return resent.error ? failed('refused', LOGIN_TEXTS.resendFailed) : succeeded('sent');
  });
  // Whatever went wrong, the button's own failure text is the answer (docs/product-decisions.md).
  return result.ok ? result : failed(result.error.kind, LOGIN_TEXTS.resendFailed);
}

/** Sends the reset link (the service answers the same for unknown addresses), with the CAPTCHA's token when there is one. */
export function requestPasswordReset(email: string): Promise<Result> {
  return withClient(async (supabase) => {
    const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: linkTo(SET_PASSWORD_PATH), ...takeCaptcha() });
    return error ? authFailure(error) : succeeded();
  });
}

/**
 * Spends an email link's token (verifyOtp with its token_hash and type), which signs the visitor
 * in: the auth store hears it, and the nav with it. The token leaves the address bar whatever the
 * answer: a refusal (used, expired or unknown) is `refused` with `invalid` as its text; with no
 * answer (offline) it stays, to be tried again.
 */
export function verifyEmailLink(link: EmailLink, invalid: string): Promise<Result> {
  return withClient(async (supabase) => {
    const { error } = await supabase.auth.verifyOtp({ token_hash: link.tokenHash, type: link.type });
    const result = error ? toFailure(error, invalid) : succeeded();
    if (result.ok || result.error.kind === 'refused') forgetEmailLink();
    return result;
  });
}

/** Saves a new password for the signed-in visitor (the reset link signed them in). */
export function setNewPassword(password: string): Promise<Result> {
  return withClient(async (supabase) => {
    const { error } = await supabase.auth.updateUser({ password });
    if (!error) return succeeded();
    // The link's session is gone (expired, or signed out in another tab).
    if (isSessionGone(error)) return failed('refused', RESET_TEXTS.linkInvalid);
    return authFailure(error);
  });
}

/**
 * Saves the user's own details (never email or role: the column grants refuse both anyway) and
 * reloads the profile in the store so the page and the nav show what the database now holds.
 */
export function saveProfile(userId: string, profile: ProfileData): Promise<Result> {
  return withClient(async (supabase) => {
    const { data, error, status } = await supabase.from('profiles').update(profile).eq('id', userId).select('id');
    if (error) return toFailure({ ...error, status }, PROFILE_SAVE_TEXTS.failed, PROFILE_SAVE_TEXTS.failed);
    // Row-level security hides rows instead of refusing them: no row back means nothing was saved.
    if (!data || data.length === 0) return failed('refused', PROFILE_SAVE_TEXTS.failed);
    await refreshProfile();
    return succeeded();
  });
}
