// Appointment slots (20261122000720_bookings.sql): which slots are open at a given moment
// (weekly hours, Saturday's, the last slot ending by closing time, minimum notice across midnight
// and closed days, the booking window, holidays), the public look-up (counts only), and the judge
// that refuses a booking outside an open slot, beyond a slot's places or beyond one client's
// share, on insert and on a move; the weekly hours, which admins replace in one call and which read
// as the sentence the pages show. The race for a slot's last place needs separate connections:
// PostgreSQL only (PGlite serves one connection at a time).

import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { consultancyToday } from '../../common/domain.ts';
import { describeWeeklyHours, type OpeningInterval, WEEKDAYS } from '../../common/office-hours.ts';
import type { Sql } from '../../supabase/local/db/open.ts';
import { anon, attemptAs, createAdmin, createUser, DENIED, openTestDb, runAs, service, signedIn, transactionAs, uniqueEmail, type Outcome, type TestDb } from './support.ts';

let db: TestDb;

beforeAll(async () => {
  db = await openTestDb();
});

afterAll(async () => {
  await db?.close();
});

afterEach(async () => {
  // Each test starts from the shipped rules, no closed day and no booking.
  await db.query(`update public.booking_rules set minimum_notice = interval '3 hours', places_per_slot = 2, upcoming_per_client = 4, bookings_per_hour = 40`);
  await db.query('delete from public.closed_dates');
  await db.query('delete from public.bookings');
});

/** The instant it is `wallClock` ('YYYY-MM-DD HH:MM') in Lagos (UTC+1 all year). */
const lagos = (wallClock: string) => `${wallClock.replace(' ', 'T')}:00+01:00`;

/** The start times (HH:MM) of the open slots of `day` as seen at the instant `at`. */
async function starts(day: string, at: string): Promise<string[]> {
  const { rows } = await db.query<{ start: string }>(
    `select to_char(start, 'HH24:MI') as start from private.open_slot_starts($1::date, $2::timestamptz) as start`,
    [day, at],
  );
  return rows.map((row) => row.start);
}

const WEEKDAY_STARTS = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00'];
const SATURDAY_STARTS = ['10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30'];

// March 2027: Friday the 5th, Saturday the 6th, Sunday the 7th, Monday the 8th.
describe('the open slots at a given moment (Lagos time)', () => {
  const weekBefore = lagos('2027-03-01 09:00');

  it('a weekday: 30-minute slots from 9:00, the last at 17:00 so it ends by closing time, 17:30', async () => {
    expect(await starts('2027-03-08', weekBefore)).toEqual(WEEKDAY_STARTS);
  });

  it('Saturday: 10:00 to 14:00, the last slot at 13:30', async () => {
    expect(await starts('2027-03-06', weekBefore)).toEqual(SATURDAY_STARTS);
  });

  it('Sunday: none', async () => {
    expect(await starts('2027-03-07', weekBefore)).toEqual([]);
  });

  it('minimum notice across midnight: at 23:00 on Friday, 12 hours’ notice leaves Saturday from 11:00', async () => {
    expect(await starts('2027-03-06', lagos('2027-03-05 23:00'))).toEqual(SATURDAY_STARTS);
    await db.query(`update public.booking_rules set minimum_notice = interval '12 hours'`);
    expect(await starts('2027-03-06', lagos('2027-03-05 23:00'))).toEqual(SATURDAY_STARTS.slice(2));
  });

  it('minimum notice across closed days: on Saturday at 12:00 the next open slot is Monday at 9:00', async () => {
    const at = lagos('2027-03-06 12:00');
    expect(await starts('2027-03-06', at)).toEqual([]);
    expect(await starts('2027-03-07', at)).toEqual([]);
    expect(await starts('2027-03-08', at)).toEqual(WEEKDAY_STARTS);
  });

  it('the notice counts from the current minute: at 13:40 a slot at 16:30 is too soon, 17:00 is not', async () => {
    expect(await starts('2027-03-08', lagos('2027-03-08 13:40'))).toEqual(['17:00']);
  });

  it('a visitor whose date is still Monday (23:30 UTC) books in Lagos’s Tuesday: Monday is over there', async () => {
    const at = '2027-03-08T23:30:00Z';
    expect(await starts('2027-03-08', at)).toEqual([]);
    expect(await starts('2027-03-09', at)).toEqual(WEEKDAY_STARTS);
  });

  it('the booking window: 60 days ahead is open, the 61st day is not', async () => {
    expect(await starts('2027-04-30', weekBefore)).toEqual(WEEKDAY_STARTS);
    expect(await starts('2027-05-01', weekBefore)).toEqual([]);
  });

  it('a holiday staff added (Eid, known days ahead) has no slot', async () => {
    await db.query(`insert into public.closed_dates (date, reason) values ('2027-03-10', 'Eid al-Fitr')`);
    expect(await starts('2027-03-10', weekBefore)).toEqual([]);
    expect(await starts('2027-03-11', weekBefore)).toEqual(WEEKDAY_STARTS);
  });
});

