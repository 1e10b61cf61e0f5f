// The two halves of a password reset: asking for the link (an email address) and, on the page the
// link opens, the new password typed twice.
import * as z from 'zod/mini';
import { email } from './fields.ts';
import { newPassword } from './password.ts';

export const resetRequestSchema = z.object({ email: email() });
export type ResetRequestData = z.infer<typeof resetRequestSchema>;

const PASSWORDS_DIFFER_MESSAGE = 'The two passwords do not match.';

export const setPasswordSchema = z
  .object({
    password: newPassword,
    confirm: z.string().check(z.minLength(1, 'Please type the new password again.')),
  })
  .check(
    z.refine((data) => data.password === data.confirm, { message: PASSWORDS_DIFFER_MESSAGE, path: ['confirm'] }),
  );
export type SetPasswordData = z.infer<typeof setPasswordSchema>;

/** What the reset request form (/reset) and the new-password page (/set-password) say. */
export const RESET_TEXTS = {
  sent: 'Password reset email sent! Check your inbox.',
  passwordSaved: 'Your new password is saved and you are now logged in.',
  linkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
} as const;
