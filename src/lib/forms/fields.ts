// The field rules every form is built from, signup, login and profile included: each rule and its
// wording are written here once. Limits are those of the columns' CHECK constraints in
// supabase/migrations/ (tests/db/form-limits.test.ts reads them from the migrated database and keeps them
// equal), so the browser refuses exactly what the database would, with a message that names the field.
import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../../../common/email-address.ts';

/** Lengths of a text column: at least `min`, at most `max` characters once trimmed. */
export interface Length {
  min: number;
  max: number;
}

/** A person's name (the full name of a booking, profile or application). */
export const NAME_LENGTH = { min: 1, max: 200 } as const;
/** A phone number, as every table with one stores it. */
export const PHONE_LENGTH = { min: 3, max: 40 } as const;
/** A postal address. */
export const ADDRESS_LENGTH = { min: 1, max: 500 } as const;
/** The longest email address (common/email-address.ts), for the forms' limits. */
export { EMAIL_MAX_LENGTH };

const tooLong = (what: string, max: number) => `Please keep ${what} to ${max} characters or fewer.`;

/**
 * A required text field, trimmed; `what` names it in the messages ("your full name"), and `verb`
 * says how it is given ('choose' for a select).
 */
export function text(what: string, { min, max }: Length, verb: 'enter' | 'choose' = 'enter') {
  return z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `Please ${verb} ${what}.`),
      z.minLength(min, `Please enter at least ${min} characters for ${what}.`),
      z.maxLength(max, tooLong(what, max)),
    );
}

/** An optional text field: empty becomes undefined (the column stays null). */
export function optionalText(what: string, max: number) {
  return z.pipe(
    z.string().check(z.trim(), z.maxLength(max, tooLong(what, max))),
    z.transform((value) => (value === '' ? undefined : value)),
  );
}

/**
 * A required email address: one mailbox under the rule of common/email-address.ts (the database's
 * domain public.email_address), trimmed, its case kept (the auth service lower-cases it itself).
 */
export function email() {
  return z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Please enter your email address.'),
      z.maxLength(EMAIL_MAX_LENGTH, tooLong('the email address', EMAIL_MAX_LENGTH)),
      z.regex(EMAIL_PATTERN, 'Please enter a valid email address, like name@example.com.'),
    );
}

/**
 * A required phone number. Its length is the only rule: the database checks no shape, and the
 * browser refuses nothing the database would store.
 */
export function phone() {
  return text('your phone number', PHONE_LENGTH);
}

/** A required whole number within `range`, typed as text ("34"), sent as a number. */
export function wholeNumber(what: string, label: string, unit: string, range: Length) {
  const outside = `${label} must be between ${range.min} and ${range.max}.`;
  return z.pipe(
    z.string().check(
      z.trim(),
      z.minLength(1, `Please enter ${what}.`),
      // Digits only: "abc", "-3" and "2.5" are not a whole number.
      z.regex(/^\d+$/, `${label} must be a whole number, in ${unit}.`),
    ),
    z.pipe(z.transform((value: string) => Number(value)), z.number().check(z.gte(range.min, outside), z.lte(range.max, outside))),
  );
}

/** One value of a closed list (a <select>); an empty choice gets `message`. */
export function choice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: message });
}

/** The visitor's today as YYYY-MM-DD, in their own time zone (not UTC): a date of birth is theirs. */
function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** True for a real calendar date written YYYY-MM-DD (no 2026-02-30). */
function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * A required date (YYYY-MM-DD, as <input type="date"> gives it) that `rule` accepts. `today` gives
 * the day the rule compares with (the visitor's own by default; a booking passes the
 * consultancy's), read at validation time so a form left open past midnight still judges correctly.
 * The rule's message may depend on that day ("It is already 29 Nov in Lagos…").
 */
export function date(
  what: string,
  rule: { test: (value: string, today: string) => boolean; message: string | ((today: string) => string) },
  today: () => string = () => localToday(),
) {
  const { message } = rule;
  return z.string().check(
    z.minLength(1, `Please enter ${what}.`),
    z.refine((value) => value === '' || isIsoDate(value), `Please enter ${what} as a valid date.`),
    z.refine((value) => !isIsoDate(value) || rule.test(value, today()), { error: () => (typeof message === 'string' ? message : message(today())) }),
  );
}

/** A time of day as <input type="time"> gives it: HH:MM, or HH:MM:SS. */
export const VALID_TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** A required time of day (HH:MM, as <input type="time"> gives it). */
export function time(what: string) {
  return z.string().check(z.minLength(1, `Please choose ${what}.`), z.regex(VALID_TIME, `Please enter ${what} as HH:MM.`));
}

/** The honeypot: anything a bot puts there is sent on, and the database drops the row. */
export const honeypot = z.optional(z.string());
