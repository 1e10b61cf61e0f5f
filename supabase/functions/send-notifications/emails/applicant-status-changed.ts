// To the applicant: their application moved to in review, approved or rejected. A decision's email
// also says the day its documents will be removed, and links to the download before it.
import { createElement as h } from 'react';
import { APPLICATION_STATUS_LABELS, APPLICATION_STATUSES, isOneOf } from '../../../../common/domain.ts';
import { APPLICATION_NEXT_STEPS } from '../../../../common/next-steps.ts';
import { DATA_DOWNLOAD_ANCHOR, DATA_DOWNLOAD_LABEL, documentsRemovalText } from '../../../../common/document-retention.ts';
import { Button, Fields, P } from './layout.ts';
import { applicationReference } from './text.ts';
import type { ApplicationRow, Email, EmailInput } from './types.ts';

/** The applicant's status-changed email; the new status comes from the payload (the change it records). */
export function applicantStatusChanged({ row, payload, siteUrl, brand }: EmailInput<ApplicationRow>): Email {
  const status = isOneOf(APPLICATION_STATUSES, payload.to_status) ? payload.to_status : row.status;
  const label = APPLICATION_STATUS_LABELS[status];
  const reference = applicationReference(row.id);
  // The day the database computed when it queued the email (private.documents_removal_at).
  const removal = typeof payload.documents_removal_at === 'string' && !Number.isNaN(Date.parse(payload.documents_removal_at)) ? payload.documents_removal_at : null;
  const profile = new URL('/profile', siteUrl);
  return {
    subject: `Your ${row.visa_type} application (reference ${reference}): ${label.toLowerCase()}`,
    title: `Your application: ${label}`,
    body: h('div', null,
      h(P, null, `Dear ${row.name},`),
      // What happens next, in the words the applicant's card on /profile uses (common/next-steps.ts).
      h(P, null, APPLICATION_NEXT_STEPS[status] ?? `Your application is now: ${label}.`),
      h(Fields, { rows: [['Reference', reference], ['Visa type', row.visa_type], ['Status', label]] }),
      h(Button, { href: profile.toString(), brand }, 'See your application'),
      removal && h(P, null, documentsRemovalText(removal), ' ',
        h('a', { href: new URL(`#${DATA_DOWNLOAD_ANCHOR}`, profile).toString() }, DATA_DOWNLOAD_LABEL), '.'),
    ),
  };
}
