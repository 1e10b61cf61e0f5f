// Staff's changes of a booking from /admin, through public.change_booking (admins only; the
// database says which change is allowed from which state, records it and emails the visitor), and
// what each change and state is called there. Answers a Result for react-query.
import type { BadgeTone } from '../badges.ts';
import type { SiteClient } from '../database.ts';
import { fieldRefusal, staffFailure } from '../forms/errors.ts';
import { failed, succeeded, type Result } from '../result.ts';
import { BOOKING_NOTE_MAX, BOOKING_STATUSES, CHANGES_ALLOWED, type BookingChange, type BookingStatus } from '../../../common/bookings.ts';
import { isOneOf } from '../../../common/domain.ts';
import type { Enums } from '../../../common/database.types.ts';

export type StaffChange = BookingChange;

/** The states staff see, in the list and the agenda. */
export const STAFF_STATUS_LABELS: Record<BookingStatus, string> = {
  requested: 'Requested',
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

const STATUS_TONES: Record<BookingStatus, BadgeTone> = { requested: 'info', confirmed: 'success', declined: 'danger', cancelled: 'neutral' };

/** The tone of a booking's status badge (neutral for a value the site does not know). */
export function bookingStatusTone(status: unknown): BadgeTone {
  return STATUS_TONES[status as BookingStatus] ?? 'neutral';
}

/** Each change as staff choose it: its button, the dialog's title and the toast after it. */
export const STAFF_CHANGES: Record<StaffChange, { button: string; title: string; done: string }> = {
  confirmed: { button: 'Confirm', title: 'Confirm the booking', done: 'confirmed' },
  declined: { button: 'Decline', title: 'Decline the booking', done: 'declined' },
  moved: { button: 'Move', title: 'Move the booking', done: 'moved' },
  cancelled: { button: 'Cancel', title: 'Cancel the booking', done: 'cancelled' },
};

/** The changes open to staff from a state: every change the database allows from it (common/bookings.ts). */
export function staffChangesFor(status: unknown): readonly StaffChange[] {
  return isOneOf(BOOKING_STATUSES, status) ? CHANGES_ALLOWED[status] : [];
}

/** The longest note staff may add (the database's limit). */
export const NOTE_MAX = BOOKING_NOTE_MAX;

const CHANGED_MEANWHILE = 'This booking changed meanwhile (the visitor or another admin acted). The list has been refreshed: look at it again.';

/** Applies `change` to the booking, with the new date and time for a move and an optional note to the visitor. */
export async function changeBooking(
  supabase: SiteClient,
  bookingId: string,
  change: StaffChange,
  { date, time, note }: { date?: string; time?: string; note?: string },
): Promise<Result> {
  const { error } = await supabase.rpc('change_booking', {
    booking_id: bookingId,
    change,
    ...(change === 'moved' ? { new_date: date ?? '', new_time: time ?? '' } : {}),
    ...(note?.trim() ? { note: note.trim() } : {}),
  });
  if (!error) return succeeded();
  if (error.code === 'PT409') return failed('refused', CHANGED_MEANWHILE);
  const fields = fieldRefusal(error);
  if (fields) return failed('refused', Object.values(fields)[0] ?? '', fields);
  if (error.code === 'PT400') return failed('refused', change === 'moved' ? 'Choose a new date and time, different from the current one.' : 'The note is too long.');
  return staffFailure(error);
}

/** One change in a booking's history, as staff read it. */
export interface BookingEvent {
  id: string;
  change: StaffChange;
  changed_by: Enums<'booking_changer'>;
  note: string | null;
  from_date: string;
  from_time: string;
  to_date: string;
  to_time: string;
  created_at: string;
}

/** What one change of the history says ("Moved by the visitor from 2027-03-10 09:30 to 2027-03-12 14:00"). */
export function describeBookingEvent(event: BookingEvent): string {
  const who = event.changed_by === 'visitor' ? 'the visitor' : 'staff';
  const at = (date: string, time: string) => `${date} ${time.slice(0, 5)}`;
  const what = { confirmed: 'Confirmed', declined: 'Declined', moved: 'Moved', cancelled: 'Cancelled' }[event.change];
  const moved = event.change === 'moved' ? ` from ${at(event.from_date, event.from_time)} to ${at(event.to_date, event.to_time)}` : '';
  return `${what} by ${who}${moved}${event.note ? `: “${event.note}”` : ''}`;
}

/** A booking's history, oldest first (admins read it through row-level security). */
export async function fetchBookingHistory(supabase: SiteClient, bookingId: string): Promise<Result<BookingEvent[]>> {
  const { data, error } = await supabase
    .from('booking_events')
    .select('id, change, changed_by, note, from_date, from_time, to_date, to_time, created_at')
    .eq('booking_id', bookingId)
    .order('created_at');
  return error ? staffFailure(error) : succeeded(data as BookingEvent[]);
}
