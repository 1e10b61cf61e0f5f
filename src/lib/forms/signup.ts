// The signup form: every profile detail (the profile schema, shared with /profile) plus the email
// address and a password. All fields are required (specification section 5).
import * as z from 'zod/mini';
import { profileShape } from './profile.ts';
import { emailAddress, newPassword } from './password.ts';

export const signupSchema = z.object({ ...profileShape, email: emailAddress, password: newPassword });
export type SignupData = z.infer<typeof signupSchema>;

export const SIGNUP_FIELDS = ['full_name', 'age', 'address', 'country', 'occupation', 'phone', 'marital_status', 'email', 'password'] as const;
export type SignupField = (typeof SIGNUP_FIELDS)[number];
