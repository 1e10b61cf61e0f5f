// What is waiting (20261122000700_lead_handling.sql, 20261122001000_admin_overview.sql): bookings
// and contact messages are new until an admin marks them handled (set_lead_handled records who and
// when, nothing else can), and admin_overview counts new applications, new messages and today's
// and upcoming bookings, today being the day in Lagos whatever the server's time zone.

import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DENIED,
  INSERT_APPLICATION,
  anon,
  application,
  attemptAs,
  createAdmin,
  adminAndUserFixture,
  runAs,
  service,
  transactionAs,
  uniqueEmail,
  type Actor,
  type TestDb,
} from './support.ts';
import type { Sql } from '../../supabase/local/db/open.ts';
import { consultancyNow, consultancyToday } from '../../common/domain.ts';

const fixture = adminAndUserFixture({ email: 'user@example.com', label: 'user' });
let db: TestDb;
let admin: Actor;
let adminId: string;
let secondAdmin: Actor;
let user: Actor;

beforeAll(async () => {
  ({ db, admin, adminId, user } = fixture);
  secondAdmin = (await createAdmin(db, 'deputy@example.com')).actor;
});

/** The date in Lagos (YYYY-MM-DD) at the instant `at`, plus `days` days: the consultancy's calendar. */
function lagosDate(at = new Date(), days = 0): string {
  const day = consultancyToday(at);
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A booking at 11:00 on `date`, stored by the test's superuser. The database takes no new booking
 * for a moment already past in Lagos, and 11:00 today may be; so it is made a week later and moved
 * to its date, as a booking made earlier stands on its day.
 */
async function newBooking(date = lagosDate()): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.bookings (full_name, phone, email, country, date, time)
     values ('Visitor', '+1 555 0100', $1, 'UK', $2::date + 7, '11:00') returning id`,
    [uniqueEmail(), date],
  );
  await db.query('update public.bookings set date = $2 where id = $1', [rows[0]!.id, date]);
  return rows[0]!.id;
}

/**
 * A booking made in the transaction `tx` for `date` at `time` (Lagos), which must not be past at
 * the transaction's now(). Stored as the operator would, as the database owner outside any API
 * request, so the slot rules, which allow no booking within the minimum notice, leave alone a
 * booking for this very minute (20261122000720_bookings.sql); then the transaction goes
 * on as its caller.
 */
async function newBookingIn(tx: Sql, date: string, time: string, status = 'requested'): Promise<string> {
  const { rows: caller } = await tx.query<{ role: string; claims: string }>(
    `select current_user as role, current_setting('request.jwt.claims', true) as claims`,
  );
  await tx.query(`select set_config('role', 'none', true), set_config('request.jwt.claims', '', true)`);
  const { rows } = await tx.query<{ id: string }>(
    `insert into public.bookings (full_name, phone, email, country, date, time, status)
     values ('Visitor', '+1 555 0100', $1, 'UK', $2, $3, $4) returning id`,
    [uniqueEmail(), date, time, status],
  );
  await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [caller[0]!.role, caller[0]!.claims]);
  return rows[0]!.id;
}

async function newMessage(): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.contact_messages (name, email, subject, phone, message, page)
     values ('Sender', $1, 'Hello', '+1 555 0100', 'A question', '/contact') returning id`,
    [uniqueEmail()],
  );
  return rows[0]!.id;
}

async function handledState(table: string, id: string) {
  const { rows } = await db.query<{ handled: boolean; handled_by: string | null }>(
    `select handled_at is not null as handled, handled_by from public.${table} where id = $1`,
    [id],
  );
  return rows[0];
}

const setHandled = (actor: Actor, table: string, id: string, handled: boolean | null) =>
  attemptAs(db, actor, 'select public.set_lead_handled($1, $2, $3)', [table, id, handled]);

describe.each(['bookings', 'contact_messages'])('handled state of %s', (table) => {
  const create = () => (table === 'bookings' ? newBooking() : newMessage());

  it('is new at first, then handled by the admin who marks it, and new again when cleared', async () => {
    const id = await create();
    expect(await handledState(table, id)).toEqual({ handled: false, handled_by: null });
    await runAs(db, admin, 'select public.set_lead_handled($1, $2, true)', [table, id]);
    expect(await handledState(table, id)).toEqual({ handled: true, handled_by: adminId });
    // Marking it again keeps who handled it first.
    await runAs(db, secondAdmin, 'select public.set_lead_handled($1, $2, true)', [table, id]);
    expect(await handledState(table, id)).toEqual({ handled: true, handled_by: adminId });
    await runAs(db, secondAdmin, 'select public.set_lead_handled($1, $2, false)', [table, id]);
    expect(await handledState(table, id)).toEqual({ handled: false, handled_by: null });
  });

  it('cannot be set by a user, a visitor or the service key through set_lead_handled', async () => {
    const id = await create();
    for (const actor of [user, anon, service]) {
      expect(await setHandled(actor, table, id, true), actor.label).toMatchObject({ ok: false, code: DENIED });
    }
    expect(await handledState(table, id)).toEqual({ handled: false, handled_by: null });
  });

  it('cannot be written directly, not even by an admin naming someone else', async () => {
    const id = await create();
    const outcome = await attemptAs(db, admin, `update public.${table} set handled_at = now(), handled_by = $2 where id = $1`, [
      id,
      adminId,
    ]);
    expect(outcome).toMatchObject({ ok: false, code: DENIED });
  });

  it('refuses an unknown id (PT404) and a missing handled flag (22023)', async () => {
    expect(await setHandled(admin, table, randomUUID(), true)).toMatchObject({ ok: false, code: 'PT404' });
    expect(await setHandled(admin, table, await create(), null)).toMatchObject({ ok: false, code: '22023' });
  });
});

