// Why a date offers no consultation time, in the visitor's words: a date already past in Lagos
// (where a visitor abroad may still be on the day before), or one beyond the booking window. The
// booking form's date rule and the slot picker say the same, so the visitor reads one reason.
import { formatConsultancyDate } from '../../../common/consultancy-time.ts';

/** A date before `today` (Lagos): "It is already 29 Nov in Lagos (WAT). Please choose 29 Nov or a later date." */
export function pastDateMessage(today: string): string {
  const day = formatConsultancyDate(today, 'short');
  return `It is already ${day} in Lagos (WAT). Please choose ${day} or a later date.`;
}

/** A date after the window's last day `last` (YYYY-MM-DD), the window being `days` long. */
export function beyondWindowMessage(last: string, days: number): string {
  return `We take bookings up to ${days} days ahead. Please choose a date until ${formatConsultancyDate(last, 'medium')}.`;
}

/** A date inside the window with nothing open: a Sunday, a closed day, or every time taken. */
export const NO_OPEN_TIMES = 'No open times on this date. Please choose another date.';

/** The day `days` after `date` (both YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