/** A weekday (Monday) at least a week after Lagos's today, so its slots are open now. */
function nextMonday(weeksAfter = 1): string {
  const today = Date.parse(`${consultancyToday()}T00:00:00Z`);
  let day = today + 7 * weeksAfter * 86_400_000;
  while (new Date(day).getUTCDay() !== 1) day += 86_400_000;
  return new Date(day).toISOString().slice(0, 10);
}

/** The day `n` days after `date`. */
const plusDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const BOOK = `insert into public.bookings (full_name, phone, email, country, date, time) values ('Amara Eze', '+234 809 000 0000', $1, 'Nigeria', $2, $3)`;

const book = (date: string, time: string) => attemptAs(db, anon, BOOK, [uniqueEmail('slot'), date, time]);

/** Books and commits as a visitor; the id read back as the owner (visitors read no booking). */
async function stored(date: string, time: string): Promise<string> {
  const email = uniqueEmail('slot');
  await transactionAs(db, anon, (tx) => tx.query(BOOK, [email, date, time]));
  return (await db.query<{ id: string }>('select id from public.bookings where email = $1', [email])).rows[0]!.id;
}

/**
 * Runs `sql` as a security definer RPC of staff runs it: as the database owner, with the admin's
 * claims (PostgREST's request.jwt.claims), in a transaction rolled back when it fails.
 */
async function asStaffRpc(sql: string, params: unknown[]): Promise<Outcome> {
  try {
    const result = await db.transaction(async (tx: Sql) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role: 'authenticated', sub: '00000000-0000-4000-8000-000000000001' })]);
      return tx.query(sql, params);
    });
    return { ok: true, rows: result.rows, affectedRows: result.affectedRows };
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { ok: false, code, message };
  }
}

const refused = (code: string, message: string): Partial<Outcome> => ({ ok: false, code, message });
const NO_TIMES_LEFT = refused('RF007', 'There are no consultation times left on this date. Please choose another date.');
const NOT_OPEN = refused('RF008', 'This time is not open for booking. Please choose one of the times offered.');
const FULL = refused('RF009', 'This time has just been fully booked. Please choose another time.');

