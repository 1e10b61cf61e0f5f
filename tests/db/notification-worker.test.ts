// The notifications' worker side (private.claim_jobs through public.claim_notifications and
// public.complete_jobs, 20261122000500_notifications.sql): leases, backoff, failure after the last
// try, an admin's retry, and, on PostgreSQL, two workers claiming at once never get the same row.
// What queues a notification, and who may touch the queue, is tests/db/notifications.test.ts.

import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAndUserFixture, attemptAs, runAs, service, transactionAs, type Actor, type QueuedRow, type TestDb } from './support.ts';

const fixture = adminAndUserFixture({ email: 'worker-applicant@example.com', label: 'applicant' });
let db: TestDb;
let admin: Actor;

beforeAll(() => {
  ({ db, admin } = fixture);
});

describe('the worker’s claim and complete', () => {
  beforeEach(async () => {
    await db.query('delete from public.notifications');
  });

  /** Queues count staff notifications directly (as the owner), oldest first, and returns their ids. */
  async function enqueue(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const subject = randomUUID();
      const { rows } = await db.query<{ id: string }>(
        `insert into public.notifications (kind, subject_table, subject_id, dedupe_key, created_at, next_attempt_at)
         values ('staff_new_booking', 'bookings', $1, $2, now() - make_interval(mins => $3), now() - make_interval(mins => $3))
         returning id`,
        [subject, `staff_new_booking:${subject}`, count - i],
      );
      ids.push(rows[0]!.id);
    }
    return ids;
  }

  async function claim(maxRows = 20, leaseSeconds = 60): Promise<QueuedRow[]> {
    return (await runAs<QueuedRow>(db, service, 'select * from public.claim_notifications($1, $2)', [maxRows, leaseSeconds])).rows;
  }

  async function complete(id: string, claimedAttempt: number, error: string | null = null): Promise<void> {
    await runAs(db, service, `select public.complete_jobs('send-notifications', jsonb_build_array(jsonb_build_object('id', $1::uuid, 'attempt', $2::int, 'error', $3::text)))`, [id, claimedAttempt, error]);
  }

  it('claims due rows oldest first, up to max_rows, as sending with one more attempt and a lease', async () => {
    const ids = await enqueue(3);
    const { claimed, leaseSeconds } = await transactionAs(db, service, async (tx) => {
      const result = await tx.query<QueuedRow>('select * from public.claim_notifications(2, 90)');
      const lease = await tx.query<{ seconds: number }>(
        'select extract(epoch from locked_until - now())::int as seconds from public.notifications where id = $1',
        [result.rows[0]!.id],
      );
      return { claimed: result.rows, leaseSeconds: lease.rows[0]!.seconds };
    });
    expect(claimed.map((row) => row.id)).toEqual(ids.slice(0, 2));
    expect(claimed.map((row) => [row.status, row.attempts])).toEqual([['sending', 1], ['sending', 1]]);
    expect(leaseSeconds).toBe(90);
    expect((await claim()).map((row) => row.id)).toEqual([ids[2]]);
    expect(await claim()).toEqual([]);
  });

  it('leaves rows not yet due, sent and failed alone', async () => {
    const [later, sent, failed] = await enqueue(3);
    await db.query(`update public.notifications set next_attempt_at = now() + interval '1 hour' where id = $1`, [later]);
    await db.query(`update public.notifications set status = 'sent', sent_at = now() where id = $1`, [sent]);
    await db.query(`update public.notifications set status = 'failed', last_error = 'refused' where id = $1`, [failed]);
    expect(await claim()).toEqual([]);
  });

  it('claims a sending row again once its lease has passed (its worker died), never before', async () => {
    const [id] = await enqueue(1);
    await claim(20, 3600);
    expect(await claim()).toEqual([]);
    await db.query(`update public.notifications set locked_until = now() - interval '1 second' where id = $1`, [id]);
    expect(await claim()).toMatchObject([{ id, status: 'sending', attempts: 2 }]);
  });

  it('ignores a report for a claim that is no longer current: only the worker holding the row completes it', async () => {
    const [id] = await enqueue(1);
    await claim();
    // The first worker's lease passes while it is still sending; a second worker claims the row.
    await db.query(`update public.notifications set locked_until = now() - interval '1 second' where id = $1`, [id]);
    expect(await claim()).toMatchObject([{ id, attempts: 2 }]);
    // The first worker's late reports, success or failure, change nothing.
    await complete(id!, 1);
    await complete(id!, 1, '421 too late');
    const state = async () =>
      (await db.query('select status, attempts, last_error, locked_until is not null as leased from public.notifications where id = $1', [id])).rows;
    expect(await state()).toEqual([{ status: 'sending', attempts: 2, last_error: null, leased: true }]);
    await complete(id!, 2);
    expect(await state()).toEqual([{ status: 'sent', attempts: 2, last_error: null, leased: false }]);
  });

  it('marks a row failed, not claimed again, when its lease passes after its last try', async () => {
    const [id, other] = await enqueue(2);
    await db.query(`update public.notifications set attempts = 4 where id = $1`, [id]);
    expect(await claim(1)).toMatchObject([{ id, attempts: 5 }]);
    await db.query(`update public.notifications set locked_until = now() - interval '1 second' where id = $1`, [id]);
    const claimed = await claim();
    expect(claimed.map((row) => row.id)).toEqual([other]);
    const { rows } = await db.query('select status, attempts, locked_until, last_error from public.notifications where id = $1', [id]);
    expect(rows).toEqual([{ status: 'failed', attempts: 5, locked_until: null, last_error: expect.stringMatching(/^Its call stopped before reporting \(the lease passed\) on the last try\.$/) }]);
    expect(await claim()).toEqual([]);
  });

  it('marks a row sent on success, and ignores a second report', async () => {
    const [id] = await enqueue(1);
    await claim();
    await complete(id!, 1);
    await complete(id!, 1, 'a late error from a worker whose lease had passed');
    const { rows } = await db.query(
      'select status, sent_at is not null as has_sent_at, locked_until, last_error from public.notifications where id = $1',
      [id],
    );
    expect(rows).toEqual([{ status: 'sent', has_sent_at: true, locked_until: null, last_error: null }]);
  });

  it('completes a row with nothing to send as sent without sent_at, the reason in last_error (complete_jobs, as the sender reports)', async () => {
    const [id, other] = await enqueue(2);
    await claim();
    await runAs(db, service, `select public.complete_jobs('send-notifications', $1::jsonb)`, [
      JSON.stringify([
        { id, attempt: 1, error: null, give_up: false, skipped: 'Not sent: the address unsubscribed first.' },
        { id: other, attempt: 1, error: null, give_up: false, skipped: null },
      ]),
    ]);
    const { rows } = await db.query(
      'select id, status, sent_at is not null as has_sent_at, locked_until, last_error from public.notifications where id = any($1) order by id = $2 desc',
      [[id, other], id],
    );
    expect(rows).toEqual([
      { id, status: 'sent', has_sent_at: false, locked_until: null, last_error: 'Not sent: the address unsubscribed first.' },
      { id: other, status: 'sent', has_sent_at: true, locked_until: null, last_error: null },
    ]);
  });

  it('marks a row failed at once, with its reason, when the sender gives up on it (a recipient that is not one mailbox)', async () => {
    const [id] = await enqueue(1);
    await claim();
    await runAs(db, service, `select public.complete_jobs('send-notifications', jsonb_build_array(jsonb_build_object('id', $1::uuid, 'attempt', 1, 'error', $2::text, 'give_up', true)))`, [id, 'Not sent: "a,b@x.example" is a list of 2 addresses, not one mailbox.']);
    const { rows } = await db.query('select status, attempts, locked_until, last_error from public.notifications where id = $1', [id]);
    expect(rows).toEqual([{ status: 'failed', attempts: 1, locked_until: null, last_error: 'Not sent: "a,b@x.example" is a list of 2 addresses, not one mailbox.' }]);
    expect(await claim()).toEqual([]);
  });

  it('retries a failed try after 1, 2, 4 and 8 minutes, then marks it failed with the reason after the fifth', async () => {
    const [id] = await enqueue(1);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(await claim()).toMatchObject([{ id, attempts: attempt }]);
      const state = await transactionAs(db, service, async (tx) => {
        await tx.query(`select public.complete_jobs('send-notifications', jsonb_build_array(jsonb_build_object('id', $1::uuid, 'attempt', $2::int, 'error', $3::text)))`, [id, attempt, `550 mailbox unavailable (try ${attempt})`]);
        const { rows } = await tx.query<{ status: string; wait: number; last_error: string; locked_until: string | null }>(
          `select status, extract(epoch from next_attempt_at - now())::int as wait, last_error, locked_until
           from public.notifications where id = $1`,
          [id],
        );
        // Not due yet at this instant: nothing to claim until the backoff has passed.
        const early = await tx.query('select id from public.claim_notifications()');
        return { ...rows[0]!, early: early.rows };
      });
      expect(state.last_error).toBe(`550 mailbox unavailable (try ${attempt})`);
      expect(state.locked_until).toBeNull();
      expect(state.early).toEqual([]);
      if (attempt < 5) {
        expect(state.status).toBe('queued');
        waits.push(state.wait);
        // The backoff is made to pass here.
        await db.query('update public.notifications set next_attempt_at = now() where id = $1', [id]);
      } else {
        expect(state.status).toBe('failed');
      }
    }
    expect(waits).toEqual([60, 120, 240, 480]);
    expect(await claim()).toEqual([]);
  });

  it('waits at most an hour between tries', async () => {
    const { rows } = await db.query<{ seconds: number[] }>(
      `select array_agg(extract(epoch from private.job_backoff(n))::int order by n) as seconds
       from generate_series(1, 8) as n`,
    );
    expect(rows[0]!.seconds).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600]);
    const { rows: huge } = await db.query<{ seconds: number }>(
      'select extract(epoch from private.job_backoff(1000))::int as seconds',
    );
    expect(huge[0]!.seconds).toBe(3600);
  });

  it('refuses a batch size or lease out of range', async () => {
    expect(await attemptAs(db, service, 'select * from public.claim_notifications(0, 60)')).toMatchObject({ ok: false, code: '22023' });
    expect(await attemptAs(db, service, 'select * from public.claim_notifications(10, 0)')).toMatchObject({ ok: false, code: '22023' });
  });

  it('lets an admin put a failed row back in the queue with a fresh set of tries, once', async () => {
    const [failed, queued] = await enqueue(2);
    await db.query(
      `update public.notifications set status = 'failed', attempts = 5, last_error = '550 refused' where id = $1`,
      [failed],
    );
    expect((await runAs(db, admin, 'select public.retry_notification($1) as retried', [failed])).rows).toEqual([{ retried: true }]);
    expect((await runAs(db, admin, 'select public.retry_notification($1) as retried', [failed])).rows).toEqual([{ retried: false }]);
    expect((await runAs(db, admin, 'select public.retry_notification($1) as retried', [queued])).rows).toEqual([{ retried: false }]);
    expect((await runAs(db, admin, 'select public.retry_notification($1) as retried', [randomUUID()])).rows).toEqual([
      { retried: false },
    ]);
    // Due now, so after the row that has waited longer.
    expect(await claim()).toMatchObject([
      { id: queued, status: 'sending', attempts: 1 },
      { id: failed, status: 'sending', attempts: 1, last_error: '550 refused' },
    ]);
  });
});


