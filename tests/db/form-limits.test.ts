// The form schemas refuse exactly what the database refuses. The database's rules are read from
// the catalog of a freshly migrated database (pg_get_constraintdef of each column's CHECK
// constraints and of its domain's), not from the migration files, so a rule added later by any
// migration (`alter table ... add constraint`, `alter domain ...`) is seen. Each schema is then
// tried at the limit and one past it. The closed lists of common/domain.ts are compared the same
// way (each is an enum: its labels, in order, against common/domain.ts's list, which the
// generated types give it), and the password minimum with supabase/config.toml.

import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as z from 'zod/mini';
import { parseToml } from '../../supabase/local/config-toml.ts';
import { APPLICATION_STATUSES, BOOKING_COUNTRIES, MARITAL_STATUSES, VISA_TYPES } from '../../common/domain.ts';
import { BOOKING_INITIAL, BOOKING_LIMITS, BOOKING_TIME_PASSED, bookingSchema } from '../../src/lib/forms/booking.ts';
import { CONTACT_INITIAL, CONTACT_LIMITS, contactSchema } from '../../src/lib/forms/contact.ts';
import { NEWSLETTER_LIMITS, newsletterSchema } from '../../src/lib/forms/newsletter.ts';
import { EMAIL_MAX_LENGTH } from '../../src/lib/forms/fields.ts';
import { NOT_ONE_MAILBOX, ONE_MAILBOX } from '../support/email-addresses.ts';
import { loginSchema } from '../../src/lib/forms/login.ts';
import { MIN_PASSWORD_LENGTH } from '../../src/lib/forms/password.ts';
import { PROFILE_LIMITS, profileSchema } from '../../src/lib/forms/profile.ts';
import { resetRequestSchema } from '../../src/lib/forms/reset.ts';
import { signupSchema } from '../../src/lib/forms/signup.ts';
import { validate } from '../../src/lib/forms/validate.ts';
import { VISA_APPLICATION_LIMITS, visaApplicationSchema } from '../../src/lib/forms/visa-application.ts';
import { openTestDb, type TestDb } from './support.ts';

let db: TestDb;

beforeAll(async () => {
  db = await openTestDb();
});

afterAll(async () => {
  await db?.close();
});

/** The definitions of every CHECK on public.table.column: the table's own and its domain's. */
async function checksOn(table: string, column: string): Promise<string> {
  const { rows } = await db.query<{ def: string }>(
    `select pg_get_constraintdef(c.oid) as def
     from pg_attribute a
     join pg_constraint c on c.contype = 'c'
      and ((c.conrelid = a.attrelid and a.attnum = any (c.conkey)) or c.contypid = a.atttypid)
     where a.attrelid = $1::regclass and a.attname = $2 and not a.attisdropped
     order by c.conname`,
    [`public.${table}`, column],
  );
  if (rows.length === 0) throw new Error(`no CHECK constraint on ${table}.${column}`);
  return rows.map((row) => row.def).join('\n');
}

/**
 * The length rule of a column, as Postgres prints it: `char_length(btrim(c)) >= min` (a `between`
 * on the trimmed text) and `char_length(c) <= max`, with VALUE for the column in a domain's check.
 * Where several checks bound the length, the tightest wins; no minimum is 0.
 */
async function lengthLimit(table: string, column: string): Promise<{ min: number; max: number }> {
  const checks = await checksOn(table, column);
  const bounds = (op: '>=' | '<=') =>
    [...checks.matchAll(new RegExp(`char_length\\((?:btrim\\()?(?:${column}|VALUE)\\)?\\) ${op} (\\d+)`, 'g'))].map((m) => Number(m[1]));
  const max = bounds('<=');
  if (max.length === 0) throw new Error(`no length check on ${table}.${column}: ${checks}`);
  return { min: Math.max(0, ...bounds('>=')), max: Math.min(...max) };
}

/** The labels of a column's enum, in their declared order. */
async function closedList(table: string, column: string): Promise<string[]> {
  const { rows } = await db.query<{ label: string }>(
    `select e.enumlabel as label
     from pg_attribute a
     join pg_enum e on e.enumtypid = a.atttypid
     where a.attrelid = $1::regclass and a.attname = $2 and not a.attisdropped
     order by e.enumsortorder`,
    [`public.${table}`, column],
  );
  if (rows.length === 0) throw new Error(`${table}.${column} is not an enum`);
  return rows.map((row) => row.label);
}

