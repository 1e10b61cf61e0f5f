// To an address that was signed up for the newsletter: the one email it gets before it says yes.
// Its button opens the site's /newsletter/confirm page, which asks for a click before confirming
// (mail scanners open links; they must not subscribe anyone). No unsubscribe link: until the
// click there is no subscription, and without it the request is forgotten. The link's token is in
// the payload only (the table keeps its hash: 20261122000800_newsletter.sql).
import { createElement as h } from 'react';
import { NEWSLETTER_CONFIRMATION_DAYS } from '../../../../common/domain.ts';
import { linkWithToken } from '../../../../common/link-token.ts';
import { Button, P } from './layout.ts';
import { payloadLinkToken } from './text.ts';
import type { Email, EmailInput, SubscriberRow } from './types.ts';

/** The confirmation request, with its link to /newsletter/confirm. */
export function newsletterConfirmation({ payload, siteUrl, brand }: EmailInput<SubscriberRow>): Email {
  const page = linkWithToken(new URL('/newsletter/confirm', siteUrl), payloadLinkToken(payload));
  return {
    subject: `Please confirm your subscription to the ${brand.name} newsletter`,
    title: 'Confirm your subscription',
    body: h('div', null,
      h(P, null, `Someone, we hope you, asked for the ${brand.name} newsletter to be sent to this address. Please confirm that it was you:`),
      h(Button, { href: page, brand }, 'Confirm my subscription'),
      h(P, null, `If it was not you, ignore this email. Without your confirmation we will not write to you again, and the request is forgotten after ${NEWSLETTER_CONFIRMATION_DAYS} days.`),
    ),
  };
}
