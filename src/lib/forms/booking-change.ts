// Staff's change of a booking from the admin (BookingActions.tsx): a note to the visitor on every
// change, the new date and time of a move (the booking form's rules, judged in Lagos), and, for a
// cancellation, who asked for it, which the visitor's email follows. The note's limit is that of
// public.booking_events.note.
import * as z from 'zod/mini';
import { BOOKING_NOTE_MAX as NOTE_MAX } from '../../../common/bookings.ts';
import { consultationFields, consultationNotPassed } from './booking.ts';
import { choice } from './fields.ts';

/** Who asked for a cancellation: the visitor (by phone, by email) or the consultancy itself. */
export const CANCEL_ASKERS = ['visitor', 'consultancy'] as const;
export type CancelAsker = (typeof CANCEL_ASKERS)[number];

export const CANCEL_ASKER_LABELS: Record<CancelAsker, string> = {
  visitor: 'The visitor asked to cancel',
  consultancy: 'We have to cancel',
};

const note = z.string().check(z.maxLength(NOTE_MAX, `Please keep the note to ${NOTE_MAX.toLocaleString('en-GB')} characters or fewer.`));

/** Confirm or decline: a note only. */
export const bookingNoteSchema = z.object({ note });

/** Move: the new date and time, and a note. */
export const bookingMoveSchema = z.object({ ...consultationFields('the new date'), note }).check(consultationNotPassed);

/** Cancel: who asked, and a note. */
export const bookingCancelSchema = z.object({ asked_by: choice(CANCEL_ASKERS, 'Please say who asked for the cancellation.'), note });

/** Every field a change may ask for, empty (a form uses the ones its schema names). */
export const BOOKING_CHANGE_INITIAL = { date: '', time: '', note: '', asked_by: '' };
