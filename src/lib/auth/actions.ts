// The account calls the forms make (sign up, log in, resend the verification email, request and
// complete a password reset, edit the profile, list one's applications), each returning the exact
// text the visitor should read. Messages are the specification's (section 8) or, for anything
// else, the auth service's own; a dropped network says so instead. supabase-js is imported on
// demand, as in the store, so the account pages load it only when they need it.
import { OFFLINE_MESSAGE, isNetworkError, type SubmitError } from '../forms/errors.ts';
import type { ProfileData } from '../forms/profile.ts';
import type { SignupData } from '../forms/signup.ts';
import { takeCaptcha } from './captcha.ts';
import { refreshProfile } from './store.ts';

export const MESSAGES = {
  signupSuccess:
    'Signup successful! A verification email has been sent to your email address. Please verify your email to complete the registration process.',
  emailNotVerified: 'Email not verified. Please check your email inbox for the verification link.',
  loginSuccess: 'Login successful!',
  resendSent: 'Verification email sent! Please check your inbox.',
  resendAlreadyVerified: 'Your email is already verified. You can log in.',
  resendFailed: 'Unable to resend verification email. Make sure the credentials are correct.',
  resetSent: 'Password reset email sent! Check your inbox.',
  passwordSaved: 'Your new password is saved and you are now logged in.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  profileSaved: 'Your profile has been updated.',
  profileSaveFailed: 'We could not save your profile. Please try again.',
} as const;

/** Where email links land: pages of the origin the visitor is on (allowed by supabase/config.toml). */
export const VERIFY_PATH = '/verify';
export const SET_PASSWORD_PATH = '/set-password';

export type ActionResult = { ok: true; message: string } | { ok: false; message: string };

const loadSupabase = () => import('../supabase.ts').then((module) => module.getSupabase());

/**
 * Starts downloading supabase-js without creating the client (which would read the address bar):
 * the forms call it when the visitor starts typing, so submitting does not wait for the download.
 */
export function preloadSupabase(): void {
  void import('../supabase.ts').catch(() => undefined);
}
const linkTo = (path: string) => `${window.location.origin}${path}`;

/** The service's own message for a failed auth call, or the offline message when nothing answered. */
export function authErrorMessage(error: SubmitError): string {
  if (isNetworkError(error)) return OFFLINE_MESSAGE;
  return error.message || 'Something went wrong. Please try again.';
}

/**
 * Runs an action and turns a thrown error (supabase-js failed to load offline, or threw) into the
 * offline message, so a form always gets an answer and keeps what was typed.
 */
async function guarded(action: () => Promise<ActionResult>): Promise<ActionResult> {
  try {
    return await action();
  } catch (error) {
    return { ok: false, message: authErrorMessage(error as SubmitError) };
  }
}

/**
 * Creates the account with every profile detail as metadata (the signup trigger copies them into
 * public.profiles, role 'user' whatever is sent). An address that already exists gets the same
 * success text: the service answers with an obfuscated user and sends nothing, so no one learns
 * which addresses have accounts.
 */
export function signUp({ email, password, ...profile }: SignupData): Promise<ActionResult> {
  return guarded(async () => {
    const supabase = await loadSupabase();
    const { error } = await supabase.auth.signUp({
      email,
      password,
      options: { data: profile, emailRedirectTo: linkTo(VERIFY_PATH), ...takeCaptcha() },
    });
    return error ? { ok: false, message: authErrorMessage(error) } : { ok: true, message: MESSAGES.signupSuccess };
  });
}

export type LoginResult = ActionResult & { unverified?: boolean };

/**
 * Logs in. An unverified address is refused by the service ('Email not confirmed'); the visitor is
 * left signed out with the specification's message and `unverified` set, so the form offers to
 * resend the link.
 */
export function logIn(email: string, password: string): Promise<LoginResult> {
  return guarded(async () => {
    const supabase = await loadSupabase();
    const { error } = await supabase.auth.signInWithPassword({ email, password, options: takeCaptcha() });
    if (!error) return { ok: true, message: MESSAGES.loginSuccess };
    if (error.code === 'email_not_confirmed') {
      await supabase.auth.signOut({ scope: 'local' });
      return { ok: false, unverified: true, message: MESSAGES.emailNotVerified };
    }
    return { ok: false, message: authErrorMessage(error) };
  });
}

