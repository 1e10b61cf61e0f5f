// Small rules the templates share: how a user's value may enter a subject line, the reference an
// applicant quotes, and dates and times in the consultancy's time zone.

import { CONSULTANCY_TIME_ZONE } from '../../../../common/domain.ts';
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

/** 'Tuesday 1 December 2026' for a date written YYYY-MM-DD. */
export function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
}

/** '09:30' for a time written HH:MM or HH:MM:SS. */
export function shortTime(time: string): string {
  return time.slice(0, 5);
}

/** The instant (ms since 1970) of a wall-clock date and time in `zone`. */
export function zonedInstant(date: string, time: string, zone = CONSULTANCY_TIME_ZONE): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(y, m - 1, d, hh, mm);
  return asUtc - offsetMinutes(asUtc, zone) * 60_000;
}

function offsetMinutes(instant: number, zone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
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
