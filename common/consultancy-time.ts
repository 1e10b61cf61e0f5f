// How a person reads a time or date of the consultancy's (an application's submission, a status
// change, a booking, a closed day, a verdict, a date of birth): always in its one time zone, Lagos,
// named beside a time, whatever zone the reader's browser or the server is in
// (docs/product-decisions.md). Every page, the admin and the emails format through here, so the
// same day reads the same everywhere. (A booking's instants come from the database, which knows the
// zone: private.booking_email_payload.)
import { CONSULTANCY_TIME_ZONE, CONSULTANCY_TIME_ZONE_NAME } from './domain.ts';

// Each formatter is made on its first use, not when a page loads the module: a first
// Intl.DateTimeFormat costs 20-50 ms of a slow phone's main thread (domain.ts, consultancyNow, says
// more), and most pages that import this never format a date before the visitor acts.
function once(make: () => Intl.DateTimeFormat): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= make());
}
const inLagos = (options: Intl.DateTimeFormatOptions) => once(() => new Intl.DateTimeFormat('en-GB', { ...options, timeZone: CONSULTANCY_TIME_ZONE }));
// A calendar date (a date of birth, a booking's day, a closed day) has no instant: read as written,
// in UTC so no zone shifts it.
const asWritten = (options: Intl.DateTimeFormatOptions) => once(() => new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }));

const dateTime = inLagos({ dateStyle: 'medium', timeStyle: 'short' });
const day = inLagos({ dateStyle: 'long' });
const CALENDAR_DAY = {
  medium: asWritten({ dateStyle: 'medium' }),
  long: asWritten({ dateStyle: 'long' }),
  weekday: asWritten({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
  weekdayNoYear: asWritten({ weekday: 'long', day: 'numeric', month: 'long' }),
  short: asWritten({ day: 'numeric', month: 'short' }),
} as const;

/** How a calendar date is written: medium "12 Apr 1995", long "12 April 1995", weekday "Wednesday, 10 March 2027", weekdayNoYear "Wednesday, 10 March", short "29 Nov". */
export type CalendarDateStyle = keyof typeof CALENDAR_DAY;

/** The zone as a person reads it beside a booking's time. */
export const LAGOS_TIME = `Lagos time, ${CONSULTANCY_TIME_ZONE_NAME}`;

/** An instant with its time: "25 Nov 2026, 20:30 WAT". */
export function formatConsultancyTime(instant: Date | string): string {
  return `${dateTime().format(new Date(instant))} ${CONSULTANCY_TIME_ZONE_NAME}`;
}

/** The day an instant falls on in Lagos, in words: "26 November 2026" (23:30 UTC on the 25th is the 26th there). */
export function formatConsultancyDay(instant: Date | string): string {
  return day().format(new Date(instant));
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date written YYYY-MM-DD (a date of birth, a booking's day): "12 Apr 1995" by default; anything else as it is. */
export function formatConsultancyDate(date: string, style: CalendarDateStyle = 'medium'): string {
  const match = ISO_DATE.exec(date);
  if (!match) return date;
  return CALENDAR_DAY[style]().format(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** A booking's time of day as people read it: "09:30" for 09:30 or 09:30:00. */
export function formatSlotTime(time: string): string {
  return time.slice(0, 5);
}

/** A booking's time with its zone: "09:30 (Lagos time, WAT)". */
export function formatSlotTimeInLagos(time: string): string {
  return `${formatSlotTime(time)} (${LAGOS_TIME})`;
}

/** A booking's day and time: "Wednesday, 10 March 2027 at 09:30", or with `style` medium "10 Mar 2027 at 09:30" (the zone is the caller's to add where it reads best). */
export function formatBookingWhen(date: string, time: string, style: CalendarDateStyle = 'weekday'): string {
  return `${formatConsultancyDate(date, style)} at ${formatSlotTime(time)}`;
}

/** A booking's day, time and zone: "Wednesday, 10 March 2027 at 09:30 (Lagos time, WAT)". */
export function formatBookingWhenInLagos(date: string, time: string): string {
  return `${formatBookingWhen(date, time)} (${LAGOS_TIME})`;
}
