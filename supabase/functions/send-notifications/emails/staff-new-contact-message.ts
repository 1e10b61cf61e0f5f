// To staff: a visitor sent a message from a contact form (the row records the page).
import { createElement as h } from 'react';
import { Button, Fields, P } from './layout.ts';
import { oneLine } from './text.ts';
import type { ContactMessageRow, Email, EmailInput } from './types.ts';

/** The staff's new-message email. */
export function staffNewContactMessage({ row, siteUrl, brand }: EmailInput<ContactMessageRow>): Email {
  const page = new URL(row.page, siteUrl).toString();
  const admin = new URL('/admin', siteUrl);
  admin.searchParams.set('messages.q', row.email.toLowerCase());
  return {
    subject: `New message from ${oneLine(row.name)}: ${oneLine(row.subject)}`,
    title: 'New contact message',
    body: h('div', null,
      h(P, null, `${row.name} wrote from the page `, h('a', { href: page }, row.page), '.'),
      h(Fields, { rows: [['Name', row.name], ['Email', row.email], ['Phone', row.phone], ['Subject', row.subject], ['Page', row.page], ['Message', row.message]] }),
      h(Button, { href: admin.toString(), brand }, 'Open messages in admin'),
    ),
  };
}
