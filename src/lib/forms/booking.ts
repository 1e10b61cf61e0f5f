// The home page's booking form (specification sections 3 and 5, docs/product-decisions.md: date is its own
// field, today or later). Limits are those of public.bookings (20261122000300_public_forms.sql).
import * as z from 'zod/mini';
import { BOOKING_COUNTRIES } from '../domain.ts';
import { EMAIL_MAX_LENGTH, NAME_LENGTH, PHONE_LENGTH, choice, date, email, honeypot, phone, text, time } from './fields.ts';

export const BOOKING_LIMITS = {
  full_name: NAME_LENGTH,
  phone: PHONE_LENGTH,
  email: EMAIL_MAX_LENGTH,
} as const;

export const BOOKING_SUCCESS = 'Booking successfully submitted!';
export const BOOKING_FAILURE = 'An error occurred. Please try again.';

export const bookingSchema = z.object({
  full_name: text('your full name', BOOKING_LIMITS.full_name),
  phone: phone(),
  email: email(),
  country: choice(BOOKING_COUNTRIES, 'Please choose a country.'),
  date: date('the date of your appointment', {
    test: (value, today) => value >= today,
    message: 'Please choose today or a later date.',
  }),
  time: time('a time'),
  website: honeypot,
});

export type Booking = z.infer<typeof bookingSchema>;

/** The booking form's fields, empty. */
export const BOOKING_INITIAL = {
  full_name: '',
  phone: '',
  email: '',
  country: '',
  date: '',
  time: '',
  website: '',
};
