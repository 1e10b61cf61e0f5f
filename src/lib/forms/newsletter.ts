// The footer's newsletter form (specification section 5: a blank address is ignored; docs/product-decisions.md:
// the same thanks for a new and a known address). The limit is newsletter_subscribers.email's.
import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH, email, honeypot } from './fields.ts';

export const NEWSLETTER_LIMITS = { email: EMAIL_MAX_LENGTH } as const;

export const NEWSLETTER_SUCCESS = 'Thanks for subscribing!';
export const NEWSLETTER_FAILURE = 'We could not subscribe you just now. Please try again.';

export const newsletterSchema = z.object({
  email: email(),
  website: honeypot,
});

export type NewsletterSignup = z.infer<typeof newsletterSchema>;

export const NEWSLETTER_INITIAL = { email: '', website: '' };

/** The longest page a sign-up's consent records (newsletter_subscribers.consent_page's check). */
export const CONSENT_PAGE_MAX_LENGTH = 200;

/** The page a sign-up's consent was given on, as the row records it: the path alone, at most CONSENT_PAGE_MAX_LENGTH characters. */
export const consentPage = (pathname: string) => pathname.slice(0, CONSENT_PAGE_MAX_LENGTH);

/** True when the form should do nothing at all: the trimmed address is empty. */
export const isBlankSignup = (values: { email: string }) => values.email.trim() === '';