describe('the rules read from the catalog', () => {
  /** Runs `change` (SQL), reads what `read` returns, then runs `undo`. */
  async function readWith<T>(change: string, undo: string, read: () => Promise<T>): Promise<T> {
    await db.exec(change);
    try {
      return await read();
    } finally {
      await db.exec(undo);
    }
  }

  it('include a constraint a later migration adds to a table', async () => {
    const limit = await readWith(
      'alter table public.bookings add constraint bookings_full_name_shorter check (char_length(full_name) <= 150)',
      'alter table public.bookings drop constraint bookings_full_name_shorter',
      () => lengthLimit('bookings', 'full_name'),
    );
    expect(limit).toEqual({ min: 1, max: 150 });
  });

  it('include a constraint a later migration adds to a domain', async () => {
    const limit = await readWith(
      'alter domain public.email_address add constraint email_address_shorter check (char_length(value) <= 100)',
      'alter domain public.email_address drop constraint email_address_shorter',
      () => lengthLimit('contact_messages', 'email'),
    );
    expect(limit).toEqual({ min: 0, max: 100 });
  });
});

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
    expect(limit).toEqual(await lengthLimit(table, column));
    expect(ok({ [column]: 'x'.repeat(limit.max) })).toBe(true);
    expect(ok({ [column]: 'x'.repeat(limit.max + 1) })).toBe(false);
    // Whitespace around the text does not count (the database trims before measuring).
    expect(ok({ [column]: ` ${'x'.repeat(limit.max)} ` })).toBe(true);
    if (limit.min > 1) expect(ok({ [column]: 'x'.repeat(limit.min - 1) })).toBe(false);
  });

  it('limits the email address as the database does', async () => {
    expect(await lengthLimit(table, 'email')).toEqual({ min: 0, max: emailMax });
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

  describe('a booking, at 09:00 on 10 March 2027 in Lagos', () => {
    // The clock is pinned (08:00 UTC is 09:00 in Lagos); the visitor's own zone plays no part.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2027-03-10T08:00:00Z'));
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    const at = (date: string, time: string) => validate(bookingSchema, { ...valid.bookings, date, time });

    it('is for today in Lagos or later, never yesterday', () => {
      expect(at('2027-03-10', '10:00').ok).toBe(true);
      expect(at('2027-03-11', '07:00').ok).toBe(true);
      expect(at('2027-03-09', '10:00')).toEqual({ ok: false, error: { kind: 'invalid', message: '', fieldErrors: { date: 'It is already 10 Mar in Lagos (WAT). Please choose 10 Mar or a later date.' } } });
    });

    it('today, is for the current minute or later in Lagos', () => {
      expect(at('2027-03-10', '09:00').ok).toBe(true);
      expect(at('2027-03-10', '08:59')).toEqual({ ok: false, error: { kind: 'invalid', message: '', fieldErrors: { time: BOOKING_TIME_PASSED } } });
    });
  });

  it('refuses dates that do not exist', () => {
    expect(booking('2999-02-30')).toEqual({ ok: false, error: { kind: 'invalid', message: '', fieldErrors: { date: 'Please enter the date of your appointment as a valid date.' } } });
  });

  it('takes a date of birth in the past, from 1900 (the column’s floor), never today or later', async () => {
    expect(visa(day(-1)).ok).toBe(true);
    expect(visa(VISA_APPLICATION_LIMITS.dobFrom).ok).toBe(true);
    expect(await checksOn('visa_applications', 'dob')).toContain(`(dob >= '${VISA_APPLICATION_LIMITS.dobFrom}'::date)`);
    expect(visa('1899-12-31').ok).toBe(false);
    expect(visa(day(0)).ok).toBe(false);
    expect(visa(day(30))).toEqual({ ok: false, error: { kind: 'invalid', message: '', fieldErrors: { dob: 'Please enter a date of birth in the past (from 1900).' } } });
  });

  it('requires a time of day', () => {
    expect(validate(bookingSchema, { ...valid.bookings, time: '' })).toEqual({ ok: false, error: { kind: 'invalid', message: '', fieldErrors: { time: 'Please choose a time.' } } });
    expect(validate(bookingSchema, { ...valid.bookings, time: '25:00' }).ok).toBe(false);
  });
});

it('sends an empty optional message as no message (null in the column)', () => {
  expect(validate(visaApplicationSchema, { ...valid.visa_applications, message: '   ' })).toMatchObject({
    ok: true,
    data: { message: undefined },
  });
});

describe('the closed lists of common/domain.ts', () => {
  it.each([
    ['visa_applications', 'visa_type', VISA_TYPES],
    ['visa_applications', 'marital_status', MARITAL_STATUSES],
    ['visa_applications', 'status', APPLICATION_STATUSES],
    ['profiles', 'marital_status', MARITAL_STATUSES],
    ['bookings', 'country', BOOKING_COUNTRIES],
  ] as const)('equal the check on %s.%s, in order', async (table, column, expected) => {
    expect(await closedList(table, column)).toEqual([...expected]);
  });
});

