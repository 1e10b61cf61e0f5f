// What the pages an emailed link lands on say (/unsubscribe, /newsletter/confirm), written once
// for the pages (src/components/widgets/TokenLinkForm.astro puts them in data attributes for
// src/page-scripts/token-link.ts) and their tests.
import { NEWSLETTER_CONFIRMATION_DAYS } from '../../../common/domain.ts';

export interface TokenLinkTexts {
  /** The button while the request is on its way. */
  busy: string;
  /** The outcome, once done. */
  done: string;
  /** The link names nothing (no token, or an unknown, replaced or expired one). */
  invalid: string;
  /** The request failed: it may be tried again. */
  failed: string;
  /** The page's heading and lead once done, when the ones it opened with (an invitation to act) no longer hold. */
  doneHeading?: { title: string; lead: string };
}

export const UNSUBSCRIBE_TEXTS: TokenLinkTexts = {
  busy: 'Unsubscribing...',
  done: 'You have been unsubscribed. You will receive no more newsletter emails from us.',
  invalid: 'This unsubscribe link is not valid: it may be incomplete. Please open the link in your email again, or contact us and we will remove your address.',
  failed: 'We could not unsubscribe you just now. Please try again in a moment.',
};

export const NEWSLETTER_CONFIRM_TEXTS: TokenLinkTexts = {
  busy: 'Confirming...',
  done: 'Thank you: your subscription is confirmed. Your welcome email is on its way.',
  invalid: `This confirmation link is not valid or has expired (a link works for ${NEWSLETTER_CONFIRMATION_DAYS} days). Please sign up again with the newsletter form at the bottom of any page.`,
  failed: 'We could not confirm your subscription just now. Please try again in a moment.',
  doneHeading: {
    title: 'Your newsletter subscription is confirmed',
    lead: 'We will send you our newsletter at this address. Every issue has a link to unsubscribe.',
  },
};
