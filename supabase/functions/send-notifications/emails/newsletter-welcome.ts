// To a new newsletter subscriber: a welcome, with a one-click unsubscribe (RFC 8058): the
// List-Unsubscribe headers name the Edge Function, and the body links to the site's page. The
// link's token is in the payload only (the table keeps its hash: 20261122000800_newsletter.sql).
import { createElement as h } from 'react';
import { linkWithToken } from '../../../../common/link-token.ts';
import { Button, P } from './layout.ts';
import { payloadLinkToken } from './text.ts';
import type { Email, EmailInput, SubscriberRow } from './types.ts';

/** The subscriber's welcome email with its unsubscribe headers and link. */
export function newsletterWelcome({ payload, siteUrl, apiUrl, brand }: EmailInput<SubscriberRow>): Email {
  const token = payloadLinkToken(payload);
  const oneClick = new URL('/functions/v1/unsubscribe', apiUrl);
  oneClick.searchParams.set('token', token);
  const page = linkWithToken(new URL('/unsubscribe', siteUrl), token);
  return {
    subject: `Welcome to the ${brand.name} newsletter`,
    title: 'Thanks for subscribing',
    body: h('div', null,
      h(P, null, `You will hear from ${brand.name} about visa news, changes to the rules and our offers, a few times a month at most.`),
      h(Button, { href: siteUrl, brand }, 'Visit our website'),
      h(P, null, 'Not for you? ', h('a', { href: page }, 'Unsubscribe'), ' at any time, without signing in.'),
    ),
    headers: {
      'List-Unsubscribe': `<${oneClick.toString()}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