describe('the profile form', () => {
  const profile = {
    full_name: 'Ada Obi',
    age: '34',
    address: '12 Marina Road',
    country: 'Nigeria',
    occupation: 'Architect',
    phone: '+234 803 123 4567',
    marital_status: 'Single',
  };

  it.each(['full_name', 'address', 'country', 'occupation', 'phone'] as const)('limits %s as the database does', async (column) => {
    expect(PROFILE_LIMITS[column]).toEqual(await lengthLimit('profiles', column));
  });

  it('limits the age as the database does', async () => {
    const range = /\(age >= (\d+)\) AND \(age <= (\d+)\)/.exec(await checksOn('profiles', 'age'));
    expect(range, 'the age check of public.profiles').not.toBeNull();
    expect(PROFILE_LIMITS.age).toEqual({ min: Number(range![1]), max: Number(range![2]) });
  });

  it.each(['full_name', 'address', 'occupation'] as const)(
    '%s: the schema accepts the maximum and refuses one more (after trimming)',
    (column) => {
      const { max } = PROFILE_LIMITS[column];
      expect(validate(profileSchema, { ...profile, [column]: `  ${'a'.repeat(max)}  ` }).ok).toBe(true);
      expect(validate(profileSchema, { ...profile, [column]: 'a'.repeat(max + 1) }).ok).toBe(false);
      expect(validate(profileSchema, { ...profile, [column]: '   ' }).ok).toBe(false);
    },
  );

  it('age: the schema accepts the range and refuses its edges, text, negatives and fractions', () => {
    const { min, max } = PROFILE_LIMITS.age;
    for (const age of [String(min), String(max)]) expect(validate(profileSchema, { ...profile, age }).ok).toBe(true);
    for (const age of [String(min - 1), String(max + 1), '-5', 'thirty', '2.5', ''])
      expect(validate(profileSchema, { ...profile, age }).ok, age).toBe(false);
  });

  it('phone: the schema accepts the length range only', () => {
    const { min, max } = PROFILE_LIMITS.phone;
    expect(validate(profileSchema, { ...profile, phone: '1'.repeat(min) }).ok).toBe(true);
    expect(validate(profileSchema, { ...profile, phone: '1'.repeat(min - 1) }).ok).toBe(false);
    expect(validate(profileSchema, { ...profile, phone: '1'.repeat(max + 1) }).ok).toBe(false);
  });

  it('sends typed, trimmed values (the age as a number)', () => {
    expect(validate(profileSchema, { ...profile, full_name: '  Ada Obi ', age: ' 34 ' })).toEqual({
      ok: true,
      data: { ...profile, age: 34 },
    });
  });

  describe('password minimum', () => {
    it('equals auth.minimum_password_length of supabase/config.toml', async () => {
      const config = parseToml(await readFile(new URL('../../supabase/config.toml', import.meta.url), 'utf8'));
      expect(MIN_PASSWORD_LENGTH).toBe(config.get('auth')?.get('minimum_password_length'));
    });

    it('the signup schema refuses one character less', () => {
      const signup = { ...profile, email: 'ada@example.com' };
      expect(validate(signupSchema, { ...signup, password: 'p'.repeat(MIN_PASSWORD_LENGTH) }).ok).toBe(true);
      expect(validate(signupSchema, { ...signup, password: 'p'.repeat(MIN_PASSWORD_LENGTH - 1) })).toEqual({
        ok: false,
        error: { kind: 'invalid', message: '', fieldErrors: { password: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.` } },
      });
    });
  });
});

describe('one email rule for every form, the account forms included', () => {
  const base = { full_name: 'Ada', age: '3', address: 'A', country: 'B', occupation: 'C', phone: '123', marital_status: 'Single' };
  const forms = [
    { name: 'booking', schema: bookingSchema },
    { name: 'contact', schema: contactSchema },
    { name: 'newsletter', schema: newsletterSchema },
    { name: 'visa application', schema: visaApplicationSchema },
    { name: 'signup', schema: signupSchema },
    { name: 'login', schema: loginSchema },
    { name: 'password reset', schema: resetRequestSchema },
  ];
  const emailError = (schema: (typeof forms)[number]['schema'], email: string) => {
    const checked = validate(schema, { ...base, email });
    return checked.ok ? undefined : checked.error.fieldErrors?.['email'];
  };
  const at = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

  it('allows as many characters as the email_address domain', async () => {
    expect(await lengthLimit('profiles', 'email')).toEqual({ min: 0, max: EMAIL_MAX_LENGTH });
  });

  it.each(forms)('$name: the same messages, the database pattern and its length', ({ schema }) => {
    expect(emailError(schema, '')).toBe('Please enter your email address.');
    expect(emailError(schema, 'amara@')).toBe('Please enter a valid email address, like name@example.com.');
    expect(emailError(schema, ' Amara@Example.com ')).toBeUndefined();
    expect(emailError(schema, at(EMAIL_MAX_LENGTH))).toBeUndefined();
    expect(emailError(schema, at(EMAIL_MAX_LENGTH + 1))).toBe(`Please keep the email address to ${EMAIL_MAX_LENGTH} characters or fewer.`);
  });

  it.each(forms)('$name: one mailbox, never a list, a display name or a quoted comma', ({ schema }) => {
    for (const address of NOT_ONE_MAILBOX) expect(emailError(schema, address), address).toBe('Please enter a valid email address, like name@example.com.');
    for (const address of ONE_MAILBOX) expect(emailError(schema, address), address).toBeUndefined();
  });
});
