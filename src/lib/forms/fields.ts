// Field rules shared by the form schemas, each built from the same limits as the column's CHECK
// constraint in supabase/migrations/ (tests/unit/form-limits.test.ts keeps them equal), so the
// browser refuses exactly what the database would, with a message that names the field.
import * as z from 'zod/mini';

/** Lengths of a text column: at least `min`, at most `max` characters once trimmed. */
export interface Length {
  min: number;
  max: number;
}

/** The database's email pattern (the CHECK on every email column). */
export const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** A required text field, trimmed; `what` names it in the messages ("your full name"). */
export function text(what: string, { min, max }: Length) {
  return z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `Please enter ${what}.`),
      z.minLength(min, `Please enter at least ${min} characters for ${what}.`),
      z.maxLength(max, `Please keep ${what} to ${max} characters or fewer.`),
    );
}

/** An optional text field: empty becomes undefined (the column stays null). */
export function optionalText(what: string, max: number) {
  return z.pipe(
    z.string().check(z.trim(), z.maxLength(max, `Please keep ${what} to ${max} characters or fewer.`)),
    z.transform((value) => (value === '' ? undefined : value)),
  );
}

/** A required email address in the database's format. */
export function email(max: number) {
  return z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Please enter your email address.'),
      z.maxLength(max, `Please keep the email address to ${max} characters or fewer.`),
      z.regex(EMAIL_PATTERN, 'Please enter a valid email address, like name@example.com.'),
    );
}

/** One value of a closed list (a <select>); an empty choice gets `message`. */
export function choice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: message });
}

/** The visitor's today as YYYY-MM-DD, in their own time zone (not UTC). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** True for a real calendar date written YYYY-MM-DD (no 2026-02-30). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * A required date (YYYY-MM-DD, as <input type="date"> gives it) that `rule` accepts; `today` is
 * read at validation time so a form left open past midnight still judges correctly.
 */
export function date(what: string, rule: { test: (value: string, today: string) => boolean; message: string }) {
  return z.string().check(
    z.minLength(1, `Please enter ${what}.`),
    z.refine((value) => value === '' || isIsoDate(value), `Please enter ${what} as a valid date.`),
    z.refine((value) => !isIsoDate(value) || rule.test(value, localToday()), rule.message),
  );
}

/** A required time of day (HH:MM, as <input type="time"> gives it). */
export function time(what: string) {
  return z
    .string()
    .check(z.minLength(1, `Please choose ${what}.`), z.regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, `Please enter ${what} as HH:MM.`));
}

/** The honeypot: anything a bot puts there is sent on, and the database drops the row. */
export const honeypot = z.optional(z.string());
