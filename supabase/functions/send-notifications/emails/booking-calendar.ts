// A booking's entry in the visitor's calendar, as calendar apps follow it (RFC 5546, iTIP): every
// email about one booking carries the same UID and a higher SEQUENCE than the last, so the app
// replaces the entry instead of adding one. While the booking holds its place the email is a
// METHOD:REQUEST with STATUS TENTATIVE (requested, staff have not confirmed) or CONFIRMED; once
// declined or cancelled it is a METHOD:CANCEL with STATUS CANCELLED, which removes it. ORGANIZER is
// the consultancy's monitored address (replies reach a person) and ATTENDEE the visitor. Made by
// the `ics` library; the attachment's MIME type names the same method.
import { createEvent, type EventAttributes } from 'ics';
import type { Brand } from './brand.ts';
import type { BookingSnapshot } from './booking-snapshot.ts';
import type { EmailAttachment } from './types.ts';

/** The iTIP method of the entry: a booking that holds its place is on the calendar, any other is removed. */
export function calendarMethod(booking: Pick<BookingSnapshot, 'holdsPlace'>): 'REQUEST' | 'CANCEL' {
  return booking.holdsPlace ? 'REQUEST' : 'CANCEL';
}

function calendarStatus(booking: Pick<BookingSnapshot, 'status'>): EventAttributes['status'] {
  if (booking.status === 'requested') return 'TENTATIVE';
  if (booking.status === 'confirmed') return 'CONFIRMED';
  return 'CANCELLED';
}

/**
 * A name as an iCalendar parameter value (CN=…), encoded as RFC 6868 says: `^` as `^^`, `"` as
 * `^'`, a line break as `^n`; any other control character dropped. The `ics` library quotes the
 * value but writes a `"` in it as `\"`, which RFC 5545 does not define: a calendar app ends the
 * value at that quote and reads what follows (`;RSVP=TRUE;ROLE=CHAIR:mailto:…`) as the attendee's
 * own parameters and address. Given no `"`, the library's quotes hold the whole name.
 */
export function calendarParameterValue(value: string): string {
  return value
    .replace(/\^/g, '^^')
    .replace(/"/g, "^'")
    .replace(/\r\n|\r|\n/g, '^n')
    .replace(/[\u0000-\u001f\u007f]/g, '');
}

/**
 * The .ics attachment of an email about the booking, in UTC (DTSTART…Z): from the start to the end
 * the database queued with the email (one slot length, public.booking_rules.slot_minutes).
 */
export function bookingCalendar(booking: BookingSnapshot, brand: Brand): EmailAttachment {
  if (!(booking.endsAt > booking.startsAt)) throw new Error('calendar entry: the email carries no start and end of the booking');
  const method = calendarMethod(booking);
  const { error, value } = createEvent({
    productId: 'bridgewayvisa/notifications',
    method,
    uid: `booking-${booking.id}@bridgewayvisa.com`,
    sequence: booking.sequence,
    start: booking.startsAt,
    startInputType: 'utc',
    startOutputType: 'utc',
    end: booking.endsAt,
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `Consultation with ${brand.name}`,
    description: `Your visa consultation with ${brand.name}.`,
    location: brand.contact.address,
    status: calendarStatus(booking),
    organizer: { name: brand.name, email: brand.contact.email },
    attendees: [{ name: calendarParameterValue(booking.fullName), email: booking.email, rsvp: false, role: 'REQ-PARTICIPANT', partstat: method === 'CANCEL' ? 'DECLINED' : 'ACCEPTED' }],
  });
  if (error || !value) throw new Error(`calendar entry: ${error?.message ?? 'no output'}`);
  return { filename: method === 'CANCEL' ? 'cancellation.ics' : 'consultation.ics', contentType: `text/calendar; charset=utf-8; method=${method}`, content: value };
}
