// A booking's life (20261122000730_booking_changes.sql): staff confirm, decline, move or cancel a
// booking through public.change_booking, the visitor cancels or reschedules it through the link in
// their email, each change is recorded and emails the visitor, links are stored hashed, expire at
// the appointment and are void after a move, and the day-before reminder is queued once per time.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSlot } from '../support/open-slots.ts';
import { DENIED, adminAndUserFixture, anon, attemptAs, runAs, uniqueEmail, type Actor, type TestDb } from './support.ts';

const fixture = adminAndUserFixture({ email: 'booking-user@example.com', label: 'user' });
let db: TestDb;
let admin: Actor;
let adminId: string;
let user: Actor;

beforeAll(() => {
  ({ db, admin, adminId, user } = fixture);
});

const nextYear = new Date().getUTCFullYear() + 1;

interface Queued {
  kind: string;
  recipient: string | null;
  payload: Record<string, unknown>;
  dedupe_key: string;
}

/**
 * A booking for `date` at `time`, and its id, stored by the database owner as an earlier booking
 * stands (the slot judge, 20261122000720_bookings.sql, judges API requests; its rules are
 * tested there). Moves made through the API below go to open slots (openSlot).
 */
async function book(date = `${nextYear}-03-10`, time = '10:00', email = uniqueEmail('life')): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.bookings (full_name, phone, email, country, date, time)
     values ('Ada Obi', '+234 800 000 0001', $1, 'UK', $2, $3) returning id`,
    [email, date, time],
  );
  return rows[0]!.id;
}

async function notifications(bookingId: string): Promise<Queued[]> {
  const { rows } = await db.query<Queued>(
    `select kind, recipient, payload, dedupe_key from public.notifications where subject_id = $1 order by created_at, kind`,
    [bookingId],
  );
  return rows;
}

/** The link token of the latest email of `kind` about the booking. */
async function latestToken(bookingId: string, kind = 'booking_changed'): Promise<string> {
  const mine = (await notifications(bookingId)).filter((n) => n.kind === kind);
  const token = mine.at(-1)?.payload['link_token'];
  if (typeof token !== 'string') throw new Error(`no link token in the ${kind} email`);
  return token;
}

async function bookingRow(id: string) {
  const { rows } = await db.query<{ status: string; date: string; time: string; calendar_sequence: number; handled_by: string | null }>(
    `select status, to_char(date, 'YYYY-MM-DD') as date, to_char(time, 'HH24:MI') as time, calendar_sequence, handled_by from public.bookings where id = $1`,
    [id],
  );
  return rows[0]!;
}

const change = (id: string, what: string, extra: { date?: string; time?: string; note?: string } = {}) =>
  `select * from public.change_booking('${id}', '${what}', ${extra.date ? `'${extra.date}'` : 'null'}, ${extra.time ? `'${extra.time}'` : 'null'}, ${
    extra.note ? `'${extra.note}'` : 'null'
  })`;

describe('staff change a booking', () => {
  it('confirm a request: recorded with its note, the visitor emailed with the calendar sequence and a new link, the booking handled', async () => {
    const id = await book();
    const done = await runAs(db, admin, change(id, 'confirmed', { note: 'See you then' }));
    expect(done.rows).toMatchObject([{ change: 'confirmed', changed_by: 'staff', staff_id: adminId, note: 'See you then', status: 'confirmed' }]);
    expect(await bookingRow(id)).toMatchObject({ status: 'confirmed', calendar_sequence: 1, handled_by: adminId });
    const email = (await notifications(id)).find((n) => n.kind === 'booking_changed')!;
    expect(email.recipient).toMatch(/^life/);
    expect(email.payload).toMatchObject({ change: 'confirmed', changed_by: 'staff', note: 'See you then', status: 'confirmed', sequence: 1, date: `${nextYear}-03-10`, time: '10:00' });
    expect(email.payload['link_token']).toMatch(/^[0-9a-f]{64}$/);
    // Staff are told only of the visitor's own changes.
    expect((await notifications(id)).filter((n) => n.kind === 'staff_booking_changed')).toEqual([]);
  });

  it('refuse what the state does not allow, with 409 and the reason', async () => {
    const id = await book();
    await runAs(db, admin, change(id, 'confirmed'));
    expect(await attemptAs(db, admin, change(id, 'confirmed'))).toMatchObject({ ok: false, code: 'PT409', message: 'Only a requested booking can be confirmed; this one is confirmed.' });
    expect(await attemptAs(db, admin, change(id, 'declined'))).toMatchObject({ ok: false, code: 'PT409' });
    await runAs(db, admin, change(id, 'cancelled'));
    expect(await attemptAs(db, admin, change(id, 'moved', { date: `${nextYear}-03-12`, time: '11:00' }))).toMatchObject({
      ok: false,
      code: 'PT409',
      message: 'This booking is cancelled and can no longer be changed.',
    });
    expect(await attemptAs(db, admin, change('00000000-0000-0000-0000-000000000000', 'confirmed'))).toMatchObject({ ok: false, code: 'PT404' });
  });

  it('decline a request, which then holds no place and its email carries no link', async () => {
    const id = await book();
    await runAs(db, admin, change(id, 'declined', { note: 'We are fully booked that week' }));
    expect((await bookingRow(id)).status).toBe('declined');
    const email = (await notifications(id)).find((n) => n.kind === 'booking_changed')!;
    expect(email.payload).toMatchObject({ change: 'declined', status: 'declined', sequence: 1, note: 'We are fully booked that week' });
    expect(email.payload).not.toHaveProperty('link_token');
  });

  it('move a booking: confirmed at the new time, the old links void, the history holds both times', async () => {
    const id = await book();
    const firstToken = await latestToken(id, 'booking_confirmation');
    const slot = openSlot();
    await runAs(db, admin, change(id, 'moved', slot));
    expect(await bookingRow(id)).toMatchObject({ status: 'confirmed', date: slot.date, time: slot.time, calendar_sequence: 1 });
    const { rows } = await runAs(db, admin, `select change, to_char(from_date, 'YYYY-MM-DD') as from_date, to_char(from_time, 'HH24:MI') as from_time, to_char(to_time, 'HH24:MI') as to_time from public.booking_events where booking_id = $1`, [id]);
    expect(rows).toEqual([{ change: 'moved', from_date: `${nextYear}-03-10`, from_time: '10:00', to_time: slot.time }]);
    expect(await attemptAs(db, anon, 'select public.booking_by_link($1)', [firstToken])).toMatchObject({ ok: false, code: 'PT404' });
    expect(await attemptAs(db, anon, 'select public.booking_by_link($1) as b', [await latestToken(id)])).toMatchObject({ ok: true, rows: [{ b: { date: slot.date, time: slot.time, status: 'confirmed' } }] });
  });

  it('cannot move into the past in Lagos, nor to the same time, nor without a time', async () => {
    const id = await book();
    expect(await attemptAs(db, admin, change(id, 'moved', { date: '2020-01-06', time: '10:00' }))).toMatchObject({ ok: false, code: 'RF001' });
    expect(await attemptAs(db, admin, change(id, 'moved', { date: `${nextYear}-03-10`, time: '10:00' }))).toMatchObject({ ok: false, code: 'PT400' });
    expect(await attemptAs(db, admin, change(id, 'moved'))).toMatchObject({ ok: false, code: 'PT400', message: 'Choose the new date and time.' });
  });

  it('is for admins only: visitors and signed-in users are refused, and only admins read the history', async () => {
    const id = await book();
    expect(await attemptAs(db, user, change(id, 'confirmed'))).toMatchObject({ ok: false, code: DENIED });
    expect(await attemptAs(db, anon, change(id, 'confirmed'))).toMatchObject({ ok: false, code: DENIED });
    await runAs(db, admin, change(id, 'confirmed'));
    expect(await attemptAs(db, user, 'select * from public.booking_events')).toMatchObject({ ok: true, rows: [] });
    expect(await attemptAs(db, anon, 'select * from public.booking_events')).toMatchObject({ ok: false, code: DENIED });
    expect(await attemptAs(db, user, `insert into public.booking_events (booking_id, change, changed_by, from_date, from_time, to_date, to_time, status) values ($1, 'confirmed', 'staff', now(), now(), now(), now(), 'confirmed')`, [id])).toMatchObject({ ok: false, code: DENIED });
    expect(await attemptAs(db, user, `update public.bookings set status = 'confirmed' where id = $1`, [id])).toMatchObject({ ok: false, code: DENIED });
    expect(await attemptAs(db, anon, 'select * from private.booking_links')).toMatchObject({ ok: false, code: DENIED });
    expect((await attemptAs(db, admin, 'select count(*)::int as n from public.booking_events where booking_id = $1', [id])).ok).toBe(true);
  });

  it('still email the visitor whose address has had its day of first emails', async () => {
    const email = uniqueEmail('capped');
    // The day's share, as five earlier bookings left it (the spam limit would refuse a sixth within the hour).
    await db.query(
      `insert into public.notifications (kind, recipient, subject_table, subject_id, dedupe_key)
       select 'booking_confirmation', $1, 'bookings', extensions.gen_random_uuid(), 'booking_confirmation:' || extensions.gen_random_uuid() from generate_series(1, 5)`,
      [email],
    );
    const id = await book(`${nextYear}-04-01`, '10:00', email);
    expect((await notifications(id)).map((n) => n.kind)).toEqual(['staff_new_booking']);
    await runAs(db, admin, change(id, 'confirmed'));
    expect((await notifications(id)).map((n) => n.kind)).toContain('booking_changed');
  });
});

describe('the visitor changes a booking through their link', () => {
  it('stores only the hash of the token, which expires at the appointment', async () => {
    const id = await book(`${nextYear}-05-04`, '09:30');
    const token = await latestToken(id, 'booking_confirmation');
    const { rows } = await db.query<{ token_hash: Buffer; expires_at: string }>(
      `select token_hash, to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as expires_at from private.booking_links where booking_id = $1`,
      [id],
    );
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]!.token_hash).toString('hex')).toBe(createHash('sha256').update(token).digest('hex'));
    // 09:30 in Lagos is 08:30 UTC.
    expect(rows[0]!.expires_at).toBe(`${nextYear}-05-04T08:30`);
  });

  it('opens the booking without changing it, and answers 404 to a forged link and 410 once the time has passed', async () => {
    const id = await book(`${nextYear}-05-05`, '11:00');
    const token = await latestToken(id, 'booking_confirmation');
    const opened = await attemptAs(db, anon, 'select public.booking_by_link($1) as b', [token]);
    expect(opened).toMatchObject({ ok: true, rows: [{ b: { full_name: 'Ada Obi', date: `${nextYear}-05-05`, time: '11:00', status: 'requested', can_change: true } }] });
    expect((await bookingRow(id)).status).toBe('requested');
    for (const forged of ['0'.repeat(64), 'not a token', '', token.toUpperCase()]) {
      expect(await attemptAs(db, anon, 'select public.booking_by_link($1)', [forged])).toMatchObject({ ok: false, code: 'PT404' });
      expect(await attemptAs(db, anon, 'select public.cancel_booking_by_link($1)', [forged])).toMatchObject({ ok: false, code: 'PT404' });
    }
    await db.query(`update private.booking_links set expires_at = now() - interval '1 minute' where booking_id = $1`, [id]);
    expect(await attemptAs(db, anon, 'select public.cancel_booking_by_link($1)', [token])).toMatchObject({ ok: false, code: 'PT410', message: 'This link has expired: the appointment time has passed.' });
  });

  it('reschedules: requested again at the new time, staff told, the old link void and the new one working', async () => {
    const id = await book(`${nextYear}-05-06`, '10:00');
    await runAs(db, admin, change(id, 'confirmed'));
    const token = await latestToken(id);
    const slot = openSlot();
    const moved = await runAs(db, anon, `select public.reschedule_booking_by_link($1, $2, $3) as b`, [token, slot.date, slot.time]);
    expect(moved.rows).toEqual([{ b: { date: slot.date, time: slot.time, status: 'requested' } }]);
    expect(await bookingRow(id)).toMatchObject({ status: 'requested', date: slot.date, time: slot.time, calendar_sequence: 2, handled_by: null });
    // Reused: the link of the email before the move no longer works.
    const other = openSlot();
    expect(await attemptAs(db, anon, `select public.reschedule_booking_by_link($1, $2, $3)`, [token, other.date, other.time])).toMatchObject({ ok: false, code: 'PT404' });
    const kinds = (await notifications(id)).map((n) => n.kind);
    expect(kinds.filter((k) => k === 'staff_booking_changed')).toHaveLength(1);
    const staff = (await notifications(id)).find((n) => n.kind === 'staff_booking_changed')!;
    expect(staff.recipient).toBeNull();
    expect(staff.payload).toMatchObject({ change: 'moved', changed_by: 'visitor', from_date: `${nextYear}-05-06`, from_time: '10:00' });
    expect(staff.payload).not.toHaveProperty('link_token');
    expect(await attemptAs(db, anon, 'select public.booking_by_link($1) as b', [await latestToken(id)])).toMatchObject({ ok: true, rows: [{ b: { status: 'requested' } }] });
  });

  it('cancels once: a second press answers 409, the page still shows the booking cancelled', async () => {
    const id = await book(`${nextYear}-05-08`, '12:00');
    const token = await latestToken(id, 'booking_confirmation');
    expect((await runAs(db, anon, 'select public.cancel_booking_by_link($1) as b', [token])).rows).toMatchObject([{ b: { status: 'cancelled' } }]);
    expect(await attemptAs(db, anon, 'select public.cancel_booking_by_link($1)', [token])).toMatchObject({ ok: false, code: 'PT409', message: 'This booking is cancelled and can no longer be changed.' });
    expect(await attemptAs(db, anon, 'select public.booking_by_link($1) as b', [token])).toMatchObject({ ok: true, rows: [{ b: { status: 'cancelled', can_change: false } }] });
    const email = (await notifications(id)).find((n) => n.kind === 'booking_changed')!;
    expect(email.payload).toMatchObject({ change: 'cancelled', changed_by: 'visitor', status: 'cancelled', sequence: 1 });
  });

  it('cannot reschedule into the past, and the booking keeps its time', async () => {
    const id = await book(`${nextYear}-05-09`, '12:00');
    const token = await latestToken(id, 'booking_confirmation');
    expect(await attemptAs(db, anon, `select public.reschedule_booking_by_link($1, '2020-01-06', '10:00')`, [token])).toMatchObject({ ok: false, code: 'RF001' });
    expect(await bookingRow(id)).toMatchObject({ status: 'requested', date: `${nextYear}-05-09`, time: '12:00' });
  });

  it('leaves no live token in the outbox once its email is sent', async () => {
    const id = await book(`${nextYear}-05-11`, '12:00');
    await db.query(`update public.notifications set status = 'sending', locked_until = now() + interval '1 minute' where subject_id = $1`, [id]);
    await db.query(`update public.notifications set status = 'sent', sent_at = now(), locked_until = null where subject_id = $1`, [id]);
    expect((await notifications(id)).every((n) => !('link_token' in n.payload))).toBe(true);
  });
});

describe('the reminder the day before', () => {
  /** A booking starting `hours` from now (to the minute, Lagos time), whose time was chosen `chosenDaysAgo` days ago. */
  async function bookingIn(hours: number, chosenDaysAgo = 3): Promise<string> {
    const { rows } = await db.query<{ date: string; time: string }>(
      `select to_char(t, 'YYYY-MM-DD') as date, to_char(t, 'HH24:MI') as time
       from (select date_trunc('minute', (now() + make_interval(hours => $1)) at time zone 'Africa/Lagos') as t) x`,
      [hours],
    );
    const id = await book(`${nextYear}-06-01`, '10:00');
    await db.query(`update public.bookings set date = $2, time = $3, time_chosen_at = now() - make_interval(days => $4) where id = $1`, [id, rows[0]!.date, rows[0]!.time, chosenDaysAgo]);
    return id;
  }

  const reminders = async (id: string) => (await notifications(id)).filter((n) => n.kind === 'booking_reminder');
  const run = () => db.query('select private.queue_booking_reminders()');

  it('is queued once per booking and time, with a link, and again after a move', async () => {
    const id = await bookingIn(20);
    await run();
    await run();
    const [first, ...rest] = await reminders(id);
    expect(rest).toEqual([]);
    expect(first!.payload['link_token']).toMatch(/^[0-9a-f]{64}$/);
    expect(first!.dedupe_key).toMatch(/^booking_reminder:[0-9a-f-]{36}$/);
    // Moved (chosen long ago for the test's sake) to another time within the day: reminded again.
    await db.query(`update public.bookings set time = time + interval '1 hour' where id = $1`, [id]);
    await run();
    expect(await reminders(id)).toHaveLength(2);
  });

  it('is not queued for a time chosen less than a day ahead, a time more than a day away, or a booking called off', async () => {
    const late = await bookingIn(5, 0);
    const far = await bookingIn(30);
    const cancelled = await bookingIn(10);
    await db.query(`update public.bookings set status = 'cancelled' where id = $1`, [cancelled]);
    await run();
    for (const id of [late, far, cancelled]) expect(await reminders(id)).toEqual([]);
  });

  it('runs every 15 minutes from Supabase Cron', async () => {
    const { rows } = await db.query(`select schedule, command from cron.job where jobname = 'queue-booking-reminders'`);
    expect(rows).toEqual([{ schedule: '*/15 * * * *', command: 'select private.queue_booking_reminders()' }]);
  });
});

describe('a retried email never contradicts the booking as it is now', () => {
  const fail = (id: string, kind: string) =>
    db.query<{ id: string }>(`update public.notifications set status = 'failed', last_error = 'smtp down' where subject_id = $1 and kind = $2 returning id`, [id, kind]);
  const retry = `select public.retry_notification($1) as queued`;

  it('refuses to retry the first email ("the time is held") of a booking staff cancelled since, and sends nothing', async () => {
    const id = await book(`${nextYear}-06-07`, '10:00');
    const { rows } = await fail(id, 'booking_confirmation');
    await runAs(db, admin, change(id, 'cancelled', { note: 'The adviser is away.' }));
    expect(await attemptAs(db, admin, retry, [rows[0]!.id])).toMatchObject({
      ok: false,
      code: 'PT409',
      message: 'This email is out of date: the booking has changed since, and a later email tells the visitor where it stands now.',
    });
    const queue = await db.query<{ kind: string; status: string }>(`select kind, status::text from public.notifications where subject_id = $1 and recipient is not null order by created_at`, [id]);
    expect(queue.rows).toEqual([
      { kind: 'booking_confirmation', status: 'failed' },
      { kind: 'booking_changed', status: 'queued' },
    ]);
  });

  it('refuses an email about the time before a move, and retries one the booking still matches', async () => {
    const id = await book(`${nextYear}-06-08`, '10:00');
    const confirmation = (await fail(id, 'booking_confirmation')).rows[0]!.id;
    const slot = openSlot();
    await runAs(db, admin, change(id, 'moved', { date: slot.date, time: slot.time }));
    expect(await attemptAs(db, admin, retry, [confirmation])).toMatchObject({ ok: false, code: 'PT409' });
    const moved = (await fail(id, 'booking_changed')).rows[0]!.id;
    expect((await runAs(db, admin, retry, [moved])).rows).toEqual([{ queued: true }]);
  });
});

// PGlite serves one connection at a time, so a race can only be run on a real server.
describe.skipIf(!process.env['DATABASE_URL'])('one link, one change (PostgreSQL only: PGlite is a single connection)', () => {
  it('10 reschedules with one emailed link at once, each on its own connection: one is made, one history entry, one email each way', async () => {
    const id = await book(`${nextYear}-06-09`, '10:00');
    const token = await latestToken(id, 'booking_confirmation');
    const { rows } = await db.query<{ name: string }>('select current_database() as name');
    const url = new URL(process.env['DATABASE_URL']!);
    url.pathname = `/${rows[0]!.name}`;
    const clients = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        return client;
      }),
    );
    try {
      await Promise.all(clients.map((client) => client.query(`begin; set local role anon; select set_config('request.jwt.claims', '{"role":"anon"}', true)`)));
      const outcomes = await Promise.all(
        clients.map(async (client) => {
          const slot = openSlot();
          try {
            await client.query('select public.reschedule_booking_by_link($1, $2, $3)', [token, slot.date, slot.time]);
            await client.query('commit');
            return 'moved';
          } catch (error) {
            await client.query('rollback');
            return (error as { code: string }).code;
          }
        }),
      );
      expect(outcomes.filter((outcome) => outcome === 'moved')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'PT404')).toHaveLength(9);
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
    expect((await db.query(`select count(*)::int as n from public.booking_events where booking_id = $1`, [id])).rows).toEqual([{ n: 1 }]);
    const kinds = (await notifications(id)).map((n) => n.kind);
    expect(kinds.filter((kind) => kind === 'booking_changed')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'staff_booking_changed')).toHaveLength(1);
  }, 120_000);
});