describe('the judge: a booking is stored only in an open slot with a place left', () => {
  const monday = nextMonday();
  const sunday = plusDays(monday, -1);

  it('refuses what the issue stored: Sunday at 03:00, and a weekday at 23:30', async () => {
    expect(await book(sunday, '03:00')).toMatchObject(NO_TIMES_LEFT);
    expect(await book(monday, '23:30')).toMatchObject(NOT_OPEN);
  });

  it('refuses a time off the slot grid, and a slot that would end after closing time', async () => {
    expect(await book(monday, '10:15')).toMatchObject(NOT_OPEN);
    expect(await book(monday, '17:30')).toMatchObject(NOT_OPEN);
    expect(await book(monday, '08:30')).toMatchObject(NOT_OPEN);
    expect(await book(monday, '17:00')).toMatchObject({ ok: true, affectedRows: 1 });
  });

  it('takes Saturday within its hours only', async () => {
    const saturday = plusDays(monday, 5);
    expect(await book(saturday, '10:00')).toMatchObject({ ok: true });
    expect(await book(saturday, '13:30')).toMatchObject({ ok: true });
    expect(await book(saturday, '14:00')).toMatchObject(NOT_OPEN);
    expect(await book(saturday, '09:30')).toMatchObject(NOT_OPEN);
  });

  it('refuses a holiday, and the look-up lists nothing on it', async () => {
    const holiday = plusDays(monday, 2);
    await db.query(`insert into public.closed_dates (date, reason) values ($1, 'Eid al-Fitr')`, [holiday]);
    expect(await book(holiday, '10:00')).toMatchObject(NO_TIMES_LEFT);
    expect((await transactionAs(db, anon, (tx) => tx.query('select * from public.open_slots($1)', [holiday]))).rows).toEqual([]);
  });

  it('refuses a date beyond the booking window', async () => {
    const far = plusDays(monday, 7 * 10);
    expect(await book(far, '10:00')).toMatchObject(NO_TIMES_LEFT);
  });

  it('keeps the past date’s own refusal (RF001) before any slot rule', async () => {
    expect(await book('2020-01-06', '10:00')).toMatchObject({ ok: false, code: 'RF001' });
  });

  it('takes two bookings of a slot (its two places), refuses the third, and the look-up counts down then drops it', async () => {
    const slots = async () => (await transactionAs(db, anon, (tx) => tx.query<{ start: string; places_left: number }>('select * from public.open_slots($1)', [monday]))).rows;
    expect((await slots()).find((slot) => slot.start === '10:00:00')).toEqual({ start: '10:00:00', places_left: 2 });
    await stored(monday, '10:00');
    expect((await slots()).find((slot) => slot.start === '10:00:00')).toEqual({ start: '10:00:00', places_left: 1 });
    await stored(monday, '10:00');
    expect((await slots()).map((slot) => slot.start)).not.toContain('10:00:00');
    expect((await slots())).toHaveLength(WEEKDAY_STARTS.length - 1);
    expect(await book(monday, '10:00')).toMatchObject(FULL);
  });

  it('counts only bookings that hold a place: a cancelled or declined one frees it', async () => {
    const first = await stored(monday, '11:00');
    await stored(monday, '11:00');
    expect(await book(monday, '11:00')).toMatchObject(FULL);
    await db.query(`update public.bookings set status = 'cancelled' where id = $1`, [first]);
    expect(await book(monday, '11:00')).toMatchObject({ ok: true });
  });

  it('the look-up gives counts only, and visitors still read no booking', async () => {
    await stored(monday, '12:00');
    const { rows, fields } = await transactionAs(db, anon, (tx) => tx.query('select * from public.open_slots($1)', [monday]));
    expect(fields.map((field) => field.name)).toEqual(['start', 'places_left']);
    expect(rows).toContainEqual({ start: '12:00:00', places_left: 1 });
    expect(await attemptAs(db, anon, 'select * from public.bookings')).toMatchObject({ ok: false, code: '42501' });
    expect(await attemptAs(db, anon, 'select * from public.closed_dates')).toMatchObject({ ok: false, code: '42501' });
  });

  it('leaves the operator alone: the service key stores a booking for Sunday night (an import, a booking taken by phone)', async () => {
    expect(await attemptAs(db, service, BOOK, [uniqueEmail('operator'), sunday, '03:00'])).toMatchObject({ ok: true, affectedRows: 1 });
  });

  it('drops a bot’s row (the honeypot) silently, whatever its slot', async () => {
    const bot = `insert into public.bookings (full_name, phone, email, country, date, time, website) values ('Bot', '+1 555 0100', $1, 'USA', $2, '03:00', 'https://spam.example')`;
    expect(await attemptAs(db, anon, bot, [uniqueEmail('bot'), sunday])).toMatchObject({ ok: true, affectedRows: 0 });
  });
});

describe('the judge of a move (staff’s or the visitor’s, through an RPC: an update of the date or time)', () => {
  const monday = nextMonday(2);
  const move = (id: string, date: string, time: string) => asStaffRpc('update public.bookings set date = $2, time = $3 where id = $1', [id, date, time]);

  it('moves a booking to an open slot with a place, and refuses a full, closed or shut one', async () => {
    const id = await stored(monday, '09:00');
    await stored(monday, '10:00');
    await stored(monday, '10:00');
    expect(await move(id, monday, '10:00')).toMatchObject(FULL);
    expect(await move(id, plusDays(monday, -1), '10:00')).toMatchObject(NO_TIMES_LEFT);
    expect(await move(id, monday, '18:00')).toMatchObject(NOT_OPEN);
    expect(await move(id, monday, '09:30')).toMatchObject({ ok: true, affectedRows: 1 });
  });

  it('does not count the booking against a slot it already holds: confirming it in a full slot, or on a day closed since, is no move', async () => {
    const id = await stored(monday, '14:00');
    await stored(monday, '14:00');
    await db.query(`insert into public.closed_dates (date, reason) values ($1, 'Office closed')`, [monday]);
    expect(await asStaffRpc(`update public.bookings set status = 'confirmed' where id = $1`, [id])).toMatchObject({ ok: true, affectedRows: 1 });
    expect(await move(id, monday, '14:00')).toMatchObject({ ok: true, affectedRows: 1 });
  });

  it('judges a booking that takes a place again (cancelled, then requested) like a new one', async () => {
    const id = await stored(monday, '15:00');
    await db.query(`update public.bookings set status = 'cancelled' where id = $1`, [id]);
    await stored(monday, '15:00');
    await stored(monday, '15:00');
    expect(await asStaffRpc(`update public.bookings set status = 'requested' where id = $1`, [id])).toMatchObject(FULL);
  });
});

