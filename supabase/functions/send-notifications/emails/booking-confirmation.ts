// To the visitor who booked: the date and time at the Lagos office, and a calendar invitation
// (.ics, RFC 5545, made by the `ics` library) they can add with one click.
import { createElement as h } from 'react';
import { createEvent } from 'ics';
import { Fields, P } from './layout.ts';
import { longDate, shortTime, zonedInstant } from './text.ts';
import type { BookingRow, Email, EmailAttachment, EmailInput } from './types.ts';

/** How long a consultation is planned for in the calendar invitation. */
const CONSULTATION_MINUTES = 30;

/** The visitor's booking confirmation with its .ics attachment. */
export function bookingConfirmation({ row, brand }: EmailInput<BookingRow>): Email {
  const when = `${longDate(row.date)} at ${shortTime(row.time)}`;
  return {
    subject: `Your consultation with ${brand.name}: ${when} (Lagos time)`,
    title: 'Your consultation is booked',
    body: h('div', null,
      h(P, null, `Dear ${row.full_name},`),
      h(P, null, `Thank you for booking a consultation. We look forward to seeing you on ${when}, Lagos time (WAT).`),
      h(Fields, { rows: [['Date', longDate(row.date)], ['Time', `${shortTime(row.time)} (Lagos time, WAT)`], ['Where', brand.contact.address], ['Phone', brand.contact.phone]] }),
      h(P, null, 'The attached calendar invitation adds it to your calendar. To change or cancel, reply to this email or call us.'),
    ),
    attachments: [calendarInvitation(row, brand.name, brand.contact.address)],
  };
}

/** The booking as a VEVENT in UTC (DTSTART…Z), identified by the booking so a resend updates, never duplicates, it. */
function calendarInvitation(row: BookingRow, organiser: string, location: string): EmailAttachment {
  const { error, value } = createEvent({
    productId: 'bridgewayvisa/notifications',
    method: 'PUBLISH',
    uid: `booking-${row.id}@bridgewayvisa.com`,
    start: zonedInstant(row.date, row.time),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: CONSULTATION_MINUTES },
    title: `Consultation with ${organiser}`,
    description: `Your visa consultation with ${organiser}.`,
    location,
    status: 'CONFIRMED',
  });
  if (error || !value) throw new Error(`calendar invitation: ${error?.message ?? 'no output'}`);
  return { filename: 'consultation.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: value };
}
