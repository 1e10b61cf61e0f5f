// The notifications outbox (20261122000500_notifications.sql): every stored submission queues its
// emails in its own transaction and nothing else does (a refused or rolled-back insert leaves no
// notification, a dedupe key cannot repeat), and who may read, write, claim, complete and retry.
// The worker's claim and complete are tests/db/notification-worker.test.ts.

import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
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
  uniqueEmail,
  type Actor,
  type TestDb,
  type QueuedRow,
} from './support.ts';

const fixture = adminAndUserFixture({ email: 'applicant@example.com', label: 'applicant' });
let db: TestDb;
let admin: Actor;
let applicant: Actor;

beforeAll(() => {
  ({ db, admin, user: applicant } = fixture);
});

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
    // A decision's email also says the day its documents go (the retention rules).
    expect(payloads).toContainEqual({
      from_status: 'submitted',
      to_status: 'approved',
      status_change_id: expect.any(String),
      documents_removal_at: expect.any(String),
    });
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

describe('who may touch the queue', () => {
  let rowId: string;
  let user: Actor;

  beforeAll(async () => {
    // The claim below takes the oldest due rows: only this section's row may be queued.
    await db.query('delete from public.notifications');
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
