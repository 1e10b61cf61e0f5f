// The home page's booking form (specification sections 3 and 5, docs/product-decisions.md: date is its own
// field, a date and time not yet past in Lagos, the consultancy's time zone). Limits are those of
// public.bookings (supabase/migrations/), whose trigger judges the moment the same way.
import * as z from 'zod/mini';
import { BOOKING_COUNTRIES, bookingHasPassed, consultancyToday } from '../../../common/domain.ts';
import { pastDateMessage } from './bookable-dates.ts';
import { EMAIL_MAX_LENGTH, NAME_LENGTH, PHONE_LENGTH, VALID_TIME, choice, date, email, honeypot, phone, text, time } from './fields.ts';

export const BOOKING_LIMITS = {
  full_name: NAME_LENGTH,
  phone: PHONE_LENGTH,
  email: EMAIL_MAX_LENGTH,
} as const;

export const BOOKING_SUCCESS = 'Booking successfully submitted!';
export const BOOKING_FAILURE = 'An error occurred. Please try again.';
/** A time already past today in Lagos: the form's words, and the database's for the same refusal. */
export const BOOKING_TIME_PASSED = 'Please choose a time that has not passed yet in Lagos (WAT).';

/**
 * A consultation's date and time, as the booking form, the visitor's reschedule and staff's move
 * ask for them: a date not before today in Lagos, a time of day.
 */
export function consultationFields(what = 'the date of your appointment') {
  return {
    date: date(what, { test: (value, today) => value >= today, message: pastDateMessage }, () => consultancyToday()),
    time: time('a time'),
  };
}

/**
 * Today in Lagos at a time already gone there. Any other date, or a time not yet valid, is judged
 * by its own field's rule (this check runs whatever those found).
 */
export const consultationNotPassed = z.refine<{ date: string; time: string }>(
  ({ date, time }) => date !== consultancyToday() || !VALID_TIME.test(time) || !bookingHasPassed(date, time),
  { message: BOOKING_TIME_PASSED, path: ['time'] },
);

export const bookingSchema = z.object({
  full_name: text('your full name', BOOKING_LIMITS.full_name),
  phone: phone(),
  email: email(),
  country: choice(BOOKING_COUNTRIES, 'Please choose a country.'),
  ...consultationFields(),
  website: honeypot,
}).check(consultationNotPassed);

/** A booking's new date and time (the visitor's reschedule, staff's move): the booking form's rules. */
export const consultationMoveSchema = z.object(consultationFields('the new date')).check(consultationNotPassed);

/** The move's fields, empty. */
export const CONSULTATION_MOVE_INITIAL = { date: '', time: '' };

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
