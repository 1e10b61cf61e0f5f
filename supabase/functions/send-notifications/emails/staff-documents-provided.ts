// To staff: the last of the documents they asked an applicant for has arrived (the upload's trigger
// settled the request, once); the link opens the application in /admin.
import { createElement as h } from 'react';
import { Button, Fields, List, P } from './layout.ts';
import { applicationReference, oneLine, requestedLabels } from './text.ts';
import type { ApplicationRow, Email, EmailInput } from './types.ts';

/** The staff's documents-provided email: the items of the request from the payload. */
export function staffDocumentsProvided({ row, payload, siteUrl, brand }: EmailInput<ApplicationRow>): Email {
  const reference = applicationReference(row.id);
  // As the new-application email does: the link opens the application's case.
  const admin = new URL('/admin', siteUrl);
  admin.searchParams.set('application', row.id);
  return {
    subject: `Documents provided for application ${reference}: ${oneLine(row.name)}`,
    title: 'Requested documents provided',
    body: h('div', null,
      h(P, null, `${row.name} has sent every document you asked for:`),
      h(List, { items: requestedLabels(payload.items) }),
      h(Fields, { rows: [['Reference', reference], ['Visa type', row.visa_type], ['Name', row.name], ['Email', row.email]] }),
      h(Button, { href: admin.toString(), brand }, 'Review the documents in admin'),
    ),
  };
}
