// What a failed submission tells the visitor. Each form names its own generic failure (the
// specification's words); a dropped network and the database's spam limit get their own plain
// messages, because "try again" is wrong advice for both.

/** Shown when the request never reached the server (offline, DNS, connection reset). */
export const OFFLINE_MESSAGE = 'We could not reach our server. Check your internet connection and try again. Nothing you typed was lost.';

/** Shown when the database's per-email limit refuses a submission (HTTP 429). */
export const RATE_LIMIT_MESSAGE = 'You have sent this form too many times in the last hour. Please try again later, or call or WhatsApp us.';

/** The parts of a supabase-js error (auth, REST or fetch) the message depends on. */
export interface SubmitError {
  // `| undefined`: supabase-js's AuthError declares its optional fields that way.
  message?: string | undefined;
  status?: number | undefined;
  code?: string | undefined;
  name?: string | undefined;
}

/** True when the request failed before any answer arrived. */
export function isNetworkError(error: SubmitError | null | undefined): boolean {
  if (!error) return false;
  // supabase-js reports a failed fetch as status 0 (REST) or AuthRetryableFetchError (auth), whose
  // message is the browser's TypeError text ("Failed to fetch", "NetworkError ...", "Load failed").
  if (error.name === 'AuthRetryableFetchError') return true;
  return /failed to fetch|networkerror|load failed|network request failed/i.test(error.message ?? '');
}

/** True when the server refused the request as too frequent. */
export function isRateLimited(error: SubmitError | null | undefined): boolean {
  return error?.status === 429 || error?.code === 'PT429' || error?.code === 'over_request_rate_limit';
}

/**
 * The message for a failed submission: the network and rate-limit messages when they apply,
 * otherwise `fallback` (the form's own failure text from the specification).
 */
export function submitErrorMessage(error: SubmitError, fallback: string): string {
  if (isNetworkError(error)) return OFFLINE_MESSAGE;
  if (isRateLimited(error)) return RATE_LIMIT_MESSAGE;
  return fallback;
}
