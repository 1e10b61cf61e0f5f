// The account forms validate with the same limits the database enforces: the CHECK constraints of
// public.profiles (read from the migrated database's catalog) and the password minimum of
// supabase/config.toml. A change to one side without the other fails here, before a signup fails
// in production. Every form, account forms included, checks an email address the same way.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseToml } from '../../supabase/local/config-toml.ts';
import type { ScriptDb } from '../../supabase/local/db/open.ts';
import { bookingSchema } from '../../src/lib/forms/booking.ts';
import { contactSchema } from '../../src/lib/forms/contact.ts';
import { EMAIL_MAX_LENGTH } from '../../src/lib/forms/fields.ts';
import { loginSchema } from '../../src/lib/forms/login.ts';
import { newsletterSchema } from '../../src/lib/forms/newsletter.ts';
import { PROFILE_LIMITS, profileSchema } from '../../src/lib/forms/profile.ts';
import { MIN_PASSWORD_LENGTH } from '../../src/lib/forms/password.ts';
import { resetRequestSchema } from '../../src/lib/forms/reset.ts';
import { signupSchema } from '../../src/lib/forms/signup.ts';
import { validate } from '../../src/lib/forms/validate.ts';
import { visaApplicationSchema } from '../../src/lib/forms/visa-application.ts';
import { columnLength, columnRange, openMigratedDb } from './support/column-checks.ts';

const config = parseToml(await readFile(new URL('../../supabase/config.toml', import.meta.url), 'utf8'));

let db: ScriptDb;
// Migrating a fresh in-memory database takes a while on a busy machine.
beforeAll(async () => {
  db = await openMigratedDb();
}, 120_000);
afterAll(() => db?.close());

const valid = {
  full_name: 'Ada Obi',
  age: '34',
  address: '12 Marina Road',
  country: 'Nigeria',
  occupation: 'Architect',
  phone: '+234 803 123 4567',
  marital_status: 'Single',
};

describe('profile form limits equal the profiles CHECK constraints', () => {
  it.each(['full_name', 'address', 'country', 'occupation', 'phone'] as const)('%s', async (column) => {
    expect(PROFILE_LIMITS[column]).toEqual(await columnLength(db, 'profiles', column));
  });

  it('age', async () => {
    expect(PROFILE_LIMITS.age).toEqual(await columnRange(db, 'profiles', 'age'));
  });

  it.each(['full_name', 'address', 'occupation'] as const)(
    '%s: the schema accepts the maximum and refuses one more (after trimming)',
    (column) => {
      const { max } = PROFILE_LIMITS[column];
      expect(
        validate(profileSchema, {
          ...valid,
          [column]: `  ${'a'.repeat(max)}  `,
        }).ok,
      ).toBe(true);
      expect(validate(profileSchema, { ...valid, [column]: 'a'.repeat(max + 1) }).ok).toBe(false);
      expect(validate(profileSchema, { ...valid, [column]: '   ' }).ok).toBe(false);
    },
  );

  it('age: the schema accepts the range and refuses its edges, text, negatives and fractions', () => {
    const { min, max } = PROFILE_LIMITS.age;
    for (const age of [String(min), String(max)]) expect(validate(profileSchema, { ...valid, age }).ok).toBe(true);
    for (const age of [String(min - 1), String(max + 1), '-5', 'thirty', '2.5', ''])
      expect(validate(profileSchema, { ...valid, age }).ok, age).toBe(false);
  });

  it('phone: the schema accepts the length range only', () => {
    const { min, max } = PROFILE_LIMITS.phone;
    expect(validate(profileSchema, { ...valid, phone: '1'.repeat(min) }).ok).toBe(true);
    expect(validate(profileSchema, { ...valid, phone: '1'.repeat(min - 1) }).ok).toBe(false);
    expect(validate(profileSchema, { ...valid, phone: '1'.repeat(max + 1) }).ok).toBe(false);
  });

  it('sends typed, trimmed values (the age as a number)', () => {
    const checked = validate(profileSchema, {
      ...valid,
      full_name: '  Ada Obi ',
      age: ' 34 ',
    });
    expect(checked).toEqual({ ok: true, data: { ...valid, age: 34 } });
  });
});

describe('password minimum', () => {
  it('equals auth.minimum_password_length of supabase/config.toml', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(config.get('auth')?.get('minimum_password_length'));
  });

  it('the signup schema refuses one character less', () => {
    const base = { ...valid, email: 'ada@example.com' };
    expect(
      validate(signupSchema, {
        ...base,
        password: 'p'.repeat(MIN_PASSWORD_LENGTH),
      }).ok,
    ).toBe(true);
    expect(
      validate(signupSchema, {
        ...base,
        password: 'p'.repeat(MIN_PASSWORD_LENGTH - 1),
      }),
    ).toEqual({
      ok: false,
      errors: {
        password: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
      },
    });
  });
});

describe('one email rule for every form', () => {
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
    return checked.ok ? undefined : checked.errors['email'];
  };
  const at = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

  it.each(forms)('$name: the same messages, the database pattern and 254 characters at most', ({ schema }) => {
    expect(emailError(schema, '')).toBe('Please enter your email address.');
    expect(emailError(schema, 'amara@')).toBe('Please enter a valid email address, like name@example.com.');
    expect(emailError(schema, ' Amara@Example.com ')).toBeUndefined();
    expect(emailError(schema, at(EMAIL_MAX_LENGTH))).toBeUndefined();
    expect(emailError(schema, at(EMAIL_MAX_LENGTH + 1))).toBe(`Please keep the email address to ${EMAIL_MAX_LENGTH} characters or fewer.`);
  });
});
