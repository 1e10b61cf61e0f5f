// The signup form: every profile detail (the profile schema, shared with /profile) plus the email
// address and a password. All fields are required (specification section 5).
import * as z from 'zod/mini';
import { email } from './fields.ts';
import { newPassword } from './password.ts';
import { PROFILE_FIELDS, profileShape } from './profile.ts';

export const signupSchema = z.object({ ...profileShape, email: email(), password: newPassword });
export type SignupData = z.infer<typeof signupSchema>;

/** The signup form's fields, empty. */
export const SIGNUP_INITIAL = Object.fromEntries([...PROFILE_FIELDS, 'email', 'password'].map((name) => [name, ''])) as Record<
  keyof SignupData,
  string
>;

/** What the signup form says once the account is made (specification section 8). */
export const SIGNUP_SUCCESS =
  'Signup successful! A verification email has been sent to your email address. Please verify your email to complete the registration process.';
