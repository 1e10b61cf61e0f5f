// To staff: a visitor booked a consultation.
import { createElement as h } from 'react';
import { Button, Fields, P } from './layout.ts';
import { formatBookingWhen, formatBookingWhenInLagos, formatConsultancyDate, formatSlotTimeInLagos } from '../../../../common/consultancy-time.ts';
import { oneLine } from './text.ts';
import type { BookingRow, Email, EmailInput } from './types.ts';

/** The staff's new-booking email. */
export function staffNewBooking({ row, siteUrl, brand }: EmailInput<BookingRow>): Email {
  const when = formatBookingWhen(row.date, row.time);
  const admin = new URL('/admin', siteUrl);
  admin.searchParams.set('bookings.q', row.email.toLowerCase());
  return {
    subject: `New booking: ${oneLine(row.full_name)}, ${when}`,
    title: 'New consultation booking',
    body: h('div', null,
      h(P, null, `${row.full_name} booked a consultation for ${formatBookingWhenInLagos(row.date, row.time)}.`),
      h(Fields, { rows: [['Name', row.full_name], ['Email', row.email], ['Phone', row.phone], ['Country', row.country], ['Date', formatConsultancyDate(row.date, 'weekday')], ['Time', formatSlotTimeInLagos(row.time)]] }),
      h(Button, { href: admin.toString(), brand }, 'Open bookings in admin'),
    ),
  };
}
