// One "today" for bookings: the consultancy's, in Lagos. The database's clock functions of an
// instant agree with the browser's (common/domain.ts) at every hour of the day, and a booking
// that a visitor anywhere makes for "a minute from now on my own clock" is refused exactly when
// that moment is already past in Lagos.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSULTANCY_TIME_ZONE, bookingHasPassed, consultancyNow, consultancyToday } from '../../common/domain.ts';
import { openTestDb, type TestDb } from './support.ts';

let db: TestDb;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db?.close();
});

/** Every hour of 2027-03-10 (UTC) and the minute before and after each. */
const INSTANTS = Array.from({ length: 24 }, (_, hour) => Date.UTC(2027, 2, 10, hour)).flatMap((t) => [t - 60_000, t, t + 60_000]).map((t) => new Date(t));

/** The visitor's own date and time (YYYY-MM-DD, HH:MM) at `instant` in `zone`. */
function wallClock(instant: Date, zone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

describe("the consultancy's clock", () => {
  it('is one time zone, named the same in SQL and TypeScript', async () => {
    const { rows } = await db.query<{ zone: string }>('select private.consultancy_time_zone() as zone');
    expect(rows[0]!.zone).toBe(CONSULTANCY_TIME_ZONE);
  });

  it("gives the same date and minute as the browser's at every hour of the day", async () => {
    const { rows } = await db.query<{ today: string; now: string }>(
      `select private.consultancy_today(at)::text as today, to_char(private.consultancy_now(at), 'HH24:MI') as now
         from unnest($1::timestamptz[]) with ordinality as i(at, n) order by n`,
      [INSTANTS.map((t) => t.toISOString())],
    );
    expect(rows).toEqual(INSTANTS.map((t) => ({ today: consultancyToday(t), now: consultancyNow(t).time })));
  });
});

describe('a booking for a minute from now on the visitor’s own clock', () => {
  const ZONES = ['America/New_York', 'Pacific/Honolulu', 'Europe/London', 'Africa/Lagos', 'Asia/Kolkata', 'Pacific/Kiritimati'];

  it.each(ZONES)('from %s, is refused at every hour exactly when it is past in Lagos', async (zone) => {
    for (const instant of INSTANTS) {
      const asked = wallClock(new Date(instant.getTime() + 60_000), zone);
      const lagos = consultancyNow(instant);
      const { rows } = await db.query<{ passed: boolean }>(
        'select ($1::date + $2::time) < private.consultancy_now($3) as passed',
        [asked.date, asked.time, instant.toISOString()],
      );
      const passed = asked.date < lagos.date || (asked.date === lagos.date && asked.time < lagos.time);
      expect(rows[0]!.passed, `${zone} ${asked.date} ${asked.time} at ${instant.toISOString()}`).toBe(passed);
      // The form judges it the same way.
      expect(bookingHasPassed(asked.date, asked.time, instant)).toBe(passed);
    }
  });

  it('from New York at 20:00 is for a day already over in Lagos', () => {
    // 20:00 in New York on 10 March 2027 (EST, UTC-5) is 02:00 on 11 March in Lagos.
    const instant = new Date(Date.UTC(2027, 2, 11, 1));
    expect(wallClock(instant, 'America/New_York')).toEqual({ date: '2027-03-10', time: '20:00' });
    expect(consultancyNow(instant)).toEqual({ date: '2027-03-11', time: '02:00' });
    expect(bookingHasPassed('2027-03-10', '20:01', instant)).toBe(true);
    expect(bookingHasPassed('2027-03-11', '02:00', instant)).toBe(false);
  });
});
