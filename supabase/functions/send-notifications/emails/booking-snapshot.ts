// A booking as an email about it shows it: the state queued with the email (its payload, written by
// private.booking_email_payload: date, time, status, calendar sequence, link token), so two quick
// changes send two emails that each say what was true when they were queued. The subject row fills
// in what the payload leaves out (a row queued before payloads carried the booking).
import { linkWithToken } from '../../../../common/link-token.ts';
import { payloadText } from './text.ts';
import type { BookingRow } from './types.ts';

export type BookingStatus = 'requested' | 'confirmed' | 'declined' | 'cancelled';

export interface BookingSnapshot {
  id: string;
  fullName: string;
  email: string;
  date: string;
  time: string;
  status: BookingStatus;
  sequence: number;
  /** The page where the visitor cancels or reschedules, or null when the email carries no link. */
  manageUrl: string | null;
}

const STATUSES: readonly BookingStatus[] = ['requested', 'confirmed', 'declined', 'cancelled'];

/** The path of the page a booking's link opens (src/pages/appointment.astro). */
export const MANAGE_PATH = '/appointment';

/** The booking an email is about, from its payload and subject row. */
export function bookingSnapshot(row: BookingRow, payload: Record<string, unknown>, siteUrl: string): BookingSnapshot {
  const status = STATUSES.find((each) => each === payload.status) ?? 'requested';
  const token = payloadText(payload.link_token);
  const manage = linkWithToken(new URL(MANAGE_PATH, siteUrl), token);
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    date: payloadText(payload.date) || row.date,
    time: payloadText(payload.time) || row.time,
    status,
    sequence: typeof payload.sequence === 'number' ? payload.sequence : 0,
    manageUrl: token ? manage : null,
  };
}
