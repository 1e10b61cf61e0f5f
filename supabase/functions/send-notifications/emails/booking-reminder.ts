// To the visitor, the day before (private.queue_booking_reminders, every 15 minutes from Cron): the
// time of their consultation, whether it is confirmed, and the link to cancel or reschedule.
import { createElement as h } from 'react';
import { bookingSnapshot } from './booking-snapshot.ts';
import { Button, Fields, P } from './layout.ts';
import { LAGOS_TIME, formatBookingWhen, formatBookingWhenInLagos, formatConsultancyDate, formatSlotTimeInLagos } from '../../../../common/consultancy-time.ts';
import type { BookingRow, Email, EmailInput } from './types.ts';

/** The visitor's reminder of their consultation. */
export function bookingReminder({ row, payload, brand, siteUrl }: EmailInput<BookingRow>): Email {
  const booking = bookingSnapshot(row, payload, siteUrl);
  const when = formatBookingWhen(booking.date, booking.time);
  return {
    subject: `Reminder: your consultation on ${when} (${LAGOS_TIME})`,
    title: 'Your consultation is coming up',
    body: h('div', null,
      h(P, null, `Dear ${row.full_name},`),
      h(P, null, booking.status === 'confirmed'
        ? `This is a reminder of your consultation on ${formatBookingWhenInLagos(booking.date, booking.time)}.`
        : `This is a reminder of the consultation you asked for on ${formatBookingWhenInLagos(booking.date, booking.time)}. We have not confirmed it yet, and will do so by email.`),
      h(Fields, { rows: [['Date', formatConsultancyDate(booking.date, 'weekday')], ['Time', formatSlotTimeInLagos(booking.time)], ['Where', brand.contact.address], ['Phone', brand.contact.phone]] }),
      h(P, null, 'If you cannot come, please cancel or reschedule so that someone else can take the time. To ask us anything, reply to this email or call us.'),
      booking.manageUrl ? h(Button, { href: booking.manageUrl, brand }, 'Cancel or reschedule') : null,
    ),
  };
}