describe('one client cannot fill the calendar', () => {
  const monday = nextMonday(3);
  const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'];

  /** Books as a visitor whose request came through the gateway from `address` (as PostgREST sets request.headers). */
  async function bookFrom(address: string, time: string, date = monday): Promise<Outcome> {
    try {
      await transactionAs(db, anon, async (tx: Sql) => {
        await tx.query(`select set_config('request.headers', $1, true)`, [JSON.stringify({ 'cf-connecting-ip': address })]);
        await tx.query(BOOK, [uniqueEmail('rotating'), date, time]);
      });
      return { ok: true, rows: [], affectedRows: 1 };
    } catch (error) {
      const { code, message } = error as { code: string; message: string };
      return { ok: false, code, message };
    }
  }

  it('takes four upcoming bookings from one address, with four email addresses, and refuses the fifth; another address still books', async () => {
    for (const time of times.slice(0, 4)) expect(await bookFrom('203.0.113.7', time)).toMatchObject({ ok: true });
    expect(await bookFrom('203.0.113.7', times[4]!)).toMatchObject(
      refused('RF010', 'You already have 4 upcoming consultations booked with us. To book another, please call or WhatsApp us.'),
    );
    expect(await bookFrom('198.51.100.23', times[4]!)).toMatchObject({ ok: true });
  });

  it('counts only bookings that still hold a place and are still ahead', async () => {
    for (const time of times.slice(0, 4)) expect(await bookFrom('203.0.113.8', time)).toMatchObject({ ok: true });
    const { rows } = await db.query<{ id: string }>(
      `select b.id from public.bookings b join private.booking_clients c on c.booking_id = b.id where c.address = '203.0.113.8' order by b.time limit 2`,
    );
    await db.query(`update public.bookings set status = 'declined' where id = $1`, [rows[0]!.id]);
    // Owner's SQL, not judged: a booking already past.
    await db.query(`update public.bookings set date = '2020-01-06' where id = $1`, [rows[1]!.id]);
    expect(await bookFrom('203.0.113.8', times[4]!)).toMatchObject({ ok: true });
    expect(await bookFrom('203.0.113.8', times[5]!)).toMatchObject({ ok: true });
    expect(await bookFrom('203.0.113.8', times[4]!, plusDays(monday, 1))).toMatchObject({ ok: false, code: 'RF010' });
  });

  it('counts the addresses of one IPv6 /64 as one client: of 8 bookings from 8 of its addresses, 4 are stored; another /64 still books', async () => {
    const outcomes: Outcome[] = [];
    for (const [i, time] of [...times, '12:00', '12:30'].entries()) outcomes.push(await bookFrom(`2001:db8:77:1::${(i + 1).toString(16)}`, time));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(4);
    expect(outcomes.slice(4)).toEqual(Array.from({ length: 4 }, () => expect.objectContaining({ ok: false, code: 'RF010' })));
    // Written out in full or shortened, with any interface id: the same /64.
    expect(await bookFrom('2001:0db8:0077:0001:ffff:ffff:ffff:ffff', '13:00')).toMatchObject({ ok: false, code: 'RF010' });
    expect(await bookFrom('2001:db8:77:2::1', '13:00')).toMatchObject({ ok: true });
    // The address is kept as it came; the network is what is counted.
    const { rows } = await db.query(`select address, network from private.booking_clients where address = '2001:db8:77:1::1'`);
    expect(rows).toEqual([{ address: '2001:db8:77:1::1', network: '2001:db8:77:1::/64' }]);
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address', async () => {
    for (const time of times.slice(0, 2)) expect(await bookFrom('203.0.113.44', time)).toMatchObject({ ok: true });
    for (const time of times.slice(2, 4)) expect(await bookFrom('::ffff:203.0.113.44', time)).toMatchObject({ ok: true });
    expect(await bookFrom('::ffff:cb00:712c', times[4]!)).toMatchObject({ ok: false, code: 'RF010' });
    expect(await bookFrom('203.0.113.44', times[4]!)).toMatchObject({ ok: false, code: 'RF010' });
  });

  it('keeps no address for a request that came with none (not through the gateway)', async () => {
    expect(await book(monday, '16:00')).toMatchObject({ ok: true });
    expect((await db.query('select * from private.booking_clients')).rows).toEqual([]);
  });
});

