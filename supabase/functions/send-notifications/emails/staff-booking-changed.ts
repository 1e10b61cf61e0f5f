// To staff: a visitor rescheduled (to confirm again) or cancelled their booking through their link.
import { createElement as h } from 'react';
import { Button, Fields, P } from './layout.ts';
import { LAGOS_TIME, formatBookingWhen } from '../../../../common/consultancy-time.ts';
import { oneLine, payloadText } from './text.ts';
import type { BookingRow, Email, EmailInput } from './types.ts';

/** The staff's email about a visitor's own change. */
export function staffBookingChanged({ row, payload, siteUrl, brand }: EmailInput<BookingRow>): Email {
  const before = formatBookingWhen(payloadText(payload.from_date) || row.date, payloadText(payload.from_time) || row.time);
  const after = formatBookingWhen(payloadText(payload.date) || row.date, payloadText(payload.time) || row.time);
  const moved = payload.change === 'moved';
  const admin = new URL('/admin', siteUrl);
  admin.searchParams.set('bookings.q', row.email.toLowerCase());
  return {
    subject: moved ? `Booking rescheduled: ${oneLine(row.full_name)}, now ${after}` : `Booking cancelled: ${oneLine(row.full_name)}, ${before}`,
    title: moved ? 'A visitor rescheduled, to confirm' : 'A visitor cancelled',
    body: h('div', null,
      h(P, null, moved
        ? `${row.full_name} moved their consultation from ${before} to ${after} (${LAGOS_TIME}). Please confirm the new time.`
        : `${row.full_name} cancelled their consultation on ${before} (${LAGOS_TIME}). The time is free again.`),
      h(Fields, { rows: [['Name', row.full_name], ['Email', row.email], ['Phone', row.phone]] }),
      h(Button, { href: admin.toString(), brand }, 'Open bookings in admin'),
    ),
  };
}
