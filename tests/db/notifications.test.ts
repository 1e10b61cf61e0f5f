// The notifications outbox (20261122000500_notifications.sql): every stored submission queues its
// emails in its own transaction and nothing else does (a refused or rolled-back insert leaves no
// notification, a dedupe key cannot repeat); the worker's claim and complete (leases, backoff,
// failure after the last try); who may read, write, claim, complete and retry; and, on
// PostgreSQL, two workers claiming at once never get the same row.

import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  OPEN_SLOT,
  DENIED,
  INSERT_APPLICATION,
  anon,
  application,
  attemptAs,
  createUser,
  adminAndUserFixture,
  runAs,
  service,
  signedIn,
  transactionAs,
  uniqueEmail,
  type Actor,
  type TestDb,
} from './support.ts';

const fixture = adminAndUserFixture({ email: 'applicant@example.com', label: 'applicant' });
let db: TestDb;
let admin: Actor;
let applicant: Actor;

beforeAll(() => {
  ({ db, admin, user: applicant } = fixture);
});

interface QueuedRow {
  id: string;
  kind: string;
  recipient: string | null;
  subject_table: string;
  dedupe_key: string;
  payload: Record<string, unknown>;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
}

/** The notifications of one subject row, in a stable order. */
async function queueOf(subjectId: string): Promise<QueuedRow[]> {
  const { rows } = await db.query<QueuedRow>(
    `select id, kind, recipient, subject_table, dedupe_key, payload, status, attempts, last_error, sent_at
     from public.notifications where subject_id = $1 order by kind::text`,
    [subjectId],
  );
  return rows;
}

async function totalQueued(): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from public.notifications');
  return rows[0]!.n;
}

/** Books an appointment as an anonymous visitor (return=minimal, as the form does) and returns its id. */
async function bookAsVisitor(email: string, overrides: { country?: string; website?: string } = {}): Promise<string> {
  const clientKey = randomUUID();
  await runAs(
    db,
    anon,
    `insert into public.bookings (full_name, phone, email, country, date, time, website, client_key)
     select 'Visitor', '+1 555 0100', $1, $2, open.date, open.time, $3, $4 from ${OPEN_SLOT} as open`,
    [email, overrides.country ?? 'Canada', overrides.website ?? null, clientKey],
  );
  const { rows } = await db.query<{ id: string }>('select id from public.bookings where client_key = $1', [clientKey]);
  return rows[0]?.id ?? '';
}

