// To the visitor: staff confirmed, declined, moved or cancelled their booking, or the visitor
// rescheduled or cancelled it themselves (public.booking_events, queued by
// private.apply_booking_change). Each email says what changed, carries staff's note, the calendar
// entry's update (booking-calendar.ts) and, while the booking is on, the link to change it again.
import { createElement as h } from 'react';
import { bookingCalendar } from './booking-calendar.ts';
import { bookingSnapshot, type BookingSnapshot } from './booking-snapshot.ts';
import { Button, Fields, P } from './layout.ts';
import { LAGOS_TIME, formatBookingWhen, formatConsultancyDate, formatSlotTimeInLagos } from '../../../../common/consultancy-time.ts';
import { payloadText } from './text.ts';
import type { BookingRow, Email, EmailInput } from './types.ts';

type Wording = { subject: string; title: string; lead: string };

/** What the email says for each change, by who made it (for a cancellation, who asked for it). */
function wording(change: string, byVisitor: boolean, when: string, before: string): Wording {
  switch (change) {
    case 'confirmed':
      return { subject: `Your consultation is confirmed: ${when} (${LAGOS_TIME})`, title: 'Your consultation is confirmed', lead: `We have confirmed your consultation on ${when} (${LAGOS_TIME}). We look forward to seeing you.` };
    case 'declined':
      return { subject: `We cannot take your consultation on ${when}`, title: 'We cannot take this consultation', lead: `We are sorry: we cannot take your consultation on ${when} (${LAGOS_TIME}). You are welcome to book another time on our website.` };
    case 'moved':
      return byVisitor
        ? { subject: `New time requested: ${when} (${LAGOS_TIME})`, title: 'Your new time is requested', lead: `You moved your consultation from ${before} to ${when} (${LAGOS_TIME}). The new time is held for you, and we will confirm it by email shortly.` }
        : { subject: `Your consultation has moved to ${when} (${LAGOS_TIME})`, title: 'Your consultation has a new time', lead: `We have moved your consultation from ${before} to ${when} (${LAGOS_TIME}), and confirmed it.` };
    default:
      return byVisitor
        ? { subject: `Your consultation on ${when} is cancelled`, title: 'Your consultation is cancelled', lead: `As you asked, your consultation on ${when} (${LAGOS_TIME}), is cancelled. You are welcome to book another time on our website.` }
        : { subject: `Your consultation on ${when} is cancelled`, title: 'Your consultation is cancelled', lead: `We are sorry: we have had to cancel your consultation on ${when} (${LAGOS_TIME}). You are welcome to book another time on our website.` };
  }
}

function whenOf(booking: Pick<BookingSnapshot, 'date' | 'time'>): string {
  return formatBookingWhen(booking.date, booking.time);
}

/** The visitor's email about one change of their booking. */
export function bookingChanged({ row, payload, brand, siteUrl }: EmailInput<BookingRow>): Email {
  const booking = bookingSnapshot(row, payload, siteUrl);
  const fromDate = payloadText(payload.from_date);
  const before = fromDate ? whenOf({ date: fromDate, time: payloadText(payload.from_time) }) : '';
  // A cancellation staff made because the visitor asked reads as the visitor's own.
  const visitorAsked = payload.changed_by === 'visitor' || payload.asked_by === 'visitor';
  const { subject, title, lead } = wording(payloadText(payload.change), visitorAsked, whenOf(booking), before);
  const note = payloadText(payload.note);
  return {
    subject,
    title,
    body: h('div', null,
      h(P, null, `Dear ${row.full_name},`),
      h(P, null, lead),
      note ? h(Fields, { rows: [['Our note', note]] }) : null,
      h(Fields, { rows: [['Date', formatConsultancyDate(booking.date, 'weekday')], ['Time', formatSlotTimeInLagos(booking.time)], ['Where', brand.contact.address], ['Phone', brand.contact.phone]] }),
      h(P, null, 'The attached calendar entry updates the one in your calendar. To ask us anything, reply to this email or call us.'),
      booking.manageUrl ? h(Button, { href: booking.manageUrl, brand }, 'Cancel or reschedule') : null,
    ),
    attachments: [bookingCalendar(booking, brand)],
  };
}
