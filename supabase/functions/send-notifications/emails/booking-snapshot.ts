// A booking as an email about it shows it: the state queued with the email (its payload, written by
// private.booking_email_payload: date, time, status, whether it holds its place, the instants it
// starts and ends, calendar sequence, link token), so two quick
// changes send two emails that each say what was true when they were queued. The subject row fills
// in what the payload leaves out (a row queued before payloads carried the booking).
import { BOOKING_STATUSES, type BookingStatus } from '../../../../common/bookings.ts';
import { isOneOf } from '../../../../common/domain.ts';
import { linkWithToken } from '../../../../common/link-token.ts';
import { payloadText } from './text.ts';
import type { BookingRow } from './types.ts';

export type { BookingStatus };

export interface BookingSnapshot {
  id: string;
  fullName: string;
  email: string;
  date: string;
  time: string;
  status: BookingStatus;
  /** Whether the booking still holds its place (the database's answer, queued with the email). */
  holdsPlace: boolean;
  /** When the consultation starts and ends, as instants (ms since the epoch; NaN when the payload has none). */
  startsAt: number;
  endsAt: number;
  sequence: number;
  /** The page where the visitor cancels or reschedules, or null when the email carries no link. */
  manageUrl: string | null;
}

/** The path of the page a booking's link opens (src/pages/appointment.astro). */
export const MANAGE_PATH = '/appointment';

/** The booking an email is about, from its payload and subject row. */
export function bookingSnapshot(row: BookingRow, payload: Record<string, unknown>, siteUrl: string): BookingSnapshot {
  const status = isOneOf(BOOKING_STATUSES, payload.status) ? payload.status : 'requested';
  const date = payloadText(payload.date) || row.date;
  const time = payloadText(payload.time) || row.time;
  const token = payloadText(payload.link_token);
  const manage = linkWithToken(new URL(MANAGE_PATH, siteUrl), token);
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    date,
    time,
    status,
    holdsPlace: payload.holds_place === true,
    startsAt: Date.parse(payloadText(payload.starts_at)),
    endsAt: Date.parse(payloadText(payload.ends_at)),
    sequence: typeof payload.sequence === 'number' ? payload.sequence : 0,
    manageUrl: token ? manage : null,
  };
}