describe('the hourly ceiling of new bookings, across all clients', () => {
  const monday = nextMonday(5);
  /** Books and commits as a visitor (each its own email address and no client address). */
  async function book(date: string, time: string, actor = anon): Promise<Outcome> {
    try {
      await transactionAs(db, actor, (tx: Sql) => tx.query(BOOK, [uniqueEmail('hour'), date, time]));
      return { ok: true, rows: [], affectedRows: 1 };
    } catch (error) {
      const { code, message } = error as { code: string; message: string };
      return { ok: false, code, message };
    }
  }
  const CEILING = `select count(*)::int as n from public.notifications where kind = 'staff_booking_ceiling'`;

  it('stores bookings up to the ceiling, refuses the next with RF011, and tells staff once', async () => {
    await db.query('update public.booking_rules set bookings_per_hour = 3');
    expect(await book(monday, '09:00')).toMatchObject({ ok: true });
    expect(await book(monday, '09:30')).toMatchObject({ ok: true });
    expect((await db.query(CEILING)).rows).toEqual([{ n: 0 }]);
    expect(await book(monday, '10:00')).toMatchObject({ ok: true });
    expect((await db.query(CEILING)).rows).toEqual([{ n: 1 }]);
    expect(await book(monday, '10:30')).toMatchObject(
      refused('RF011', 'We are receiving an unusual number of bookings right now. Please try again in an hour, or call or WhatsApp us.'),
    );
    // Reached again (a wider ceiling, the same day): staff have already been told.
    await db.query('update public.booking_rules set bookings_per_hour = 4');
    expect(await book(monday, '10:30')).toMatchObject({ ok: true });
    expect(await book(monday, '11:00')).toMatchObject({ ok: false, code: 'RF011' });
    const { rows } = await db.query<{ recipient: string | null; subject_table: string; payload: unknown }>(
      `select recipient, subject_table, payload from public.notifications where kind = 'staff_booking_ceiling'`,
    );
    expect(rows).toEqual([{ recipient: null, subject_table: 'bookings', payload: { ceiling: 3 } }]);
  });

  it('counts only the last hour', async () => {
    await db.query('update public.booking_rules set bookings_per_hour = 2');
    expect(await book(monday, '09:00')).toMatchObject({ ok: true });
    expect(await book(monday, '09:30')).toMatchObject({ ok: true });
    expect(await book(monday, '10:00')).toMatchObject({ ok: false, code: 'RF011' });
    await db.query(`update public.bookings set created_at = now() - interval '61 minutes'`);
    expect(await book(monday, '10:00')).toMatchObject({ ok: true });
  });

  it('leaves the operator alone (an import through the service key)', async () => {
    await db.query('update public.booking_rules set bookings_per_hour = 1');
    expect(await book(monday, '09:00')).toMatchObject({ ok: true });
    expect(await book(monday, '09:30', service)).toMatchObject({ ok: true });
  });
});

describe('closed days only within the booking window’s reach', () => {
  const ADMIN = { role: 'authenticated', sub: '00000000-0000-4000-8000-000000000001' };
  async function addClosed(date: string): Promise<Outcome> {
    try {
      await db.transaction(async (tx: Sql) => {
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(ADMIN)]);
        await tx.query(`insert into public.closed_dates (date, reason, created_by) values ($1, 'Closed', null)`, [date]);
      });
      return { ok: true, rows: [], affectedRows: 1 };
    } catch (error) {
      const { code, message } = error as { code: string; message: string };
      return { ok: false, code, message };
    }
  }
  const OUT_OF_REACH = refused('PT400', 'Choose a date from today to 60 days ahead: only those days can be booked.');

  it('refuses infinity, the year 10000 and a day beyond the window or past (400), takes today and the window’s last day', async () => {
    const today = consultancyToday();
    for (const date of ['infinity', '-infinity', '10000-01-01', plusDays(today, 61), plusDays(today, -1)]) {
      expect(await addClosed(date)).toMatchObject(OUT_OF_REACH);
    }
    expect(await addClosed(today)).toMatchObject({ ok: true });
    expect(await addClosed(plusDays(today, 60))).toMatchObject({ ok: true });
  });

  it('stores no date without end, even for the operator', async () => {
    await expect(db.query(`insert into public.closed_dates (date, reason) values ('infinity', 'Closed')`)).rejects.toMatchObject({ code: '23514' });
  });
});

