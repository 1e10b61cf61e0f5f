// A bookable slot for tests that store a booking and are not about slots: a weekday between 7 and
// 50 days ahead in Lagos, at a half hour from 9:00 to 17:00, which the shipped rules keep open
// (supabase/migrations/20261122000720_bookings.sql; tests/db/appointment-slots.test.ts
// tests those rules themselves). Each call gives the next slot from a start chosen at random per
// process, so one process never books a slot twice and test files or workers sharing a backend
// rarely meet in one: a slot's two places are never all taken by tests that do not mean to.
import { consultancyToday } from '../../common/domain.ts';

const FIRST_DAY = 7;
const LAST_DAY = 50;
const TIMES = Array.from({ length: 17 }, (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

/** The weekdays (Monday to Friday) FIRST_DAY to LAST_DAY days after Lagos's today, as YYYY-MM-DD. */
function weekdays(): string[] {
  const today = Date.parse(`${consultancyToday()}T00:00:00Z`);
  const days: string[] = [];
  for (let n = FIRST_DAY; n <= LAST_DAY; n += 1) {
    const day = new Date(today + n * 86_400_000);
    if (day.getUTCDay() >= 1 && day.getUTCDay() <= 5) days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

/** The `n`th of those slots (counting round again past the last), `{ date, time }` as the booking form sends them. */
export function nthOpenSlot(n: number): { date: string; time: string } {
  const days = weekdays();
  const i = n % (days.length * TIMES.length);
  return { date: days[Math.floor(i / TIMES.length)]!, time: TIMES[i % TIMES.length]! };
}

let next = Math.floor(Math.random() * 10_000);

/** The next open slot of this process. */
export function openSlot(): { date: string; time: string } {
  return nthOpenSlot(next++);
}

/**
 * A weekday no openSlot books, for tests that close a day (closing one of openSlot's days would
 * refuse another test's booking on it): first those 3 to 6 days ahead, inside the agenda's week
 * (any four days hold at least two weekdays), then those 51 to 60 days ahead, still inside the
 * 60-day window. `n` picks the nth, so two such tests close different days.
 */
export function closableWeekday(n: number): string {
  const today = Date.parse(`${consultancyToday()}T00:00:00Z`);
  const days: string[] = [];
  for (const d of [3, 4, 5, 6, ...Array.from({ length: 60 - LAST_DAY }, (_, i) => LAST_DAY + 1 + i)]) {
    const day = new Date(today + d * 86_400_000);
    if (day.getUTCDay() >= 1 && day.getUTCDay() <= 5) days.push(day.toISOString().slice(0, 10));
  }
  return days[n % days.length]!;
}