/**
 * The Resend Verification Email button (PRODUCT.md): retries the typed credentials, so it tells
 * nothing to someone who does not know the password. A sign-in means the address is verified (the
 * session is dropped again: the visitor asked for an email, not to log in); 'Email not confirmed'
 * means the credentials are right and the link is sent again; anything else is a failure.
 */
export async function resendVerification(email: string, password: string): Promise<ActionResult> {
  try {
    const supabase = await loadSupabase();
    const { error } = await supabase.auth.signInWithPassword({ email, password });
    if (!error) {
      await supabase.auth.signOut({ scope: 'local' });
      return { ok: true, message: MESSAGES.resendAlreadyVerified };
    }
    if (error.code !== 'email_not_confirmed') return { ok: false, message: MESSAGES.resendFailed };
    const resent = await supabase.auth.resend({ type: 'signup', email, options: { emailRedirectTo: linkTo(VERIFY_PATH) } });
    return resent.error ? { ok: false, message: MESSAGES.resendFailed } : { ok: true, message: MESSAGES.resendSent };
  } catch {
    return { ok: false, message: MESSAGES.resendFailed };
  }
}

/** Sends the reset link (the service answers the same for unknown addresses). */
export function requestPasswordReset(email: string): Promise<ActionResult> {
  return guarded(async () => {
    const supabase = await loadSupabase();
    const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: linkTo(SET_PASSWORD_PATH) });
    return error ? { ok: false, message: authErrorMessage(error) } : { ok: true, message: MESSAGES.resetSent };
  });
}

/** Saves a new password for the signed-in visitor (the reset link signed them in). */
export function setNewPassword(password: string): Promise<ActionResult> {
  return guarded(async () => {
    const supabase = await loadSupabase();
    const { error } = await supabase.auth.updateUser({ password });
    if (!error) return { ok: true, message: MESSAGES.passwordSaved };
    // The link's session is gone (expired, or signed out in another tab).
    if (error.name === 'AuthSessionMissingError') return { ok: false, message: MESSAGES.resetLinkInvalid };
    return { ok: false, message: authErrorMessage(error) };
  });
}

/**
 * Saves the user's own details (never email or role: the column grants refuse both anyway) and
 * reloads the profile in the store so the page and the nav show what the database now holds.
 */
export function saveProfile(userId: string, profile: ProfileData): Promise<ActionResult> {
  return guarded(async () => {
    const supabase = await loadSupabase();
    const { data, error } = await supabase.from('profiles').update(profile).eq('id', userId).select('id');
    if (error) return { ok: false, message: isNetworkError(error) ? OFFLINE_MESSAGE : MESSAGES.profileSaveFailed };
    // Row-level security hides rows instead of refusing them: no row back means nothing was saved.
    if (!data || data.length === 0) return { ok: false, message: MESSAGES.profileSaveFailed };
    await refreshProfile();
    return { ok: true, message: MESSAGES.profileSaved };
  });
}

/** One of the user's visa applications, as /profile lists it. */
export interface OwnApplication {
  id: string;
  visa_type: string;
  submitted_at: string;
  status: string;
}

/** The user's own applications, newest first (an admin's profile lists only their own too). */
export async function listOwnApplications(userId: string): Promise<{ data: OwnApplication[] } | { error: string }> {
  try {
    const supabase = await loadSupabase();
    const { data, error } = await supabase
      .from('visa_applications')
      .select('id, visa_type, submitted_at, status')
      .eq('user_id', userId)
      .order('submitted_at', { ascending: false });
    if (error) return { error: isNetworkError(error) ? OFFLINE_MESSAGE : APPLICATIONS_FAILED };
    return { data: data ?? [] };
  } catch {
    return { error: OFFLINE_MESSAGE };
  }
}

export const APPLICATIONS_FAILED = 'We could not load your applications. Please try again.';
