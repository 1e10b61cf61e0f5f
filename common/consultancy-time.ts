// How a person reads a time or date of the consultancy's (an application's submission, a status
// change, a request, a verdict, a date of birth): always in its one time zone, Lagos, named WAT
// beside a time, whatever zone the reader's browser or the server is in
// (docs/product-decisions.md). Every timeline, the applicant's card, the admin and the emails
// format through here, so the same event reads the same everywhere.
import { CONSULTANCY_TIME_ZONE, CONSULTANCY_TIME_ZONE_NAME } from './domain.ts';

// Each formatter is made on its first use, not when a page loads the module (domain.ts,
// consultancyNow, says why).
let dateTime: Intl.DateTimeFormat | undefined;
let day: Intl.DateTimeFormat | undefined;
// A calendar date (a date of birth, a booking's day) has no instant: read as written, in UTC so no zone shifts it.
let calendarDay: Intl.DateTimeFormat | undefined;

/** An instant with its time: "25 Nov 2026, 20:30 WAT". */
export function formatConsultancyTime(instant: Date | string): string {
  dateTime ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: CONSULTANCY_TIME_ZONE });
  return `${dateTime.format(new Date(instant))} ${CONSULTANCY_TIME_ZONE_NAME}`;
}

/** The day an instant falls on in Lagos, in words: "26 November 2026" (23:30 UTC on the 25th is the 26th there). */
export function formatConsultancyDay(instant: Date | string): string {
  day ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: CONSULTANCY_TIME_ZONE });
  return day.format(new Date(instant));
}

/** A calendar date written YYYY-MM-DD (a date of birth, a booking's day): "12 Apr 1995"; anything else as it is. */
export function formatConsultancyDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  calendarDay ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
  return calendarDay.format(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}
