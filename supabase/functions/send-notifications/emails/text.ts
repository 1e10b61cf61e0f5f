// Small rules the templates share: how a user's value may enter a subject line, the reference an
// applicant quotes, and a payload's values. Dates and times are common/consultancy-time.ts's.

import { LINK_TOKEN_PATTERN } from '../../../../common/link-token.ts';

// The one rule for the reference, shared with the site (its card, receipt and admin).
export { applicationReference } from '../../../../common/application-reference.ts';

/**
 * A user's value made fit for a subject line: control characters (CR and LF among them, the
 * header-injection characters) become spaces and the length is capped. Nodemailer encodes the
 * rest; HTML needs nothing here because a subject is never HTML.
 */
export function oneLine(value: unknown, max = 80): string {
  const text = String(value ?? '')
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A payload's text value ('' when it is missing or not text: a template never shows "undefined"). */
export function payloadText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * The token of the link an email exists to carry (a newsletter confirmation's, the welcome's
 * unsubscribe link), from its payload. Throws when there is none: the row fails, and is not sent
 * with a link that leads nowhere (the outbox drops the token only once a row is sent).
 */
export function payloadLinkToken(payload: Record<string, unknown>): string {
  const token = payloadText(payload.link_token);
  if (!LINK_TOKEN_PATTERN.test(token)) throw new Error('the email carries no link token');
  return token;
}

/**
 * The names of the documents a request's payload lists ({key, label} each, as
 * public.document_requests stores them), in order; anything else in the list is left out.
 */
export function requestedLabels(items: unknown): string[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: unknown) => {
    const label = (item as { label?: unknown } | null)?.label;
    return typeof label === 'string' && label ? [label] : [];
  });
}
