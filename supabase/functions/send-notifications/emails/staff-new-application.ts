// To staff: a signed-in user submitted a visa application; the link opens it in /admin.
import { createElement as h } from 'react';
import { Button, Fields, P } from './layout.ts';
import { applicationReference, oneLine } from './text.ts';
import type { ApplicationRow, Email, EmailInput } from './types.ts';

/** The staff's new-application email. */
export function staffNewApplication({ row, siteUrl, brand }: EmailInput<ApplicationRow>): Email {
  const reference = applicationReference(row.id);
  // The application's case has its own address in the admin workspace (src/islands/admin/workspace-address.ts).
  const admin = new URL('/admin', siteUrl);
  admin.searchParams.set('application', row.id);
  return {
    subject: `New visa application ${reference}: ${row.visa_type} from ${oneLine(row.name)}`,
    title: 'New visa application',
    body: h('div', null,
      h(P, null, `${row.name} applied for a ${row.visa_type}.`),
      h(Fields, { rows: [['Reference', reference], ['Visa type', row.visa_type], ['Name', row.name], ['Email', row.email], ['Phone', row.phone], ['Nationality', row.nationality]] }),
      h(Button, { href: admin.toString(), brand }, 'Review the application in admin'),
    ),
  };
}
