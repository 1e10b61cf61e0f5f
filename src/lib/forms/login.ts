// The login form: an email address and a password, both required. No length rule on the password:
// accounts made under an older policy must still be able to log in.
import * as z from 'zod/mini';
import { emailAddress } from './password.ts';

export const loginSchema = z.object({
  email: emailAddress,
  password: z.string().check(z.minLength(1, 'Please enter your password.')),
});
export type LoginData = z.infer<typeof loginSchema>;
