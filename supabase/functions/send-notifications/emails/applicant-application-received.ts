// To the applicant: their application arrived, with a reference they can quote.
import { createElement as h } from 'react';
import { Button, Fields, P } from './layout.ts';
import { applicationReference } from './text.ts';
import type { ApplicationRow, Email, EmailInput } from './types.ts';

/** The applicant's application-received email. */
export function applicantApplicationReceived({ row, siteUrl, brand }: EmailInput<ApplicationRow>): Email {
  const reference = applicationReference(row.id);
  return {
    subject: `We received your ${row.visa_type} application (reference ${reference})`,
    title: 'Your application is in',
    body: h('div', null,
      h(P, null, `Dear ${row.name},`),
      h(P, null, `Thank you: we received your ${row.visa_type} application. A consultant will review it and write to you when its status changes.`),
      h(Fields, { rows: [['Reference', reference], ['Visa type', row.visa_type]] }),
      h(P, null, 'Quote the reference when you contact us about this application.'),
      h(Button, { href: new URL('/profile', siteUrl).toString(), brand }, 'See your applications'),
    ),
  };
}