describe('the weekly hours: one value, which admins change and visitors read', () => {
  const SHIPPED = 'Monday to Friday 9:00 to 17:30, Saturday 10:00 to 14:00 (WAT)';
  const SET = 'select public.set_weekly_hours($1::jsonb)';
  const week = (rows: OpeningInterval[]) => [JSON.stringify(rows)];
  const readHours = async () => (await db.query<OpeningInterval>(`select weekday::text as weekday, to_char(opens, 'HH24:MI') as opens, to_char(closes, 'HH24:MI') as closes from public.opening_hours`)).rows;
  const restore = async () => {
    await db.query('delete from public.opening_hours');
    await db.query(
      `insert into public.opening_hours (weekday, opens, closes) values ('monday', '09:00', '17:30'), ('tuesday', '09:00', '17:30'), ('wednesday', '09:00', '17:30'), ('thursday', '09:00', '17:30'), ('friday', '09:00', '17:30'), ('saturday', '10:00', '14:00')`,
    );
  };
  afterEach(restore);

  it('the shipped hours read as the sentence the pages show', async () => {
    expect(describeWeeklyHours(await readHours())).toBe(SHIPPED);
  });

  it('an admin changes them once, and the sentence and the open slots both follow', async () => {
    const { actor } = await createAdmin(db, uniqueEmail('hours-admin'));
    const weekdays = WEEKDAYS.slice(0, 5).map((weekday) => ({ weekday, opens: '09:00', closes: '17:00' }));
    await runAs(db, actor, SET, week([...weekdays, { weekday: 'saturday', opens: '10:00', closes: '13:00' }]));
    expect(describeWeeklyHours(await readHours())).toBe('Monday to Friday 9:00 to 17:00, Saturday 10:00 to 13:00 (WAT)');
    expect(await starts('2027-03-08', lagos('2027-03-01 09:00'))).toEqual(WEEKDAY_STARTS.slice(0, -1));
    expect(await starts('2027-03-06', lagos('2027-03-01 09:00'))).toEqual(SATURDAY_STARTS.slice(0, -2));
  });

  it('a lunch break is two intervals of one day', async () => {
    const { actor } = await createAdmin(db, uniqueEmail('hours-admin'));
    await runAs(db, actor, SET, week([{ weekday: 'monday', opens: '09:00', closes: '12:00' }, { weekday: 'monday', opens: '13:00', closes: '15:00' }]));
    expect(describeWeeklyHours(await readHours())).toBe('Monday 9:00 to 12:00 and 13:00 to 15:00 (WAT)');
    expect(await starts('2027-03-08', lagos('2027-03-01 09:00'))).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '13:00', '13:30', '14:00', '14:30']);
  });

  it.each([
    ['an interval that closes before it opens', [{ weekday: 'monday', opens: '17:00', closes: '09:00' }], 'RF012'],
    ['two intervals of a day that overlap', [{ weekday: 'monday', opens: '09:00', closes: '13:00' }, { weekday: 'monday', opens: '12:00', closes: '15:00' }], 'RF012'],
    ['not a list', { monday: '9-17' }, 'RF012'],
    ['a day that is not a weekday', [{ weekday: 'funday', opens: '09:00', closes: '10:00' }], '22P02'],
  ])('refuses %s, and the hours stay as they were', async (_what, value, code) => {
    const { actor } = await createAdmin(db, uniqueEmail('hours-admin'));
    expect(await attemptAs(db, actor, SET, [JSON.stringify(value)])).toMatchObject({ ok: false, code });
    expect(describeWeeklyHours(await readHours())).toBe(SHIPPED);
  });

  it.each([
    ['anonymous visitors', () => anon],
    ['signed-in users', async () => signedIn('user', await createUser(db, uniqueEmail('hours-user')))],
  ])('is refused to %s, and so is changing the table', async (_who, actor) => {
    const who = await actor();
    expect(await attemptAs(db, who, SET, week([]))).toMatchObject({ ok: false, code: DENIED });
    expect(await attemptAs(db, who, `insert into public.opening_hours (weekday, opens, closes) values ('sunday', '09:00', '10:00')`)).toMatchObject({ ok: false, code: DENIED });
    await attemptAs(db, who, 'delete from public.opening_hours');
    expect(describeWeeklyHours(await readHours())).toBe(SHIPPED);
  });
});

