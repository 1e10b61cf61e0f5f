// Password rules the forms check before the auth service does. The minimum is the one of
// supabase/config.toml (auth.minimum_password_length, which the hosted project and the local
// backend both enforce); tests/db/form-limits.test.ts keeps the two equal. The maximum is the
// auth service's (bcrypt reads 72 bytes).
import * as z from 'zod/mini';

export const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 72;

/** The auth service's own wording for a short password, so the form and the service agree. */
const SHORT_PASSWORD_MESSAGE = `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`;

/** A new password (signup, set a new password). Not trimmed: spaces are part of a password. */
export const newPassword = z.string().check(
  z.minLength(1, 'Please enter a password.'),
  z.minLength(MIN_PASSWORD_LENGTH, SHORT_PASSWORD_MESSAGE),
  z.maxLength(MAX_PASSWORD_LENGTH, `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters.`),
);

/**
 * The password of an existing account (login). No length rule: accounts made under an older
 * policy must still be able to log in.
 */
export const currentPassword = z.string().check(z.minLength(1, 'Please enter your password.'));
