// The account forms validate with the same limits the database enforces: the CHECK constraints of
// public.profiles (read from the migration's text) and the password minimum of supabase/config.toml.
// A change to one side without the other fails here, before a signup fails in production.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseToml } from '../../supabase/local/config-toml.ts';
import { PROFILE_LIMITS, profileSchema } from '../../src/lib/forms/profile.ts';
import { MIN_PASSWORD_LENGTH } from '../../src/lib/forms/password.ts';
import { signupSchema } from '../../src/lib/forms/signup.ts';
import { validate } from '../../src/lib/forms/validate.ts';

const migration = await readFile(new URL('../../supabase/migrations/20261122000100_profiles.sql', import.meta.url), 'utf8');
const config = parseToml(await readFile(new URL('../../supabase/config.toml', import.meta.url), 'utf8'));

/** `column text check (char_length(btrim(column)) between MIN and MAX)` of the profiles table. */
function textLimits(column: string): { min: number; max: number } {
  const match = new RegExp(
    `\\b${column}\\s+text\\s+check\\s*\\(char_length\\(btrim\\(${column}\\)\\)\\s+between\\s+(\\d+)\\s+and\\s+(\\d+)\\)`,
  ).exec(migration);
  if (!match) throw new Error(`no length check for ${column} in the profiles migration`);
  return { min: Number(match[1]), max: Number(match[2]) };
}

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
  it.each(['full_name', 'address', 'country', 'occupation', 'phone'] as const)('%s', (column) => {
    expect(PROFILE_LIMITS[column]).toEqual(textLimits(column));
  });

  it('age', () => {
    const match = /\bage\s+integer\s+check\s*\(age\s+between\s+(\d+)\s+and\s+(\d+)\)/.exec(migration);
    expect(match, 'the age check of the profiles migration').not.toBeNull();
    expect(PROFILE_LIMITS.age).toEqual({
      min: Number(match![1]),
      max: Number(match![2]),
    });
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
