// The second factor's two small forms: the six-digit code of an authenticator app (the code step
// after a password, confirming a new app) and the name a person gives a new app.
import * as z from 'zod/mini';
import { text } from './fields.ts';

/** A code as an authenticator app shows it; spaces some apps put in the middle are dropped. */
const code = z.pipe(
  z.string().check(z.trim(), z.minLength(1, 'Please enter the 6-digit code from your authenticator app.')),
  z.pipe(
    z.transform((value: string) => value.replace(/\s+/g, '')),
    z.string().check(z.regex(/^\d{6}$/, 'The code is 6 digits, like 123456. Please check it and try again.')),
  ),
);

export const codeSchema = z.object({ code });
export type CodeData = z.infer<typeof codeSchema>;

/** A name for the app, so a person with two can tell them apart when removing one (Supabase keeps it). */
export const DEVICE_NAME_LENGTH = { min: 1, max: 60 } as const;
export const deviceSchema = z.object({ name: text('a name for this device', DEVICE_NAME_LENGTH) });
export type DeviceData = z.infer<typeof deviceSchema>;
