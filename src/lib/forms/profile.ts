// The profile details a user gives at signup and edits on /profile: one schema for both, so both
// check the same things. The limits are those of the CHECK constraints of public.profiles
// (supabase/migrations/20261122000100_profiles.sql); tests/unit/profile-limits.test.ts keeps them equal.
import * as z from 'zod/mini';
import { MARITAL_STATUSES } from '../domain.ts';

/** Length limits of the text columns (after trimming) and the age range, as the database checks them. */
export const PROFILE_LIMITS = {
  full_name: { min: 1, max: 200 },
  address: { min: 1, max: 500 },
  country: { min: 1, max: 100 },
  occupation: { min: 1, max: 200 },
  phone: { min: 3, max: 40 },
  age: { min: 1, max: 150 },
} as const;

/** A required text field: trimmed, then within the column's limits. */
function requiredText(field: keyof typeof PROFILE_LIMITS, label: string, missing: string) {
  const { min, max } = PROFILE_LIMITS[field];
  return z.string().check(
    z.trim(),
    z.minLength(1, missing),
    z.minLength(min, `${label} must be at least ${min} characters.`),
    z.maxLength(max, `${label} must be at most ${max} characters.`),
  );
}

const age = z.pipe(
  z.string().check(
    z.trim(),
    z.minLength(1, 'Please enter your age.'),
    // Digits only: "abc", "-3" and "2.5" are not an age in whole years.
    z.regex(/^\d+$/, 'Age must be a whole number, in years.'),
  ),
  z.pipe(
    z.transform((value: string) => Number(value)),
    z.number().check(
      z.gte(PROFILE_LIMITS.age.min, `Age must be between ${PROFILE_LIMITS.age.min} and ${PROFILE_LIMITS.age.max}.`),
      z.lte(PROFILE_LIMITS.age.max, `Age must be between ${PROFILE_LIMITS.age.min} and ${PROFILE_LIMITS.age.max}.`),
    ),
  ),
);

/** The editable profile fields, named as the profiles columns (and the signup metadata keys). */
export const profileShape = {
  full_name: requiredText('full_name', 'Full name', 'Please enter your full name.'),
  age,
  address: requiredText('address', 'Address', 'Please enter your address.'),
  country: requiredText('country', 'Country', 'Please choose your country.'),
  occupation: requiredText('occupation', 'Occupation', 'Please enter your occupation.'),
  phone: z.string().check(
    z.trim(),
    z.minLength(1, 'Please enter your phone number.'),
    z.minLength(PROFILE_LIMITS.phone.min, `Phone number must be at least ${PROFILE_LIMITS.phone.min} characters.`),
    z.maxLength(PROFILE_LIMITS.phone.max, `Phone number must be at most ${PROFILE_LIMITS.phone.max} characters.`),
    z.regex(/^\+?[\d\s().-]+$/, 'Phone number may contain only digits, spaces, + ( ) - and .'),
  ),
  marital_status: z.enum(MARITAL_STATUSES, 'Please choose your marital status.'),
};

export const profileSchema = z.object(profileShape);
export type ProfileData = z.infer<typeof profileSchema>;

/** The profile form's fields, in the order they are shown. */
export const PROFILE_FIELDS = ['full_name', 'age', 'address', 'country', 'occupation', 'phone', 'marital_status'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