describe('set_lead_handled', () => {
  it('works on bookings and contact messages only', async () => {
    const { rows } = await runAs<{ id: string }>(db, user, `${INSERT_APPLICATION} returning id`, [...application()]);
    expect(await setHandled(admin, 'visa_applications', rows[0]!.id, true)).toMatchObject({ ok: false, code: '22023' });
    expect(await setHandled(admin, 'profiles', adminId, true)).toMatchObject({ ok: false, code: '22023' });
  });

  it('cannot be smuggled in with a new booking or message', async () => {
    const outcome = await attemptAs(
      db,
      anon,
      `insert into public.bookings (full_name, phone, email, country, date, time, handled_at)
       values ('Visitor', '+1 555 0100', $1, 'UK', current_date + 3, '11:00', now())`,
      [uniqueEmail()],
    );
    expect(outcome).toMatchObject({ ok: false, code: DENIED });
  });
});

describe('admin_overview', () => {
  beforeAll(async () => {
    await db.query('delete from public.bookings');
    await db.query('delete from public.contact_messages');
    await db.query('delete from public.visa_applications');
  });

  it('counts new applications and messages, and today’s and upcoming bookings in Lagos', async () => {
    await newMessage();
    await newMessage();
    await runAs(db, admin, 'select public.set_lead_handled($1, $2, true)', ['contact_messages', await newMessage()]);

    for (const status of ['submitted', 'submitted', 'in_review', 'approved']) {
      const { rows } = await runAs<{ id: string }>(db, user, `${INSERT_APPLICATION} returning id`, [...application()]);
      if (status !== 'submitted') await runAs(db, admin, 'update public.visa_applications set status = $2 where id = $1', [rows[0]!.id, status]);
    }

    // A booking that is over: stored when its day was ahead, and that day has passed since.
    await newBooking(lagosDate(new Date(), -1));

    // One transaction: the bookings' dates and the counts see the same now(), even at midnight.
    const [overview, overviewFarEast] = await transactionAs(db, admin, async (tx) => {
      const { rows } = await tx.query<{ epoch: number }>('select extract(epoch from now())::float8 as epoch');
      const now = new Date(rows[0]!.epoch * 1000);
      // Today's at the transaction's own minute in Lagos: never past, whatever the hour.
      const minute = consultancyNow(now).time;
      await newBookingIn(tx, lagosDate(now), minute);
      await tx.query('select public.set_lead_handled($1, $2, true)', ['bookings', await newBookingIn(tx, lagosDate(now), minute)]);
      await newBookingIn(tx, lagosDate(now, 1), '11:00');
      await newBookingIn(tx, lagosDate(now, 30), '11:00');
      // A cancelled or declined booking no longer holds its place: the dashboard does not count it.
      await newBookingIn(tx, lagosDate(now, 2), '11:00', 'cancelled');
      await newBookingIn(tx, lagosDate(now), minute, 'declined');
      const counts = async () => (await tx.query('select public.admin_overview() as overview')).rows;
      const asStored = await counts();
      // The session's time zone (here the earliest on Earth) does not move "today".
      await tx.query(`select set_config('TimeZone', 'Pacific/Kiritimati', true)`);
      return [asStored, await counts()];
    });

    const expected = [{ overview: expect.objectContaining({ new_applications: 2, new_messages: 2, bookings_today: 2, bookings_upcoming: 2, waiting_on_applicant: 0 }) }];
    expect(overview).toEqual(expected);
    expect(overviewFarEast).toEqual(expected);
  });

  // The counts above agree with the site's calendar only when the two days differ, an hour or so a
  // day; the definition says at any hour that the function takes today from the one rule of the
  // consultancy's day (private.consultancy_today, whose zone tests/db/consultancy-time.test.ts
  // keeps equal to CONSULTANCY_TIME_ZONE of common/domain.ts), and names no zone of its own.
  it('reads today as the consultancy counts it (private.consultancy_today)', async () => {
    const { rows } = await db.query<{ definition: string }>(
      `select pg_get_functiondef('private.admin_overview()'::regprocedure) as definition`,
    );
    expect(rows[0]!.definition).toContain('today date := private.consultancy_today(now());');
    expect(rows[0]!.definition).not.toMatch(/at time zone/i);
  });

  it('is for admins only', async () => {
    for (const actor of [user, anon, service]) {
      expect(await attemptAs(db, actor, 'select public.admin_overview()'), actor.label).toMatchObject({ ok: false, code: DENIED });
    }
  });
});
