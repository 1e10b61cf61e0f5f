// The one place an error becomes what a visitor reads. A dropped network and the database's spam
// limit get their own plain messages, because "try again" is wrong advice for both; a refusal by
// the server gets the caller's text (each form names its own, the specification's words); anything
// else is unexpected: logged for us with console.error, and the visitor reads a generic text,
// never the error's own message.
import { failed, type Failure } from '../result.ts';

/** Shown when the request never reached the server (offline, DNS, connection reset). */
export const OFFLINE_MESSAGE = 'We could not reach our server. Check your internet connection and try again. Nothing you typed was lost.';

/** Shown when the database's per-email limit refuses a submission (HTTP 429). */
export const RATE_LIMIT_MESSAGE = 'You have sent this form too many times in the last hour. Please try again later, or call or WhatsApp us.';

/** Shown when something failed that no one expected. */
const UNEXPECTED_MESSAGE = 'Something went wrong on our side. Please try again in a moment; nothing you typed was lost.';

/** The parts of a supabase-js error (auth, REST or fetch) the message depends on. */
interface ServiceError {
  // `| undefined`: supabase-js's AuthError declares its optional fields that way.
  message?: string | undefined;
  status?: number | undefined;
  code?: string | undefined;
  name?: string | undefined;
}

const fields = (error: unknown): ServiceError => (typeof error === 'object' && error !== null ? (error as ServiceError) : {});

/** True when the request failed before any answer arrived. */
function isNetworkError(error: ServiceError): boolean {
  // supabase-js reports a failed fetch as status 0 (REST) or AuthRetryableFetchError (auth), whose
  // message is the browser's TypeError text ("Failed to fetch", "NetworkError ...", "Load failed");
  // a chunk that cannot be downloaded offline fails with "Failed to fetch dynamically imported module".
  if (error.name === 'AuthRetryableFetchError') return true;
  return /failed to fetch|networkerror|load failed|network request failed|error loading dynamically imported module/i.test(
    error.message ?? '',
  );
}

/**
 * True when the database's per-email limit refused the request. The auth service's own limits are
 * refusals like any other: their message says how long to wait.
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
  if (isAnswer(found)) return failed('refused', refused);
  console.error('Unexpected error:', error);
  return failed('unexpected', unexpected);
}

/**
 * The auth service's own message for a refusal it answered with (4xx: "Invalid login
 * credentials", a weak password), which is written for people; the generic text otherwise.
 */
export function authRefusal(error: unknown): string {
  const { status, message } = fields(error);
  return typeof status === 'number' && status >= 400 && status < 500 && message ? message : UNEXPECTED_MESSAGE;
}
