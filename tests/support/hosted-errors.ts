// Error answers as hosted Supabase sends them, pinned from the servers' source: Supabase Storage
// (github.com/supabase/storage), GoTrue (github.com/supabase/auth) and PostgREST
// (github.com/PostgREST/postgrest). Each names the file its status, headers and body come from.
// The browser's mapping (src/lib/forms/errors.ts) is tested with these, and the embedded backend
// (supabase/local/) is tested to answer the same for the cases it shares. Key order is the
// servers' own where it is fixed (Storage's error handler spreads its render(); PostgREST's aeson
// objects sort their keys; GoTrue's structs keep field order).

/** One HTTP answer: status, headers and JSON body. */
export interface HostedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

const json = { 'content-type': 'application/json; charset=utf-8' };

/**
 * Supabase Storage. A StorageBackendError renders as {statusCode, code, error, message} with the
 * status as a string (src/internal/errors/storage-error.ts render(), `error` then overwritten by
 * the error's own `error` field in src/http/error-handler.ts), sent with HTTP 400 for every status
 * but 500 (userStatusCode); the codes and words are src/internal/errors/codes.ts's ERRORS.
 */
export const STORAGE = {
  /**
   * A policy's refusal of the trial write, or a trigger's 42501: DBError.fromDBError
   * (src/storage/database/errors.ts) makes it ERRORS.AccessDenied with Postgres' message, a
   * row-level security violation's made uniform.
   */
  accessDenied: (message = 'new row violates row-level security policy'): HostedAnswer => ({
    status: 400,
    headers: json,
    body: { statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message },
  }),
  /** An expired token: src/http/plugins/jwt.ts throws ERRORS.AccessDenied with jose's message. */
  expiredToken: (): HostedAnswer => STORAGE.accessDenied('"exp" claim timestamp check failed'),
  /** Any SQLSTATE DBError.fromDBError does not name (a trigger raising P0001, say): ERRORS.DatabaseError, HTTP 500. */
  databaseError: (sqlState: string): HostedAnswer => ({
    status: 500,
    headers: json,
    body: { statusCode: '500', code: 'DatabaseError', error: 'DatabaseError', message: `database error, code: ${sqlState}` },
  }),
  /** An upload to a name already stored: createObject (src/storage/database/pg.ts) turns 23505 into ERRORS.KeyAlreadyExists. */
  keyAlreadyExists: (): HostedAnswer => ({
    status: 400,
    headers: json,
    body: { statusCode: '409', code: 'KeyAlreadyExists', error: 'Duplicate', message: 'The resource already exists' },
  }),
  /** Over the bucket's file_size_limit: ERRORS.EntityTooLarge (src/storage/uploader.ts). */
  entityTooLarge: (): HostedAnswer => ({
    status: 400,
    headers: json,
    body: { statusCode: '413', code: 'EntityTooLarge', error: 'Payload too large', message: 'The object exceeded the maximum allowed size' },
  }),
  /** A type outside allowed_mime_types: validateMimeType (src/storage/uploader.ts) throws ERRORS.InvalidMimeType. */
  invalidMimeType: (mimeType: string): HostedAnswer => ({
    status: 400,
    headers: json,
    body: { statusCode: '415', code: 'InvalidMimeType', error: 'invalid_mime_type', message: `mime type ${mimeType} is not supported` },
  }),
  /** ERRORS.NoSuchKey. */
  noSuchKey: (): HostedAnswer => ({
    status: 400,
    headers: json,
    body: { statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' },
  }),
  /**
   * A route hosted does not know under /object or /bucket: setRestNotFoundHandler
   * (src/http/not-found-handler.ts), a real HTTP 404, its body serialized by errorSchema
   * (src/http/schemas/error.ts) in that order; `target` is the request's raw URL behind the
   * gateway (no /storage/v1), query included.
   */
  routeNotFound: (method: string, target: string): HostedAnswer => ({
    status: 404,
    headers: json,
    body: { statusCode: '404', error: 'Not Found', message: `Route ${method}:${target} not found`, code: 'InvalidRequest' },
  }),
  /** A route outside hosted's REST prefixes: Fastify's own basic404 (fastify lib/four-oh-four.js), statusCode a number. */
  fastifyNotFound: (method: string, target: string): HostedAnswer => ({
    status: 404,
    headers: json,
    body: { message: `Route ${method}:${target} not found`, error: 'Not Found', statusCode: 404 },
  }),
} as const;

/**
 * GoTrue with `X-Supabase-Api-Version: 2024-01-01` (what supabase-js sends): {code, message}
 * (HTTPErrorResponse20240101 in internal/api/errors.go), the version echoed, the code also in
 * `x-sb-error-code`; a weak password adds `weak_password.reasons`.
 */
const gotrue = (status: number, code: string, message: string, extra: Record<string, unknown> = {}): HostedAnswer => ({
  status,
  headers: { ...json, 'x-supabase-api-version': '2024-01-01', 'x-sb-error-code': code },
  body: { code, message, ...extra },
});

export const GOTRUE = {
  /** internal/api/token.go: InvalidLoginMessage. */
  invalidCredentials: () => gotrue(400, 'invalid_credentials', 'Invalid login credentials'),
  /** internal/api/token.go. */
  emailNotConfirmed: () => gotrue(400, 'email_not_confirmed', 'Email not confirmed'),
  /** internal/api/password.go checkPasswordStrength, sent by handleResponseErrorWeakPassword (internal/api/errors.go). */
  weakPassword: (reasons: string[], message: string) => ({
    ...gotrue(422, 'weak_password', message, { weak_password: { reasons } }),
    // handleResponseErrorWeakPassword sets no x-sb-error-code with the 2024-01-01 body.
    headers: { ...json, 'x-supabase-api-version': '2024-01-01' },
  }),
  /** internal/api/password.go: over bcrypt's 72 bytes. */
  passwordTooLong: () => gotrue(400, 'validation_failed', 'Password cannot be longer than 72 characters'),
  /** internal/api/mail.go validateEmail. */
  emailInvalidFormat: () => gotrue(400, 'validation_failed', 'Unable to validate email address: invalid format'),
  /** internal/api/mail.go: the address bounced or cannot receive mail. */
  emailAddressInvalid: (address: string) => gotrue(400, 'email_address_invalid', `Email address "${address}" is invalid`),
  /** internal/api/mail.go: hosted's default mail server sends only to the project's team. */
  emailNotAuthorized: (address: string) => gotrue(400, 'email_address_not_authorized', `Email address "${address}" cannot be used as it is not authorized`),
  /** internal/api/errors.go generateFrequencyLimitErrorMessage (max_frequency). */
  emailTooSoon: (seconds: number) => gotrue(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${seconds} seconds.`),
  /** internal/api/mail.go EmailRateLimitExceeded (the project's hourly email limit). */
  emailRateLimit: () => gotrue(429, 'over_email_send_rate_limit', 'email rate limit exceeded'),
  /** internal/api/middleware.go. */
  requestRateLimit: () => gotrue(429, 'over_request_rate_limit', 'Request rate limit reached'),
  /** internal/api/middleware.go verifyCaptcha. */
  captchaMissing: () => gotrue(400, 'captcha_failed', 'captcha protection: request disallowed (no captcha_token found)'),
  /** internal/api/user.go. */
  samePassword: () => gotrue(422, 'same_password', 'New password should be different from the old password.'),
  /** internal/api/signup.go. */
  signupDisabled: () => gotrue(422, 'signup_disabled', 'Signups not allowed for this instance'),
  /** internal/api/signup.go. */
  emailSignupsDisabled: () => gotrue(400, 'email_provider_disabled', 'Email signups are disabled'),
  /** internal/api/token.go. */
  userBanned: () => gotrue(400, 'user_banned', 'User is banned'),
  /** internal/api/auth.go: the access token's session was ended. */
  sessionNotFound: () => gotrue(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  /** internal/api/middleware.go timeoutMiddleware. */
  requestTimeout: () => gotrue(504, 'request_timeout', 'Processing this request timed out, please retry after a moment.'),
  /** A code no mapping knows (GoTrue adds codes over time). */
  unknownCode: () => gotrue(400, 'some_future_code', 'Something GoTrue says in a later version'),
} as const;

/**
 * PostgREST: {code, details, hint, message} (src/library/PostgREST/Error.hs errorPayload at the
 * default client-error-verbosity "verbose"; aeson sorts the keys), status from mapSQLtoHTTP in the
 * same file (an unlisted SQLSTATE is 400, PTxyz is xyz, 23505 is 409).
 */
const postgrest = (status: number, code: string, message: string, details: string | null = null, hint: string | null = null): HostedAnswer => ({
  status,
  headers: json,
  body: { code, details, hint, message },
});

export const POSTGREST = {
  /** private.reject_past_booking_date (20261122000720_bookings.sql). */
  bookingDateInPast: () => postgrest(400, 'RF001', 'The booking date cannot be in the past.'),
  /** private.reject_past_booking_date (20261122000720_bookings.sql). */
  bookingTimePassed: () => postgrest(400, 'RF003', 'The booking time has already passed in Lagos (WAT).'),
  /** private.judge_booking_slot (20261122000720_bookings.sql): the date has no open time. */
  bookingDateClosed: () => postgrest(400, 'RF007', 'There are no consultation times left on this date. Please choose another date.'),
  /** private.judge_booking_slot: the time is not an open slot. */
  bookingTimeNotOpen: () => postgrest(400, 'RF008', 'This time is not open for booking. Please choose one of the times offered.'),
  /** private.judge_booking_slot: the slot's places are taken. */
  bookingSlotFull: () => postgrest(400, 'RF009', 'This time has just been fully booked. Please choose another time.'),
  /** private.judge_booking_slot: the client address holds the most upcoming bookings one may. */
  bookingClientLimit: () => postgrest(400, 'RF010', 'You already have 4 upcoming consultations booked with us. To book another, please call or WhatsApp us.'),
  /** private.reject_future_birth_date (20261122000300_visa_applications.sql). */
  birthDateInFuture: () => postgrest(400, 'RF002', 'The date of birth cannot be in the future.'),
  /** private.review_document, private.request_documents (20261122000920_document_staff_actions.sql). */
  applicationDecided: () => postgrest(400, 'RF004', 'This application has been decided, so its documents no longer change.'),
  /** private.request_documents. */
  documentProvidedMeanwhile: () => postgrest(400, 'RF005', 'A document asked for has been provided meanwhile.'),
  /** private.review_document. */
  documentGone: () => postgrest(400, 'RF006', 'This document is no longer there.'),
  /** private.enforce_submission_limit (20261122000400_public_forms.sql): PT429 is HTTP 429. */
  spamLimit: () =>
    postgrest(429, 'PT429', 'Too many submissions from this email address. Please try again in an hour.', null, 'Each email address may submit this form 5 times per hour.'),
  /** The same refusal under client-error-verbosity = "minimal": code and message only. */
  bookingDateInPastMinimal: (): HostedAnswer => ({ status: 400, headers: json, body: { code: 'RF001', message: 'The booking date cannot be in the past.' } }),
  /** A CHECK constraint (a blank name). */
  checkViolation: () =>
    postgrest(400, '23514', 'new row for relation "bookings" violates check constraint "bookings_full_name_check"', 'Failing row contains (…).'),
  /** A value outside an enum (a country outside the list): PostgreSQL's invalid_text_representation. */
  enumViolation: () => postgrest(400, '22P02', 'invalid input value for enum booking_country: "France"'),
} as const;
