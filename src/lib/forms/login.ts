// The login form: an email address and a password, both required.
import * as z from 'zod/mini';
import { email } from './fields.ts';
import { currentPassword } from './password.ts';

export const loginSchema = z.object({ email: email(), password: currentPassword });
export type LoginData = z.infer<typeof loginSchema>;

/** What the login form says (specification section 8; docs/product-decisions.md for the resend button's three outcomes). */
export const LOGIN_TEXTS = {
  success: 'Login successful!',
  emailNotVerified: 'Email not verified. Please check your email inbox for the verification link.',
  resendSent: 'Verification email sent! Please check your inbox.',
  resendAlreadyVerified: 'Your email is already verified. You can log in.',
  resendFailed: 'Unable to resend verification email. Make sure the credentials are correct.',
  /** Only with a CAPTCHA: the credentials were checked with the challenge, and the email needs another (src/lib/auth/actions.ts). */
  resendSolveAgain: 'Your details are correct. Complete the security check again, then choose Resend Verification Email.',
} as const;
