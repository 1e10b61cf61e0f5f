// What staff and visitors read about a booking (20261122000730_booking_changes.sql): a
// cancellation staff make because the visitor asked reads as the visitor's own in their email; the
// bookings a closed day leaves stranded are listed for staff; and every refusal the database ties
// to a form field names, as its column, the field the form shows it at (src/lib/forms/errors.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { consultancyToday } from '../../common/domain.ts';
import { fieldRefusal } from '../../src/lib/forms/errors.ts';
import { bookingSchema } from '../../src/lib/forms/booking.ts';
import { visaApplicationSchema } from '../../src/lib/forms/visa-application.ts';
import type { Sql } from '../../supabase/local/db/open.ts';
import { openSlot } from '../support/open-slots.ts';
import { DENIED, INSERT_APPLICATION, adminAndUserFixture, anon, application, attemptAs, runAs, transactionAs, uniqueEmail, type Actor, type TestDb } from './support.ts';

const fixture = adminAndUserFixture({ email: 'wording-user@example.com', label: 'user' });
let db: TestDb;
let admin: Actor;
let user: Actor;

beforeAll(() => {
  ({ db, admin, user } = fixture);
});

/** A booking stored by the database owner (the slot judge judges API requests only). */
async function book(date: string, time: string, status = 'requested'): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.bookings (full_name, phone, email, country, date, time, status)
     values ('Ada Obi', '+234 800 000 0001', $1, 'UK', $2, $3, $4) returning id`,
    [uniqueEmail('wording'), date, time, status],
  );
  return rows[0]!.id;
}

const visitorEmail = async (id: string) =>
  (await db.query<{ payload: Record<string, unknown> }>(`select payload from public.notifications where subject_id = $1 and kind = 'booking_changed'`, [id])).rows[0]?.payload;

describe('staff cancel because the visitor asked', () => {
  it('the visitor’s email says the visitor asked; a cancellation without it does not', async () => {
    const { date, time } = openSlot();
    const asked = await book(date, time);
    await runAs(db, admin, `select public.change_booking($1, 'cancelled', visitor_asked => true, note => 'As you asked on the phone')`, [asked]);
    expect(await visitorEmail(asked)).toMatchObject({ change: 'cancelled', changed_by: 'staff', asked_by: 'visitor' });

    const ours = await book(date, time);
    await runAs(db, admin, `select public.change_booking($1, 'cancelled')`, [ours]);
    expect(await visitorEmail(ours)).not.toHaveProperty('asked_by');
  });

  it('refuses "the visitor asked" on any other change (400), changing nothing', async () => {
    const { date, time } = openSlot();
    const id = await book(date, time);
    expect(await attemptAs(db, admin, `select public.change_booking($1, 'confirmed', visitor_asked => true)`, [id])).toMatchObject({ ok: false, code: 'PT400' });
    expect((await db.query(`select status from public.bookings where id = $1`, [id])).rows).toEqual([{ status: 'requested' }]);
  });
});

describe('the bookings on closed days', () => {
  it('lists the bookings that still hold a place on a closed day ahead, in time order; not a declined one, none while the day is open', async () => {
    const { date } = openSlot();
    await db.query(`delete from public.closed_dates where date = $1`, [date]);
    const late = await book(date, '15:00', 'confirmed');
    const early = await book(date, '09:30');
    const cancelled = await book(date, '11:30', 'declined');
    const mine = new Set([late, early, cancelled]);
    const list = async () => (await runAs<{ id: string }>(db, admin, `select id from public.bookings_on_closed_days()`)).rows.map((row) => row.id).filter((id) => mine.has(id));
    expect(await list()).toEqual([]);
    await db.query(`insert into public.closed_dates (date, reason) values ($1, 'Eid al-Fitr')`, [date]);
    expect(await list()).toEqual([early, late]);
    await db.query(`delete from public.closed_dates where date = $1`, [date]);
  });

  it('is for admins only', async () => {
    expect(await attemptAs(db, user, 'select * from public.bookings_on_closed_days()')).toMatchObject({ ok: false, code: DENIED });
    expect(await attemptAs(db, anon, 'select * from public.bookings_on_closed_days()')).toMatchObject({ ok: false, code: DENIED });
  });
});

/** The SQLSTATE and column of the error `work` raises as a visitor (anon) or `actor`. */
async function refusal(actor: Actor, work: (tx: Sql) => Promise<unknown>): Promise<{ code: string; column: string | undefined }> {
  try {
    await transactionAs(db, actor, work);
  } catch (error) {
    const { code, column } = error as { code: string; column?: string };
    return { code, column };
  }
  throw new Error('not refused');
}

const BOOK = `insert into public.bookings (full_name, phone, email, country, date, time) values ('Amara Eze', '+234 809 000 0000', $1, 'Nigeria', $2, $3)`;
const bookAs = (date: string, time: string, address?: string) => (tx: Sql) =>
  (address ? tx.query(`select set_config('request.headers', $1, true)`, [JSON.stringify({ 'cf-connecting-ip': address })]) : Promise.resolve()).then(() =>
    tx.query(BOOK, [uniqueEmail('rf'), date, time]),
  );

/** The next `weekday` (0 Sunday … 6 Saturday) at least a week after Lagos's today. */
function nextWeekday(weekday: number): string {
  let day = Date.parse(`${consultancyToday()}T00:00:00Z`) + 7 * 86_400_000;
  while (new Date(day).getUTCDay() !== weekday) day += 86_400_000;
  return new Date(day).toISOString().slice(0, 10);
}

describe('each refusal the database ties to a field names that field as its column', () => {
  const bookingFields = Object.keys(bookingSchema.def.shape);
  const visaFields = Object.keys(visaApplicationSchema.def.shape);

  const cases: [string, (tx: Sql) => Promise<unknown>, string[]][] = [
    ['RF001', bookAs('2020-01-06', '10:00'), bookingFields],
    ['RF003', bookAs(consultancyToday(), '00:00'), bookingFields],
    ['RF007', bookAs(nextWeekday(0), '10:00'), bookingFields],
    ['RF008', bookAs(nextWeekday(1), '23:30'), bookingFields],
  ];
  for (const [code, work, fields] of cases) {
    it(`${code}`, async () => {
      const found = await refusal(anon, work);
      expect(found.code).toBe(code);
      expect(Object.keys(fieldRefusal({ code }) ?? {})).toEqual([found.column]);
      expect(fields).toContain(found.column);
    });
  }

  it('RF002', async () => {
    const applicant = user;
    const found = await refusal(applicant, (tx) => tx.query(INSERT_APPLICATION, application({ dob: '2999-01-01' })));
    expect(found.code).toBe('RF002');
    expect(Object.keys(fieldRefusal({ code: 'RF002' }) ?? {})).toEqual([found.column]);
    expect(visaFields).toContain(found.column);
  });

  it('RF009 and RF010', async () => {
    // One place per slot and one upcoming booking per client, from no booking at all.
    await db.query('delete from public.bookings');
    await db.query(`update public.booking_rules set places_per_slot = 1, upcoming_per_client = 1`);
    try {
      const { date, time } = openSlot();
      await transactionAs(db, anon, bookAs(date, time, '198.51.100.20'));
      const full = await refusal(anon, bookAs(date, time, '198.51.100.21'));
      const client = await refusal(anon, bookAs(date, time, '198.51.100.20'));
      for (const [found, code] of [[full, 'RF009'], [client, 'RF010']] as const) {
        expect(found.code).toBe(code);
        expect(Object.keys(fieldRefusal({ code }) ?? {})).toEqual([found.column]);
        expect(bookingFields).toContain(found.column);
      }
    } finally {
      await db.query(`update public.booking_rules set places_per_slot = 2, upcoming_per_client = 4`);
    }
  });
});
