// To the applicant: their application moved to in review, approved or rejected.
import { createElement as h } from 'npm:react@^19.3.1';
import { APPLICATION_STATUS_LABELS, APPLICATION_STATUSES, isOneOf } from '../../../../common/domain.ts';
import { APPLICATION_NEXT_STEPS } from '../../../../common/next-steps.ts';
import { Button, Fields, P } from './layout.ts';
import { applicationReference } from './text.ts';
import type { ApplicationRow, Email, EmailInput } from './types.ts';

/** The applicant's status-changed email; the new status comes from the payload (the change it records). */
export function applicantStatusChanged({ row, payload, siteUrl, brand }: EmailInput<ApplicationRow>): Email {
  const status = isOneOf(APPLICATION_STATUSES, payload.to_status) ? payload.to_status : row.status;
  const label = APPLICATION_STATUS_LABELS[status];
  const reference = applicationReference(row.id);
  return {
    subject: `Your ${row.visa_type} application (reference ${reference}): ${label.toLowerCase()}`,
    title: `Your application: ${label}`,
    body: h('div', null,
      h(P, null, `Dear ${row.name},`),
      // What happens next, in the words the applicant's card on /profile uses (common/next-steps.ts).
      h(P, null, APPLICATION_NEXT_STEPS[status] ?? `Your application is now: ${label}.`),
      h(Fields, { rows: [['Reference', reference], ['Visa type', row.visa_type], ['Status', label]] }),
      h(Button, { href: new URL('/profile', siteUrl).toString(), brand }, 'See your application'),
    ),
  };
}
