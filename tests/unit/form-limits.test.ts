// The form schemas refuse exactly what the database's CHECK constraints refuse: their length
// limits are read here from the migrations' CREATE TABLE text and compared, and each schema is
// tried at the limit and one past it.

import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { listMigrations } from '../../supabase/local/db/migrate.ts';
import { BOOKING_INITIAL, BOOKING_LIMITS, bookingSchema } from '../../src/lib/forms/booking.ts';
import { CONTACT_INITIAL, CONTACT_LIMITS, contactSchema } from '../../src/lib/forms/contact.ts';
import { NEWSLETTER_LIMITS, newsletterSchema } from '../../src/lib/forms/newsletter.ts';
import { VISA_APPLICATION_LIMITS, visaApplicationSchema } from '../../src/lib/forms/visa-application.ts';
import { validate } from '../../src/lib/forms/validate.ts';

const sql = (await Promise.all((await listMigrations()).map((m) => readFile(m.path, 'utf8')))).join('\n');

/** The CREATE TABLE body of public.`table`. */
function tableBody(table: string): string {
  const match = new RegExp(`create table public\\.${table}\\s*\\(([\\s\\S]*?)\\n\\);`).exec(sql);
  if (!match) throw new Error(`no create table public.${table}`);
  return match[1]!;
}

/** The length rule of a column: `between min and max` on the trimmed text, or `<= max`. */
function columnLimit(table: string, column: string): { min: number; max: number } {
  const body = tableBody(table);
  const between = new RegExp(`char_length\\(btrim\\(${column}\\)\\) between (\\d+) and (\\d+)`).exec(body);
  if (between) return { min: Number(between[1]), max: Number(between[2]) };
  const atMost = new RegExp(`char_length\\(${column}\\) <= (\\d+)`).exec(body);
  if (atMost) return { min: 0, max: Number(atMost[1]) };
  throw new Error(`no length check on ${table}.${column}`);
}

const email = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

const valid = {
  bookings: { ...BOOKING_INITIAL, full_name: 'Amara', phone: '+234 1', email: 'a@b.co', country: 'UK', date: '2999-01-01', time: '10:00' },
  contact_messages: { ...CONTACT_INITIAL, name: 'Kwame', email: 'k@b.co', subject: 'Visa', phone: '+233 1', message: 'Hello' },
  newsletter_subscribers: { email: 'r@b.co', website: '' },
  visa_applications: {
    visa_type: 'Tourist Visa',
    name: 'Chidi',
    email: 'c@b.co',
    phone: '+234 2',
    dob: '1990-01-01',
    nationality: 'Nigerian',
    passport_number: 'A1',
    marital_status: 'Single',
    address: 'Lagos',
    message: '',
  },
};

const forms: { table: keyof typeof valid; schema: z.ZodMiniType; texts: Record<string, { min: number; max: number }>; email: number }[] = [
  {
    table: 'bookings',
    schema: bookingSchema,
    texts: { full_name: BOOKING_LIMITS.full_name, phone: BOOKING_LIMITS.phone },
    email: BOOKING_LIMITS.email,
  },
  {
    table: 'contact_messages',
    schema: contactSchema,
    texts: { name: CONTACT_LIMITS.name, subject: CONTACT_LIMITS.subject, phone: CONTACT_LIMITS.phone, message: CONTACT_LIMITS.message },
    email: CONTACT_LIMITS.email,
  },
  { table: 'newsletter_subscribers', schema: newsletterSchema, texts: {}, email: NEWSLETTER_LIMITS.email },
  {
    table: 'visa_applications',
    schema: visaApplicationSchema,
    texts: {
      name: VISA_APPLICATION_LIMITS.name,
      phone: VISA_APPLICATION_LIMITS.phone,
      nationality: VISA_APPLICATION_LIMITS.nationality,
      passport_number: VISA_APPLICATION_LIMITS.passport_number,
      address: VISA_APPLICATION_LIMITS.address,
      message: { min: 0, max: VISA_APPLICATION_LIMITS.message },
    },
    email: VISA_APPLICATION_LIMITS.email,
  },
];

describe.each(forms)('the $table form', ({ table, schema, texts, email: emailMax }) => {
  const ok = (overrides: Record<string, string>) => validate(schema, { ...valid[table], ...overrides }).ok;

  it('accepts its valid example', () => {
    expect(validate(schema, valid[table])).toMatchObject({ ok: true });
  });

  it.each(Object.entries(texts))('limits %s as the database does', (column, limit) => {
    expect(limit).toEqual(columnLimit(table, column));
    expect(ok({ [column]: 'x'.repeat(limit.max) })).toBe(true);
    expect(ok({ [column]: 'x'.repeat(limit.max + 1) })).toBe(false);
    // Whitespace around the text does not count (the database trims before measuring).
    expect(ok({ [column]: ` ${'x'.repeat(limit.max)} ` })).toBe(true);
    if (limit.min > 1) expect(ok({ [column]: 'x'.repeat(limit.min - 1) })).toBe(false);
  });

  it('limits the email address as the database does', () => {
    expect(columnLimit(table, 'email')).toEqual({ min: 0, max: emailMax });
    expect(ok({ email: email(emailMax) })).toBe(true);
    expect(ok({ email: email(emailMax + 1) })).toBe(false);
  });
});

describe('dates', () => {
  const booking = (date: string) => validate(bookingSchema, { ...valid.bookings, date });
  const visa = (dob: string) => validate(visaApplicationSchema, { ...valid.visa_applications, dob });
  const day = (offset: number) => {
    const d = new Date();
    d.setDate(d.getDate() + offset);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  };

  it('books today or later in the local time zone, never yesterday', () => {
    expect(booking(day(0)).ok).toBe(true);
    expect(booking(day(1)).ok).toBe(true);
    expect(booking(day(-1))).toEqual({ ok: false, errors: { date: 'Please choose today or a later date.' } });
  });

  it('refuses dates that do not exist', () => {
    expect(booking('2999-02-30')).toEqual({ ok: false, errors: { date: 'Please enter the date of your appointment as a valid date.' } });
  });

  it('takes a date of birth in the past, from 1900 (the column’s floor), never today or later', () => {
    expect(visa(day(-1)).ok).toBe(true);
    expect(visa(VISA_APPLICATION_LIMITS.dobFrom).ok).toBe(true);
    expect(sql).toContain(`dob >= date '${VISA_APPLICATION_LIMITS.dobFrom}'`);
    expect(visa('1899-12-31').ok).toBe(false);
    expect(visa(day(0)).ok).toBe(false);
    expect(visa(day(30))).toEqual({ ok: false, errors: { dob: 'Please enter a date of birth in the past (from 1900).' } });
  });

  it('requires a time of day', () => {
    expect(validate(bookingSchema, { ...valid.bookings, time: '' })).toEqual({ ok: false, errors: { time: 'Please choose a time.' } });
    expect(validate(bookingSchema, { ...valid.bookings, time: '25:00' }).ok).toBe(false);
  });
});

it('sends an empty optional message as no message (null in the column)', () => {
  expect(validate(visaApplicationSchema, { ...valid.visa_applications, message: '   ' })).toMatchObject({
    ok: true,
    data: { message: undefined },
  });
});
