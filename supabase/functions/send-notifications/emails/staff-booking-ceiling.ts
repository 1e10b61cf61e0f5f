// To staff: the bookings of the last hour reached the ceiling, so the next ones are refused for now.
// Sent once (the database queues it with the booking that reached the ceiling, at most once a day):
// a flood of junk bookings is one email, not one "New booking" email per booking.
import { createElement as h } from 'react';
import { Button, P } from './layout.ts';
import type { BookingRow, Email, EmailInput } from './types.ts';

/** The staff's email when the hourly ceiling of new bookings is reached. */
export function staffBookingCeiling({ payload, siteUrl, brand }: EmailInput<BookingRow>): Email {
  const ceiling = typeof payload['ceiling'] === 'number' ? payload['ceiling'] : null;
  const count = ceiling === null ? 'The most' : `${ceiling}`;
  return {
    subject: 'Bookings paused: the hourly ceiling was reached',
    title: 'Unusually many bookings',
    body: h('div', null,
      h(P, null, `${count} new bookings were made in the last hour, the most the site takes in an hour. Visitors who try to book now are asked to try again later or to call or WhatsApp you; booking opens again as the hour passes.`),
      h(P, null, 'If you did not expect this many, the bookings may be junk: look at the latest ones and cancel those that are not real.'),
      h(Button, { href: new URL('/admin', siteUrl).toString(), brand }, 'Open bookings in admin'),
    ),
  };
}
