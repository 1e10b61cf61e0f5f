// The login form: an email address and a password, both required.
import * as z from 'zod/mini';
import { email } from './fields.ts';
import { currentPassword } from './password.ts';

export const loginSchema = z.object({ email: email(), password: currentPassword });
export type LoginData = z.infer<typeof loginSchema>;
