// The one place an error becomes what a visitor reads. Every refusal a visitor is told about is
// known by a stable code, never by the English of a message (which differs between hosted
// Supabase and the embedded backend, and between versions): a SQLSTATE through PostgREST (the
// migrations raise their own, class RF), GoTrue's `code`, Storage's `code` and `statusCode`, and,
// after Storage refused a document, the reason the database gives (public.document_refusal).
// A dropped network and the database's spam limit get their own plain messages, because "try
// again" is wrong advice for both; a refusal by the server gets the caller's text (each form names
// its own, the specification's words); anything else is unexpected: logged for us with
// console.error, and the visitor reads a generic text, never the error's own message.
import { DOCUMENT_MESSAGES } from '../document-rules.ts';
import { failed, type Failure, type FieldErrors } from '../result.ts';
import { MIN_PASSWORD_LENGTH } from './password.ts';

/** Shown when the request never reached the server (offline, DNS, connection reset). */
export const OFFLINE_MESSAGE = 'We could not reach our server. Check your internet connection and try again. Nothing you typed was lost.';

/** Shown when the database's per-email limit refuses a submission (HTTP 429). */
export const RATE_LIMIT_MESSAGE = 'You have sent this form too many times in the last hour. Please try again later, or call or WhatsApp us.';
/**
 * The bookings' hourly ceiling across all visitors (RF011, 20261122000720_bookings.sql): reached
 * only when the calendar is being flooded, so it blames nobody's own form.
 */
export const BOOKING_CEILING_MESSAGE = 'We are receiving an unusual number of bookings right now. Please try again in an hour, or call or WhatsApp us.';

/** Shown when something failed that no one expected. */
const UNEXPECTED_MESSAGE = 'Something went wrong on our side. Please try again in a moment; nothing you typed was lost.';

/** The parts of a supabase-js error (auth, REST, Storage or fetch) the message depends on. */
interface ServiceError {
  // `| undefined`: supabase-js's AuthError declares its optional fields that way.
  message?: string | undefined;
  status?: number | undefined;
  code?: string | undefined;
  name?: string | undefined;
  /** AuthWeakPasswordError: why the auth service found the password weak. */
  reasons?: unknown;
}

const fields = (error: unknown): ServiceError => (typeof error === 'object' && error !== null ? (error as ServiceError) : {});

/** True when the request failed before any answer arrived. */
function isNetworkError(error: ServiceError): boolean {
  // supabase-js reports a failed fetch as status 0 (REST) or AuthRetryableFetchError (auth), whose
  // message is the browser's TypeError text ("Failed to fetch", "NetworkError ...", "Load failed");
  // a chunk that cannot be downloaded offline fails with "Failed to fetch dynamically imported module".
  // These are the browsers' own words for "no answer": no server's refusal reads like them.
  if (error.name === 'AuthRetryableFetchError') return true;
  return /failed to fetch|networkerror|load failed|network request failed|error loading dynamically imported module/i.test(
    error.message ?? '',
  );
}

/**
 * True when the database's per-email limit refused the request (PostgREST's PT429). The auth
 * service's own limits are refusals like any other, with their own words (authRefusal).
 */
function isRateLimited(error: ServiceError): boolean {
  if (error.name?.startsWith('Auth')) return false;
  return error.status === 429 || error.code === 'PT429';
}

/** True when the server answered and said no (an HTTP status or a PostgREST / auth error code). */
function isAnswer(error: ServiceError): boolean {
  return (typeof error.status === 'number' && error.status >= 400) || (typeof error.code === 'string' && error.code !== '');
}

/**
 * The failure to report for `error` (a supabase-js error, or anything thrown): offline and
 * rate-limit where they apply, `refused` with the caller's text when the server answered, and
 * otherwise an unexpected failure, logged, with `unexpected` as its text.
 */
export function toFailure(error: unknown, refused: string, unexpected: string = UNEXPECTED_MESSAGE): { ok: false; error: Failure } {
  const found = fields(error);
  if (isNetworkError(found)) return failed('network', OFFLINE_MESSAGE);
  if (isRateLimited(found)) return failed('rate-limit', RATE_LIMIT_MESSAGE);
  if (found.code === 'RF011') return failed('rate-limit', BOOKING_CEILING_MESSAGE);
  // A booking without the CAPTCHA's session where the database requires one (RF013, booking_rules.captcha_required).
  if (found.code === 'RF013') return failed('refused', AUTH_MESSAGES.captcha_failed!);
  if (isAnswer(found)) return failed('refused', refused);
  console.error('Unexpected error:', error);
  return failed('unexpected', unexpected);
}

/**
 * The refusals the database ties to a form field, by the SQLSTATE the migrations raise them with
 * (class RF, supabase/migrations/); the form shows the message at that field.
 */
