// The form schemas refuse exactly what the database's CHECK constraints refuse: their length
// limits are read here from the migrated database's catalog and compared, and each schema is
// tried at the limit and one past it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { BOOKING_INITIAL, BOOKING_LIMITS, bookingSchema } from '../../src/lib/forms/booking.ts';
import { CONTACT_INITIAL, CONTACT_LIMITS, contactSchema } from '../../src/lib/forms/contact.ts';
import { NEWSLETTER_LIMITS, newsletterSchema } from '../../src/lib/forms/newsletter.ts';
import { VISA_APPLICATION_LIMITS, visaApplicationSchema } from '../../src/lib/forms/visa-application.ts';
import { validate } from '../../src/lib/forms/validate.ts';
import type { ScriptDb } from '../../supabase/local/db/open.ts';
import { columnChecks, columnLength, openMigratedDb } from './support/column-checks.ts';

let db: ScriptDb;
// Migrating a fresh in-memory database takes a while on a busy machine.
beforeAll(async () => {
  db = await openMigratedDb();
}, 120_000);
afterAll(() => db?.close());

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

  it.each(Object.entries(texts))('limits %s as the database does', async (column, limit) => {
    expect(limit).toEqual(await columnLength(db, table, column));
    expect(ok({ [column]: 'x'.repeat(limit.max) })).toBe(true);
    expect(ok({ [column]: 'x'.repeat(limit.max + 1) })).toBe(false);
    // Whitespace around the text does not count (the database trims before measuring).
    expect(ok({ [column]: ` ${'x'.repeat(limit.max)} ` })).toBe(true);
    if (limit.min > 1) expect(ok({ [column]: 'x'.repeat(limit.min - 1) })).toBe(false);
  });

  it('limits the email address as the database does', async () => {
    expect(await columnLength(db, table, 'email')).toEqual({ min: 0, max: emailMax });
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

  it('takes a date of birth in the past, from 1900 (the column’s floor), never today or later', async () => {
    expect(visa(day(-1)).ok).toBe(true);
    expect(visa(VISA_APPLICATION_LIMITS.dobFrom).ok).toBe(true);
    expect(await columnChecks(db, 'visa_applications', 'dob')).toContainEqual(expect.stringContaining(`dob >= '${VISA_APPLICATION_LIMITS.dobFrom}'::date`));
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
