// The consultancy's weekly hours as visitors read them, written from the rows of
// public.opening_hours, the one place the hours are kept (the booking look-up and judge read the
// same rows): "Monday to Friday 9:00 to 17:30, Saturday 10:00 to 14:00 (WAT)". The footer, /contact
// and the booking aside show this sentence (src/scripts/office-hours.ts), and the admin's hours
// editor previews it, so what is read and what can be booked are one value.
import { Constants, type Enums } from './database.types.ts';

export type Weekday = Enums<'weekday'>;

/** The days of the week, Monday first (the enum's order). */
export const WEEKDAYS: readonly Weekday[] = Constants.public.Enums.weekday;

/** One interval of a weekday's hours, as the table holds it (times HH:MM or HH:MM:SS, Lagos). */
export interface OpeningInterval {
  weekday: Weekday;
  opens: string;
  closes: string;
}

/** "9:00" for 09:00 or 09:00:00. */
const clock = (time: string) => time.slice(0, 5).replace(/^0(\d)/, '$1');

const capital = (day: string) => day.charAt(0).toUpperCase() + day.slice(1);

/** The sentence visitors read; consecutive days with the same hours read as one range. */
export function describeWeeklyHours(rows: readonly OpeningInterval[]): string {
  const byDay = WEEKDAYS.map((day) =>
    rows
      .filter((row) => row.weekday === day)
      .sort((a, b) => a.opens.localeCompare(b.opens))
      .map((row) => `${clock(row.opens)} to ${clock(row.closes)}`)
      .join(' and '),
  );
  const groups: { first: number; last: number; hours: string }[] = [];
  byDay.forEach((hours, index) => {
    if (!hours) return;
    const previous = groups.at(-1);
    if (previous && previous.hours === hours && previous.last === index - 1) previous.last = index;
    else groups.push({ first: index, last: index, hours });
  });
  if (groups.length === 0) return 'Closed for consultations at present';
  const days = (first: number, last: number) => capital(WEEKDAYS[first]!) + (first === last ? '' : ` to ${capital(WEEKDAYS[last]!)}`);
  return `${groups.map(({ first, last, hours }) => `${days(first, last)} ${hours}`).join(', ')} (WAT)`;
}