// PGlite serves one connection at a time, so a race can only be run on a real server.
describe.skipIf(!process.env['DATABASE_URL'])('the race for a slot’s last place (PostgreSQL only: PGlite is a single connection)', () => {
  const RACERS = 20;
  const clients: pg.Client[] = [];

  beforeAll(async () => {
    const { rows } = await db.query<{ name: string }>('select current_database() as name');
    const url = new URL(process.env['DATABASE_URL']!);
    url.pathname = `/${rows[0]!.name}`;
    for (let i = 0; i < RACERS; i += 1) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      clients.push(client);
    }
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
  });

  it('20 visitors book the last place of a slot at once, each on its own connection: exactly one is stored', async () => {
    const monday = nextMonday(4);
    await stored(monday, '10:00');
    // Every racer is inside its transaction, as anon, before any of them inserts.
    await Promise.all(
      clients.map((client) =>
        client.query(`begin; set local role anon; select set_config('request.jwt.claims', '{"role":"anon"}', true)`),
      ),
    );
    const outcomes = await Promise.all(
      clients.map(async (client, i) => {
        try {
          await client.query(BOOK, [`racer${i}@example.com`, monday, '10:00']);
          await client.query('commit');
          return 'stored';
        } catch (error) {
          await client.query('rollback');
          return (error as { code: string }).code;
        }
      }),
    );
    expect(outcomes.filter((outcome) => outcome === 'stored')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'RF009')).toHaveLength(RACERS - 1);
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from public.bookings where date = $1 and time = '10:00'`, [monday]);
    expect(rows[0]!.n).toBe(2);
  }, 120_000);

  /** Each of `count` racers, inside its transaction as anon from `address(i)`, books `slot(i)` at once; their outcomes. */
  async function race(count: number, address: (i: number) => string, slot: (i: number) => [string, string]): Promise<string[]> {
    const racers = clients.slice(0, count);
    await Promise.all(
      racers.map((client, i) =>
        client.query(
          `begin; set local role anon; select set_config('request.jwt.claims', '{"role":"anon"}', true), set_config('request.headers', '${JSON.stringify({ 'cf-connecting-ip': address(i) })}', true)`,
        ),
      ),
    );
    return Promise.all(
      racers.map(async (client, i) => {
        try {
          await client.query(BOOK, [uniqueEmail('racer'), ...slot(i)]);
          await client.query('commit');
          return 'stored';
        } catch (error) {
          await client.query('rollback');
          return (error as { code: string }).code;
        }
      }),
    );
  }

  it('8 visitors from 8 addresses of one IPv6 /64 book at once, each on its own connection: 4 (the cap) are stored', async () => {
    const monday = nextMonday(6);
    const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'];
    const outcomes = await race(8, (i) => `2001:db8:99:5::${i + 1}`, (i) => [monday, times[i]!]);
    expect(outcomes.filter((outcome) => outcome === 'stored')).toHaveLength(4);
    expect(outcomes.filter((outcome) => outcome === 'RF010')).toHaveLength(4);
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from private.booking_clients where network = '2001:db8:99:5::/64'`);
    expect(rows[0]!.n).toBe(4);
  }, 120_000);

  it('12 visitors from 12 networks book at once against a ceiling of 5 an hour: 5 are stored, and staff are told once', async () => {
    await db.query('update public.booking_rules set bookings_per_hour = 5');
    const monday = nextMonday(7);
    const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30'];
    const outcomes = await race(12, (i) => `198.51.100.${i + 1}`, (i) => [monday, times[i]!]);
    expect(outcomes.filter((outcome) => outcome === 'stored')).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome === 'RF011')).toHaveLength(7);
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from public.notifications where kind = 'staff_booking_ceiling'`);
    expect(rows[0]!.n).toBe(1);
  }, 120_000);
});