describe('storing a submission queues its notifications in the same transaction', () => {
  it('a booking: the staff’s new-booking email and the visitor’s confirmation', async () => {
    const email = uniqueEmail('booker');
    const id = await bookAsVisitor(email);
    expect(await queueOf(id)).toMatchObject([
      { kind: 'booking_confirmation', recipient: email, subject_table: 'bookings', dedupe_key: `booking_confirmation:${id}` },
      { kind: 'staff_new_booking', recipient: null, subject_table: 'bookings', dedupe_key: `staff_new_booking:${id}` },
    ]);
    for (const row of await queueOf(id)) expect(row).toMatchObject({ status: 'queued', attempts: 0, payload: {} });
  });

  it('a booking confirms to one address at most five times in 24 hours, in any letter case; staff hear of every booking', async () => {
    const email = uniqueEmail('confirmed');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await bookAsVisitor(i % 2 ? email.toUpperCase() : email));
    // An hour later (the spam limit's window has passed), the same address books again.
    const earlier = `update public.notifications set created_at = created_at - interval '2 hours' where subject_id = any($1)`;
    await db.query(earlier, [ids]);
    await db.query('delete from private.form_submissions where email = $1', [email]);
    const sixth = await bookAsVisitor(` ${email} `.trim());
    expect((await queueOf(sixth)).map((row) => row.kind)).toEqual(['staff_new_booking']);
    const confirmations = async () =>
      (await db.query<{ n: number }>(`select count(*)::int as n from public.notifications where kind = 'booking_confirmation' and lower(recipient) = $1`, [email])).rows[0]!.n;
    expect(await confirmations()).toBe(5);
    // A day after the first five, the address is confirmed to again.
    await db.query(`update public.notifications set created_at = created_at - interval '23 hours' where subject_id = any($1)`, [ids]);
    await db.query('delete from private.form_submissions where email = $1', [email]);
    const later = await bookAsVisitor(email);
    expect((await queueOf(later)).map((row) => row.kind)).toEqual(['booking_confirmation', 'staff_new_booking']);
  });

  it('a contact message: the staff’s email', async () => {
    const clientKey = randomUUID();
    await runAs(
      db,
      anon,
      `insert into public.contact_messages (name, email, subject, phone, message, page, client_key)
       values ('Sender', $1, 'Work permit', '+91 00000 00000', 'Please call me.', '/contact1', $2)`,
      [uniqueEmail(), clientKey],
    );
    const { rows } = await db.query<{ id: string }>('select id from public.contact_messages where client_key = $1', [clientKey]);
    const id = rows[0]!.id;
    expect(await queueOf(id)).toMatchObject([
      { kind: 'staff_new_contact_message', recipient: null, subject_table: 'contact_messages' },
    ]);
  });

  it('a visa application: the staff’s email and the applicant’s "received", to the account’s verified address, not the one typed in the form', async () => {
    const { rows } = await runAs<{ id: string }>(db, applicant, `${INSERT_APPLICATION} returning id`, [
      ...application({ email: 'someone.else@example.org' }),
    ]);
    const id = rows[0]!.id;
    expect(await queueOf(id)).toMatchObject([
      { kind: 'applicant_application_received', recipient: 'applicant@example.com', subject_table: 'visa_applications', dedupe_key: `applicant_application_received:${id}` },
      { kind: 'staff_new_application', recipient: null, subject_table: 'visa_applications', dedupe_key: `staff_new_application:${id}` },
    ]);
    for (const row of await queueOf(id)) expect(row).toMatchObject({ status: 'queued', attempts: 0, payload: {} });
  });

  it('a newsletter sign-up of a new address: its confirmation (the welcome waits for it: newsletter-confirmation.test.ts)', async () => {
    const email = uniqueEmail('reader');
    await runAs(db, anon, 'select public.subscribe_newsletter($1)', [email]);
    const { rows } = await db.query<{ id: string }>('select id from public.newsletter_subscribers where email = $1', [email]);
    expect(await queueOf(rows[0]!.id)).toMatchObject([
      { kind: 'newsletter_confirmation', recipient: email, subject_table: 'newsletter_subscribers' },
    ]);
  });

  it('an insert its checks refuse leaves no notification', async () => {
    const before = await totalQueued();
    const outcome = await attemptAs(
      db,
      anon,
      `insert into public.bookings (full_name, phone, email, country, date, time)
       select 'Visitor', '+1 555 0100', $1, 'Atlantis', open.date, open.time from ${OPEN_SLOT} as open`,
      [uniqueEmail()],
    );
    expect(outcome).toMatchObject({ ok: false, code: '22P02' });
    await expect(bookAsVisitor(uniqueEmail(), { country: 'Atlantis' })).rejects.toMatchObject({ code: '22P02' });
    expect(await totalQueued()).toBe(before);
  });

  it('a submission over the spam limit leaves no notification, nor does one the honeypot drops', async () => {
    const email = uniqueEmail('eager');
    const before = await totalQueued();
    for (let i = 0; i < 5; i += 1) await bookAsVisitor(email);
    await expect(bookAsVisitor(email)).rejects.toMatchObject({ code: 'PT429' });
    expect(await bookAsVisitor(uniqueEmail('bot'), { website: 'https://spam.example' })).toBe('');
    expect(await totalQueued()).toBe(before + 5 * 2);
  });

  it('a transaction rolled back after the insert leaves no notification', async () => {
    const before = await totalQueued();
    let seenInside = 0;
    await expect(
      db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          `insert into public.contact_messages (name, email, subject, phone, message, page)
           values ('Sender', $1, 'Hello', '+1 555 0100', 'Hi', '/contact') returning id`,
          [uniqueEmail()],
        );
        const queued = await tx.query('select 1 from public.notifications where subject_id = $1', [rows[0]!.id]);
        seenInside = queued.rows.length;
        throw new Error('the request failed after the insert');
      }),
    ).rejects.toThrow('the request failed after the insert');
    expect(seenInside).toBe(1);
    expect(await totalQueued()).toBe(before);
  });

  it('a dedupe key cannot be queued twice', async () => {
    const id = await bookAsVisitor(uniqueEmail());
    const outcome = await attemptAs(
      db,
      service,
      `insert into public.notifications (kind, subject_table, subject_id, dedupe_key) values ('staff_new_booking', 'bookings', $1, $2)`,
      [id, `staff_new_booking:${id}`],
    );
    expect(outcome).toMatchObject({ ok: false, code: '23505' });
  });

  it('queueing a kind again for the same event adds nothing, from the function or from the trigger', async () => {
    const id = await bookAsVisitor(uniqueEmail());
    const before = await queueOf(id);
    await db.query(`select private.queue_notification('staff_new_booking', null, 'bookings', $1)`, [id]);
    expect(await queueOf(id)).toEqual(before);

    // The trigger meets its staff email already queued for this booking: it adds only the other.
    const early = randomUUID();
    await db.query(`insert into public.notifications (kind, subject_table, subject_id, dedupe_key) values ('staff_new_booking', 'bookings', $1, $2)`, [
      early,
      `staff_new_booking:${early}`,
    ]);
    await db.query(
      `insert into public.bookings (id, full_name, phone, email, country, date, time) select $1, 'Visitor', '+1 555 0100', $2, 'Canada', open.date, open.time from ${OPEN_SLOT} as open`,
      [early, uniqueEmail()],
    );
    expect((await queueOf(early)).map((row) => row.dedupe_key)).toEqual([`booking_confirmation:${early}`, `staff_new_booking:${early}`]);
  });

  it('a status change emails the account’s address; once its account is deleted, the address typed in the form', async () => {
    const account = await createUser(db, uniqueEmail('leaving-applicant'));
    const { rows } = await runAs<{ id: string }>(db, signedIn('a leaving applicant', account), `${INSERT_APPLICATION} returning id`, [
      ...application({ email: 'typed@example.org' }),
    ]);
    const id = rows[0]!.id;
    const setStatus = (status: string) =>
      runAs(db, admin, 'update public.visa_applications set status = $2 where id = $1', [id, status]);
    const recipients = async () =>
      (await queueOf(id)).filter((row) => row.kind !== 'staff_new_application').map((row) => [row.kind, row.recipient]);
    await setStatus('in_review');
    expect(await recipients()).toEqual([
      ['applicant_application_received', account.email],
      ['applicant_status_changed', account.email],
    ]);
    await db.query('delete from auth.users where id = $1', [account.id]);
    await setStatus('approved');
    expect((await recipients()).filter(([, recipient]) => recipient === 'typed@example.org')).toEqual([['applicant_status_changed', 'typed@example.org']]);
  });

  it('a status change queues the applicant’s email once per change, and only for in_review, approved and rejected', async () => {
    const { rows } = await runAs<{ id: string }>(db, applicant, `${INSERT_APPLICATION} returning id`, [...application()]);
    const id = rows[0]!.id;
    const setStatus = (status: string) =>
      runAs(db, admin, 'update public.visa_applications set status = $2 where id = $1', [id, status]);
    const statusEmails = async () =>
      (await queueOf(id)).filter((row) => row.kind === 'applicant_status_changed').map((row) => row.payload);

    await setStatus('in_review');
    await setStatus('in_review');
    expect(await statusEmails()).toEqual([
      { from_status: 'submitted', to_status: 'in_review', status_change_id: expect.any(String) },
    ]);
    await setStatus('submitted');
    expect(await statusEmails()).toHaveLength(1);
    await setStatus('approved');
    const payloads = await statusEmails();
    expect(payloads).toHaveLength(2);
    expect(payloads).toContainEqual({ from_status: 'submitted', to_status: 'approved', status_change_id: expect.any(String) });
  });
});