const FIELD_REFUSALS: Record<string, { field: string; message: string }> = {
  // The booking form's date and time, judged in Lagos: a browser whose clock disagrees is corrected.
  RF001: { field: 'date', message: 'The booking date cannot be in the past.' },
  RF003: { field: 'time', message: 'The booking time has already passed in Lagos (WAT).' },
  // The slot rules (20261122000720_bookings.sql): the form offers only open slots, so these
  // reach a visitor when a slot closed or filled between the look-up and the submit.
  RF007: { field: 'date', message: 'There are no consultation times left on this date. Please choose another date.' },
  RF008: { field: 'time', message: 'This time is not open for booking. Please choose one of the times offered.' },
  RF009: { field: 'time', message: 'This time has just been fully booked. Please choose another time.' },
  RF010: { field: 'date', message: 'You already have several upcoming consultations booked with us. To book another, please call or WhatsApp us.' },
  // The visa form's date of birth.
  RF002: { field: 'dob', message: 'The date of birth cannot be in the future.' },
};

/**
 * What staff read when one of their document actions was refused (20261122000920_document_staff_actions.sql:
 * a verdict on a file, a request for missing documents), by its SQLSTATE; `otherwise` for any
 * other failure. The words are inside the function so that the forms' shared code, which never
 * calls it, does not carry them.
 */
export function staffDocumentRefusal(error: unknown, otherwise: string): string {
  const refusals: Record<string, string> = {
    RF004: DOCUMENT_MESSAGES.decided,
    RF005: 'One of these documents has just been provided. Look at the checklist again and ask for what is still missing.',
    RF006: 'This file is no longer there: the applicant has just removed it.',
  };
  const { code } = fields(error);
  return (code && refusals[code]) || otherwise;
}

/**
 * The failure of one of staff's document actions: its refusal by code (staffDocumentRefusal), else
 * `otherwise` (offline and the spam limit keep their own words, as everywhere).
 */
export function staffDocumentFailure(error: unknown, otherwise: string): { ok: false; error: Failure } {
  const refusal = staffDocumentRefusal(error, '');
  return refusal ? failed('refused', refusal) : toFailure(error, otherwise, otherwise);
}

/**
 * The failure of a dashboard read or action whose words the dashboard chooses where it shows it
 * (each place says what failed to load or change, "Failed to load the timeline."); the Failure
 * keeps the kind, and the generic text stands for any other reader.
 */
export function staffFailure(error: unknown): { ok: false; error: Failure } {
  return toFailure(error, UNEXPECTED_MESSAGE);
}

/** The field message for a PostgREST refusal of a submission, when its code names one. */
export function fieldRefusal(error: unknown): FieldErrors | undefined {
  const { code } = fields(error);
  const refusal = code ? FIELD_REFUSALS[code] : undefined;
  return refusal ? { [refusal.field]: refusal.message } : undefined;
}

/**
 * The visitor's words for the auth service's (GoTrue's) refusals, by their `code`. The
 * specification shows "the authentication service's own message" for login, signup and reset
 * errors: where GoTrue's words are written for people they are kept word for word; where they are
 * written for developers ("Unable to validate email address: invalid format", "captcha protection:
 * request disallowed (…)"), or change with settings, these say the same thing plainly.
 */
const AUTH_MESSAGES: Record<string, string> = {
  invalid_credentials: 'Invalid login credentials',
  same_password: 'New password should be different from the old password.',
  validation_failed: 'Please check the email address and password, then try again.',
  email_address_invalid: 'We cannot send email to this address. Please check it, or use another one.',
  email_address_not_authorized: 'We cannot send email to this address yet. Please use another one, or contact us.',
  over_email_send_rate_limit: 'We have just sent an email to this address. Please wait a minute before asking for another.',
  over_request_rate_limit: 'Too many attempts in a short time. Please wait a few minutes and try again.',
  captcha_failed: 'The security check was not completed. Please complete it and try again.',
  signup_disabled: 'New accounts cannot be created at the moment. Please contact us.',
  email_provider_disabled: 'Signing in with email is not available at the moment. Please contact us.',
  user_banned: 'This account has been suspended. Please contact us.',
  user_already_exists: 'An account with this email address already exists. Please log in instead.',
  email_exists: 'An account with this email address already exists. Please log in instead.',
  reauthentication_needed: 'Please log in again to change your password.',
  // The second factor (src/lib/auth/second-factor.ts).
  mfa_verification_failed: 'That code is not right. Type the 6-digit code your authenticator app shows now.',
  mfa_challenge_expired: 'That code has expired. Type the code your authenticator app shows now.',
  mfa_ip_address_mismatch: 'That code could not be checked. Please type the code your app shows now.',
  mfa_factor_name_conflict: 'You already have an authenticator app with this name. Please choose another name.',
  mfa_factor_not_found: 'This authenticator app is no longer set up for your account. Please reload the page.',
  too_many_enrolled_mfa_factors: 'You have set up as many authenticator apps as allowed. Remove one first.',
  insufficient_aal: 'Please log in again with your authentication code to change this.',
};

