// To the visitor who booked: their request, at the date and time at the Lagos office, held for
// them until staff confirm it, with a tentative calendar entry (booking-calendar.ts) and the link
// to cancel or reschedule.
import { createElement as h } from 'react';
import { bookingCalendar } from './booking-calendar.ts';
import { bookingSnapshot } from './booking-snapshot.ts';
import { Button, Fields, P } from './layout.ts';
import { LAGOS_TIME, formatBookingWhen, formatBookingWhenInLagos, formatConsultancyDate, formatSlotTimeInLagos } from '../../../../common/consultancy-time.ts';
import type { BookingRow, Email, EmailInput } from './types.ts';

/** The visitor's first email about a booking: what they asked for, and what happens next. */
export function bookingConfirmation({ row, payload, brand, siteUrl }: EmailInput<BookingRow>): Email {
  const booking = bookingSnapshot(row, payload, siteUrl);
  const when = formatBookingWhen(booking.date, booking.time);
  return {
    subject: `Consultation requested with ${brand.name}: ${when} (${LAGOS_TIME})`,
    title: 'We have your booking request',
    body: h('div', null,
      h(P, null, `Dear ${row.full_name},`),
      h(P, null, `Thank you for booking a consultation for ${formatBookingWhenInLagos(booking.date, booking.time)}. The time is held for you, and we will confirm it by email shortly.`),
      h(Fields, { rows: [['Date', formatConsultancyDate(booking.date, 'weekday')], ['Time', formatSlotTimeInLagos(booking.time)], ['Where', brand.contact.address], ['Phone', brand.contact.phone]] }),
      h(P, null, 'The attached calendar entry marks the time as tentative until we confirm it. To ask us anything, reply to this email or call us.'),
      booking.manageUrl ? h(Button, { href: booking.manageUrl, brand }, 'Cancel or reschedule') : null,
    ),
    attachments: [bookingCalendar(booking, brand)],
  };
}