describe('deleting a submission', () => {
  it('deletes its notifications, sent or not, and nobody else’s', async () => {
    const doomed = await bookAsVisitor(uniqueEmail('forget-me'));
    const kept = await bookAsVisitor(uniqueEmail('keep-me'));
    await db.query(`update public.notifications set status = 'sent', sent_at = now() where subject_id = $1 and kind = 'staff_new_booking'`, [
      doomed,
    ]);
    await runAs(db, admin, 'delete from public.bookings where id = $1', [doomed]);
    expect(await queueOf(doomed)).toEqual([]);
    expect(await queueOf(kept)).toHaveLength(2);
  });

  it('deletes a subscriber’s welcome with the subscriber', async () => {
    const email = uniqueEmail('leaving');
    await runAs(db, anon, 'select public.subscribe_newsletter($1)', [email]);
    const { rows } = await db.query<{ id: string }>('select id from public.newsletter_subscribers where email = $1', [email]);
    await runAs(db, admin, 'delete from public.newsletter_subscribers where id = $1', [rows[0]!.id]);
    expect(await queueOf(rows[0]!.id)).toEqual([]);
  });
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

describe('who may touch the queue', () => {
  let rowId: string;
  let user: Actor;

  beforeAll(async () => {
    user = signedIn('user', await createUser(db, uniqueEmail('user')));
    const subject = randomUUID();
    const { rows } = await db.query<{ id: string }>(
      `insert into public.notifications (kind, subject_table, subject_id, dedupe_key, status, last_error)
       values ('staff_new_booking', 'bookings', $1, $2, 'failed', 'refused') returning id`,
      [subject, `staff_new_booking:${subject}`],
    );
    rowId = rows[0]!.id;
  });

  const calls = {
    select: 'select id from public.notifications where id = $1',
    insert: `insert into public.notifications (kind, subject_table, subject_id, dedupe_key)
             values ('staff_new_booking', 'bookings', $1::uuid, 'x:' || $1::text)`,
    update: `update public.notifications set status = 'queued' where id = $1`,
    delete: 'delete from public.notifications where id = $1',
    claim: 'select * from public.claim_notifications() where id = $1',
    // The row's first claim after the admin's retry (attempts 0 → 1).
    complete: `select public.complete_jobs('send-notifications', jsonb_build_array(jsonb_build_object('id', $1::uuid, 'attempt', 1)))`,
    retry: 'select public.retry_notification($1)',
  };

  it.each([
    ['an anonymous visitor', () => anon],
    ['a signed-in user', () => user],
  ])('%s can neither read nor write the queue, claim, complete nor retry', async (_label, who) => {
    const actor = who();
    const selected = await attemptAs(db, actor, calls.select, [rowId]);
    // A user has the table's SELECT grant (for admins), but no policy lets a row through.
    if (actor.role === 'anon') expect(selected).toMatchObject({ ok: false, code: DENIED });
    else expect(selected).toMatchObject({ ok: true, rows: [] });
    for (const call of ['insert', 'update', 'delete', 'claim', 'complete', 'retry'] as const) {
      expect(await attemptAs(db, actor, calls[call], [call === 'insert' ? randomUUID() : rowId]), call).toMatchObject({
        ok: false,
        code: DENIED,
      });
    }
  });

  it('an admin reads the queue and retries, but neither writes it directly nor claims nor completes', async () => {
    expect(await attemptAs(db, admin, calls.select, [rowId])).toMatchObject({ ok: true, rows: [{ id: rowId }] });
    expect(await attemptAs(db, admin, calls.retry, [rowId])).toMatchObject({ ok: true });
    for (const call of ['insert', 'update', 'delete', 'claim', 'complete'] as const) {
      expect(await attemptAs(db, admin, calls[call], [call === 'insert' ? randomUUID() : rowId]), call).toMatchObject({
        ok: false,
        code: DENIED,
      });
    }
  });

  it('the service key (the worker) claims and completes, but cannot retry (an admin’s action)', async () => {
    await db.query(`update public.notifications set status = 'queued', next_attempt_at = now() where id = $1`, [rowId]);
    expect(await attemptAs(db, service, calls.claim, [rowId])).toMatchObject({ ok: true, rows: [{ id: rowId }] });
    expect(await attemptAs(db, service, calls.complete, [rowId])).toMatchObject({ ok: true });
    expect(await attemptAs(db, service, calls.retry, [rowId])).toMatchObject({ ok: false, code: DENIED });
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
