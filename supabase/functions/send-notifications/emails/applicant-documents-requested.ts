// To the applicant: staff ask for the documents still missing from their application, each named,
// with staff's line (public.request_documents); the link opens their card on /profile.
import { createElement as h } from 'react';
import { Button, Fields, List, P } from './layout.ts';
import { applicationReference, payloadText, requestedLabels } from './text.ts';
import type { ApplicationRow, Email, EmailInput } from './types.ts';

/** The applicant's documents-requested email: the items and the line from the payload. */
export function applicantDocumentsRequested({ row, payload, siteUrl, brand }: EmailInput<ApplicationRow>): Email {
  const reference = applicationReference(row.id);
  const labels = requestedLabels(payload.items);
  const note = payloadText(payload.note);
  return {
    subject: `Documents needed for your ${row.visa_type} application (reference ${reference})`,
    title: 'Documents we need from you',
    body: h('div', null,
      h(P, null, `Dear ${row.name},`),
      h(P, null, `To go on with your ${row.visa_type} application, your adviser needs ${labels.length === 1 ? 'this document' : 'these documents'}:`),
      h(List, { items: labels }),
      note ? h(Fields, { rows: [['Your adviser adds', note]] }) : null,
      h(P, null, 'Add each one under its name on your profile. We will carry on as soon as they arrive.'),
      h(Fields, { rows: [['Reference', reference]] }),
      h(Button, { href: new URL('/profile', siteUrl).toString(), brand }, 'Add your documents'),
    ),
  };
}
