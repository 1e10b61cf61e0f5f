// What a booking's state means, as the database says it (supabase/migrations/20261122000720_bookings.sql
// and 20261122000730_booking_changes.sql): the states and changes are its enums, read from the
// generated types; which states hold a place, which change is allowed from which state and the
// longest note are SQL functions the database enforces, copied here for the pages that offer them
// before asking. tests/db/booking-rules.test.ts holds each copy equal to its function.
import { Constants, type Enums } from './database.types.ts';

export type BookingStatus = Enums<'booking_status'>;
export type BookingChange = Enums<'booking_change'>;

/** Every state of a booking, in the order the admin sorts by. */
export const BOOKING_STATUSES = Constants.public.Enums.booking_status;

/** The states that hold one of their slot's places (private.booking_holds_place). */
export const PLACE_HOLDING_STATUSES: readonly BookingStatus[] = ['requested', 'confirmed'];

/** The changes allowed from each state (private.booking_changes_allowed). */
export const CHANGES_ALLOWED: Record<BookingStatus, readonly BookingChange[]> = {
  requested: ['confirmed', 'declined', 'moved', 'cancelled'],
  confirmed: ['moved', 'cancelled'],
  declined: [],
  cancelled: [],
};

/** The longest note a change may carry for the visitor, in characters (private.booking_note_max). */
export const BOOKING_NOTE_MAX = 1000;