/** GoTrue's codes for a session that has ended (signed out elsewhere, expired, the user deleted). */
const SESSION_GONE = new Set(['session_not_found', 'session_expired', 'user_not_found', 'bad_jwt', 'no_authorization', 'refresh_token_not_found', 'refresh_token_already_used']);

const SESSION_GONE_MESSAGE = 'Your session has ended. Please log in again.';

/** Why GoTrue found a password weak (`weak_password.reasons`), in the visitor's words. */
const WEAK_PASSWORD_REASONS: Record<string, string> = {
  length: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
  characters: 'Password should include upper- and lower-case letters, digits and symbols.',
  pwned: 'This password is known to be weak and easy to guess. Please choose a different one.',
};

/** True when the auth service refused because the visitor's session is gone (supabase-js found none, or GoTrue says so). */
export function isSessionGone(error: unknown): boolean {
  const { name, code } = fields(error);
  return name === 'AuthSessionMissingError' || (code !== undefined && SESSION_GONE.has(code));
}

/**
 * What the visitor reads when the auth service refused (4xx), by its code; a refusal with a code
 * nobody mapped is logged and reads a generic text, as does a server error.
 */
export function authRefusal(error: unknown): string {
  const found = fields(error);
  const { status, code } = found;
  if (typeof status !== 'number' || status < 400 || status >= 500) return UNEXPECTED_MESSAGE;
  if (code === 'weak_password') {
    const reasons = Array.isArray(found.reasons) ? found.reasons.map((reason) => WEAK_PASSWORD_REASONS[String(reason)]).filter(Boolean) : [];
    return reasons.length > 0 ? reasons.join(' ') : 'Please choose a stronger password.';
  }
  if (isSessionGone(error)) return SESSION_GONE_MESSAGE;
  const message = code ? AUTH_MESSAGES[code] : undefined;
  if (message) return message;
  console.error('Unexpected auth refusal:', error);
  return UNEXPECTED_MESSAGE;
}

/** Why Storage refused a document's upload; `denied` (its 403) is explained by asking the database why. */
export type UploadFailureKind = 'tooLarge' | 'wrongType' | 'duplicate' | 'denied' | 'network';

/** Storage's error codes (supabase/storage src/internal/errors/codes.ts) that a visitor is told about. */
const STORAGE_CODES: Record<string, UploadFailureKind> = {
  EntityTooLarge: 'tooLarge',
  InvalidMimeType: 'wrongType',
  KeyAlreadyExists: 'duplicate',
  ResourceAlreadyExists: 'duplicate',
  AccessDenied: 'denied',
};

/**
 * What Storage's answer to an upload means (`status` 0: no answer at all). Storage answers most
 * errors with HTTP 400 and `{statusCode, code, error, message}`; the code decides. A 413 with no
 * Storage body (a proxy's) is too large as well; anything else failed on the way and is worth
 * sending again.
 */
export function uploadFailureKind(status: number, body: string): UploadFailureKind {
  if (status === 0) return 'network';
  let code: unknown;
  try {
    code = (JSON.parse(body) as { code?: unknown } | null)?.code;
  } catch {
    code = undefined;
  }
  const kind = typeof code === 'string' ? STORAGE_CODES[code] : undefined;
  if (kind) return kind;
  return status === 413 ? 'tooLarge' : 'network';
}

/** What a visitor reads about the file `name` that Storage refused as `kind` (not `denied`: see documentRefusalMessage). */
export function uploadFailureMessage(kind: Exclude<UploadFailureKind, 'denied'>, name: string): string {
  switch (kind) {
    case 'tooLarge':
      return DOCUMENT_MESSAGES.tooLarge(name);
    case 'wrongType':
      return DOCUMENT_MESSAGES.wrongType(name);
    case 'duplicate':
      return DOCUMENT_MESSAGES.duplicate(name);
    case 'network':
      return DOCUMENT_MESSAGES.uploadFailed(name);
  }
}

/** The reasons public.document_refusal gives, in the visitor's words. */
const DOCUMENT_REFUSALS: Record<string, string> = {
  decided: DOCUMENT_MESSAGES.decided,
  full: DOCUMENT_MESSAGES.tooMany,
  item_full: DOCUMENT_MESSAGES.itemFull,
  not_theirs: DOCUMENT_MESSAGES.notTheirs,
};

/**
 * What a visitor reads after Storage refused to add or remove a document of theirs, from the
 * reason the database gives (`reason`), or undefined when it gives none (nothing stops them now:
 * the refusal was passing, such as an expired token, and sending again is the advice) or the
 * question could not be asked.
 */
export function documentRefusalMessage(reason: unknown): string | undefined {
  return typeof reason === 'string' ? DOCUMENT_REFUSALS[reason] : undefined;
}
