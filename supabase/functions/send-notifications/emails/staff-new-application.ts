// To staff: a signed-in user submitted a visa application; the link opens it in /admin.
import { createElement as h } from 'npm:react@^19.3.1';
import { Button, Fields, P } from './layout.ts';
import { applicationReference, oneLine } from './text.ts';
import type { ApplicationRow, Email, EmailInput } from './types.ts';

/** The staff's new-application email. */
export function staffNewApplication({ row, siteUrl, brand }: EmailInput<ApplicationRow>): Email {
  const reference = applicationReference(row.id);
  // The admin dashboard keeps each list's view in the URL (src/lib/admin/list-view.ts): a
  // search for the applicant's address shows their applications.
  const admin = new URL('/admin', siteUrl);
  admin.searchParams.set('applications.q', row.email.toLowerCase());
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
