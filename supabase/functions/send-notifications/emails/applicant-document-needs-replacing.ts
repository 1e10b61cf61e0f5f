// To the applicant: staff looked at a file of their application and need another one, with why
// (public.review_document); the link opens their card on /profile, where they add it.
import { createElement as h } from 'react';
import { Button, Fields, P } from './layout.ts';
import { applicationReference, oneLine, payloadText } from './text.ts';
import type { ApplicationRow, Email, EmailInput } from './types.ts';

/** The applicant's document-needs-replacing email: the item, the file and staff's reason from the payload. */
export function applicantDocumentNeedsReplacing({ row, payload, siteUrl, brand }: EmailInput<ApplicationRow>): Email {
  const reference = applicationReference(row.id);
  const item = payloadText(payload.item_label);
  return {
    subject: `Please send a new file for ${oneLine(item) || 'a document'}: your ${row.visa_type} application (reference ${reference})`,
    title: 'A document to send again',
    body: h('div', null,
      h(P, null, `Dear ${row.name},`),
      h(P, null, `Your adviser looked at the documents of your ${row.visa_type} application and needs a new file for one of them.`),
      h(Fields, { rows: [['Document', item], ['File', payloadText(payload.file_name)], ['Why', payloadText(payload.reason)], ['Reference', reference]] }),
      h(P, null, 'Add the new file under that document on your profile. Until it arrives, the document counts as missing.'),
      h(Button, { href: new URL('/profile', siteUrl).toString(), brand }, 'Add the new file'),
    ),
  };
}
