// Error responses in the shapes supabase-js understands: GoTrue's envelope for /auth/v1 and
// PostgREST's {code, details, hint, message} for /rest/v1 (README.md describes both: "Auth" and
// "Errors").
import { randomUUID } from 'node:crypto';

/** An error that ends a request with a given status and JSON body. */
export class HttpError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly payload: (versioned: boolean) => unknown;
  constructor(status: number, message: string, payload: (versioned: boolean) => unknown, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.payload = payload;
    this.headers = headers;
  }
}

/**
 * A GoTrue error. With `X-Supabase-Api-Version: 2024-01-01` the body is {code, message}; without it
 * the legacy {code: status, error_code, msg}. Both carry the `x-sb-error-code` header.
 */
export function authError(status: number, code: string, message: string, extra: Record<string, unknown> = {}): HttpError {
  // GoTrue's legacy envelope names server errors with an id to find them in the logs.
  const legacyExtra = status >= 500 ? { error_id: randomUUID(), ...extra } : extra;
  return new HttpError(
    status,
    message,
    (versioned) => (versioned ? { code, message, ...extra } : { code: status, error_code: code, msg: message, ...legacyExtra }),
    { 'x-sb-error-code': code },
  );
}

/** An OAuth-style GoTrue error such as `{"error":"invalid_request","error_description":"…"}`. */
export function oauthError(status: number, error: string, description: string): HttpError {
  return new HttpError(status, description, () => ({ error, error_description: description }));
}

/** A PostgREST error body: {code, details, hint, message}. */
export function restError(
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
  headers: Record<string, string> = {},
): HttpError {
  return new HttpError(status, message, () => ({ code, details, hint, message }), headers);
}

/** The API gateway's answer to a missing or unknown `apikey` (hosted Supabase sends the same). */
export function apiKeyError(missing: boolean): HttpError {
  return new HttpError(401, missing ? 'No API key found in request' : 'Invalid API key', () =>
    missing
      ? { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' }
      : { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' },
  );
}