// PGlite serves one connection at a time, so two workers can only be tried on a real server.
describe.skipIf(!process.env['DATABASE_URL'])('two workers claiming at once (PostgreSQL only: PGlite is a single connection)', () => {
  const workers: pg.Client[] = [];
  // A burst: 1,000 notifications queued at once.
  const QUEUED = 1000;

  beforeAll(async () => {
    const { rows } = await db.query<{ name: string }>('select current_database() as name');
    const url = new URL(process.env['DATABASE_URL']!);
    url.pathname = `/${rows[0]!.name}`;
    for (let i = 0; i < 4; i += 1) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      await client.query(`set role service_role`);
      workers.push(client);
    }
  });

  afterAll(async () => {
    await Promise.all(workers.map((client) => client.end()));
  });

  beforeEach(async () => {
    await db.query('delete from public.notifications');
    await db.query(
      `insert into public.notifications (kind, subject_table, subject_id, dedupe_key)
       select 'staff_new_booking', 'bookings', s, 'staff_new_booking:' || s
       from (select extensions.gen_random_uuid() as s from generate_series(1, $1::int)) as subjects`,
      [QUEUED],
    );
  });

  const claimedBy = async (client: pg.Client, maxRows: number) =>
    (await client.query<{ id: string }>('select id from public.claim_notifications($1, 60)', [maxRows])).rows.map((row) => row.id);

  it('skips the rows another worker holds, without waiting for it', async () => {
    const [first, second] = workers as [pg.Client, pg.Client];
    await first.query('begin');
    try {
      const mine = await claimedBy(first, 10);
      // The first worker's transaction is still open: its rows are locked, not yet sending.
      const theirs = await claimedBy(second, 100);
      expect(mine).toHaveLength(10);
      expect(theirs).toHaveLength(100);
      expect(theirs.filter((id) => mine.includes(id))).toEqual([]);
    } finally {
      await first.query('commit');
    }
    const { rows } = await db.query<{ status: string; attempts: number; n: number }>(
      'select status, attempts, count(*)::int as n from public.notifications group by 1, 2 order by 1',
    );
    expect(rows).toEqual([
      { status: 'queued', attempts: 0, n: QUEUED - 110 },
      { status: 'sending', attempts: 1, n: 110 },
    ]);
  });

  it('hands each of 1,000 queued rows to exactly one of four workers racing for them', async () => {
    const rounds = await Promise.all(
      workers.map(async (client) => {
        const got: string[] = [];
        for (;;) {
          const batch = await claimedBy(client, 20);
          if (batch.length === 0) return got;
          got.push(...batch);
        }
      }),
    );
    const all = rounds.flat();
    expect(all).toHaveLength(QUEUED);
    expect(new Set(all).size).toBe(QUEUED);
  });
});
