// The profile details a user gives at signup and edits on /profile: one schema for both, so both
// check the same things. The limits are those of the CHECK constraints of public.profiles
// (20261122000100_profiles_and_roles.sql); tests/db/form-limits.test.ts keeps them equal.
import * as z from 'zod/mini';
import { MARITAL_STATUSES } from '../../../common/domain.ts';
import { ADDRESS_LENGTH, NAME_LENGTH, PHONE_LENGTH, choice, phone, text, wholeNumber } from './fields.ts';

/** Length limits of the text columns (after trimming) and the age range, as the database checks them. */
export const PROFILE_LIMITS = {
  full_name: NAME_LENGTH,
  address: ADDRESS_LENGTH,
  country: { min: 1, max: 100 },
  occupation: { min: 1, max: 200 },
  phone: PHONE_LENGTH,
  age: { min: 1, max: 150 },
} as const;

/** The editable profile fields, named as the profiles columns (and the signup metadata keys). */
export const profileShape = {
  full_name: text('your full name', PROFILE_LIMITS.full_name),
  age: wholeNumber('your age', 'Age', 'years', PROFILE_LIMITS.age),
  address: text('your address', PROFILE_LIMITS.address),
  // A select of country names, but any stored name stays valid: the column is free text.
  country: text('your country', PROFILE_LIMITS.country, 'choose'),
  occupation: text('your occupation', PROFILE_LIMITS.occupation),
  phone: phone(),
  marital_status: choice(MARITAL_STATUSES, 'Please choose your marital status.'),
};

export const profileSchema = z.object(profileShape);
export type ProfileData = z.infer<typeof profileSchema>;

/** The profile form's fields, in the order they are shown. */
export const PROFILE_FIELDS = ['full_name', 'age', 'address', 'country', 'occupation', 'phone', 'marital_status'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** What the profile editor says after saving. */
export const PROFILE_SAVE_TEXTS = {
  saved: 'Your profile has been updated.',
  failed: 'We could not save your profile. Please try again.',
} as const;
