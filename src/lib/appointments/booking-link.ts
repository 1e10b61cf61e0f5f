// The page a booking's emailed link opens (/appointment#token=…): the three RPCs it calls with a
// plain request (no supabase-js: the page needs nothing else of it), and what a visitor reads for
// each answer, known by status and SQLSTATE (20261122000730_booking_changes.sql), never by the
// server's English. Opening the page only reads; the buttons act.
import { fieldRefusal, OFFLINE_MESSAGE } from '../forms/errors.ts';
import type { FieldErrors } from '../result.ts';
import type { BookingStatus } from '../../../common/bookings.ts';

export type { BookingStatus };

/** The booking as public.booking_by_link shows it. */
export interface LinkedBooking {
  full_name: string;
  date: string;
  time: string;
  status: BookingStatus;
  can_change: boolean;
}

/** The booking after a change (public.cancel_booking_by_link, public.reschedule_booking_by_link). */
export interface ChangedBooking {
  date: string;
  time: string;
  status: BookingStatus;
}

/** Where a booking stands, as the page and the admin say it. */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  requested: 'Requested: we will confirm it by email',
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

export const LINK_TEXTS = {
  invalid: 'This link is not valid: it may be incomplete, or a newer email about your booking replaced it. Please use the link in the latest email, or call us.',
  expired: 'This link has expired: the time of the appointment has passed.',
  closed: 'This booking is already declined or cancelled, so it can no longer be changed.',
  failed: 'We could not reach our booking system just now. Please try again in a moment.',
  cancelled: 'Your booking is cancelled. We have emailed you to confirm it.',
  rescheduled: 'Your new time is requested: we have emailed you, and will confirm it shortly. This link no longer works; the email carries a new one.',
  noTime: 'Choose the new date and time.',
  sameTime: 'That is your current date and time: choose another.',
} as const;

/** What went wrong: a message for the page, and for a reschedule the fields it concerns. */
export interface LinkFailure {
  message: string;
  fields?: FieldErrors;
  /** The link can do nothing more (unknown, replaced, expired or a booking that is over). */
  final: boolean;
}

export type LinkResult<T> = { ok: true; data: T } | { ok: false; error: LinkFailure };

/** The failure a PostgREST answer means. */
export function linkFailure(status: number, code: string | undefined): LinkFailure {
  if (status === 404 || code === 'PT404') return { message: LINK_TEXTS.invalid, final: true };
  if (status === 410 || code === 'PT410') return { message: LINK_TEXTS.expired, final: true };
  if (code === 'PT409') return { message: LINK_TEXTS.closed, final: true };
  const fields = fieldRefusal({ code });
  if (fields) return { message: Object.values(fields)[0] ?? LINK_TEXTS.failed, fields, final: false };
  if (code === 'PT400') return { message: LINK_TEXTS.sameTime, fields: { time: LINK_TEXTS.sameTime }, final: false };
  return { message: LINK_TEXTS.failed, final: false };
}

interface Endpoint {
  url: string;
  anonKey: string;
}

async function call<T>({ url, anonKey }: Endpoint, rpc: string, body: Record<string, string>): Promise<LinkResult<T>> {
  let res: Response;
  try {
    res = await fetch(`${url}/rest/v1/rpc/${rpc}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: anonKey, authorization: `Bearer ${anonKey}` },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, error: { message: OFFLINE_MESSAGE, final: false } };
  }
  const answer: unknown = await res.json().catch(() => null);
  if (res.ok) return { ok: true, data: answer as T };
  const code = typeof answer === 'object' && answer !== null ? (answer as { code?: unknown }).code : undefined;
  return { ok: false, error: linkFailure(res.status, typeof code === 'string' ? code : undefined) };
}

/** Reads the booking the link opens; changes nothing. */
export const readLinkedBooking = (endpoint: Endpoint, token: string) => call<LinkedBooking>(endpoint, 'booking_by_link', { token });

/** Cancels the booking. */
export const cancelLinkedBooking = (endpoint: Endpoint, token: string) => call<ChangedBooking>(endpoint, 'cancel_booking_by_link', { token });

/** Moves the booking to another date and time (Lagos); it is requested again. */
export const rescheduleLinkedBooking = (endpoint: Endpoint, token: string, date: string, time: string) =>
  call<ChangedBooking>(endpoint, 'reschedule_booking_by_link', { token, new_date: date, new_time: time });
