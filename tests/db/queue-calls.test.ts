// The queues call their Edge Functions (20261122000500_notifications.sql): a transaction that
// queues emails or file removals makes one pg_net request to the queue's function, whatever the
// number of rows and statements, with the address and key Vault holds, and only once it commits;
// an admin's Retry calls the sender; the Supabase Cron job sweeps every minute and calls only a
// queue with rows due; without Vault's values nothing is called and nothing fails. pg_net and Vault
// are the embedded backend's stand-ins here, with hosted's grants, and neither anon nor
// authenticated may use them. (The real pg_cron, on PostgreSQL, is tests/db/pg-cron.test.ts.)

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OPEN_SLOT, DENIED, anon, attemptAs, createAdmin, createUser, openTestDb, runAs, service, signedIn, transactionAs, type Actor, type TestDb } from './support.ts';

const PROJECT_URL = 'https://abcd.supabase.co';
const KEY = 'sb_secret_queue-functions-test-key';

let db: TestDb;
let admin: Actor;
let user: Actor;

beforeAll(async () => {
  db = await openTestDb();
  ({ actor: admin } = await createAdmin(db));
  user = signedIn('user', await createUser(db, 'user@example.com'));
  await setVault({ project_url: PROJECT_URL, queue_functions_key: KEY });
});
afterAll(async () => {
  await db?.close();
});

/** Sets (or, with null, removes) Vault's secrets, as a project's owner does once (docs/deploy.md). */
async function setVault(secrets: Record<string, string | null>): Promise<void> {
  for (const [name, value] of Object.entries(secrets)) {
    await db.query('delete from vault.secrets where name = $1', [name]);
    if (value !== null) await db.query('select vault.create_secret($1, $2)', [value, name]);
  }
}

interface Request {
  method: string;
  url: string;
  headers: Record<string, string>;
  timeout_milliseconds: number;
}

/** The requests pg_net has queued (its worker has not run: there is none in this test). */
async function requests(): Promise<Request[]> {
  const { rows } = await db.query<Request>('select method, url, headers, timeout_milliseconds from net.http_request_queue order by id');
  return rows;
}

beforeEach(async () => {
  await db.query('delete from net.http_request_queue');
});

const booking = (email: string) =>
  runAs(db, anon, `insert into public.bookings (full_name, phone, email, country, date, time) select 'Ada Obi', '+234 800 000 0001', $1, 'UK', open.date, open.time from ${OPEN_SLOT} as open`, [email]);

const CONTACT = `insert into public.contact_messages (name, email, subject, phone, message, page) values ('Li Wei', $1, 'Hello', '+234 800 000 0002', 'A question', '/contact')`;

describe('queuing calls the queue’s function', () => {
  it('a booking (two emails) is one POST to send-notifications, with Vault’s address and key, and a timeout of a hosted function’s 150 s wall clock', async () => {
    await booking('ada-1@example.com');
    expect(await requests()).toEqual([
      {
        method: 'POST',
        url: `${PROJECT_URL}/functions/v1/send-notifications`,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${KEY}`, apikey: KEY },
        timeout_milliseconds: 150_000,
      },
    ]);
  });

  it('one transaction is one call however many rows and statements queue, and each transaction its own', async () => {
    await transactionAs(db, anon, async (tx) => {
      for (let i = 0; i < 5; i++) await tx.query(CONTACT, [`many-${i}@example.com`]);
    });
    await db.query(
      `insert into public.contact_messages (name, email, subject, phone, message, page)
       select 'Sender ' || n, 'bulk' || n || '@example.com', 'Hello', '+234 800 000 0000', 'Hi', '/contact' from generate_series(1, 300) n`,
    );
    await booking('ada-2@example.com');
    expect((await requests()).map((r) => r.url)).toEqual(Array(3).fill(`${PROJECT_URL}/functions/v1/send-notifications`));
  });

  it('a statement that queues nothing calls nothing: a duplicate skipped by its dedupe key', async () => {
    const { rows } = await db.query<{ kind: string; subject_table: string; subject_id: string; dedupe_key: string }>(
      'select kind, subject_table, subject_id, dedupe_key from public.notifications limit 1',
    );
    await db.query('delete from net.http_request_queue');
    await db.query(
      `insert into public.notifications (kind, recipient, subject_table, subject_id, dedupe_key) values ($1, null, $2, $3, $4)
       on conflict (dedupe_key) do nothing`,
      [rows[0]!.kind, rows[0]!.subject_table, rows[0]!.subject_id, rows[0]!.dedupe_key],
    );
    expect(await requests()).toEqual([]);
  });

  it('a rolled-back submission calls nothing', async () => {
    await expect(
      transactionAs(db, anon, async (tx) => {
        await tx.query(CONTACT, ['rolled-back@example.com']);
        throw new Error('the visitor’s request failed after the insert');
      }),
    ).rejects.toThrow('failed after the insert');
    expect(await requests()).toEqual([]);
  });

  it('a queued file removal is one POST to remove-documents', async () => {
    await db.query(
      `insert into private.document_removals (bucket_id, object_name, application_id)
       select 'application-documents', 'u/a/file-' || n || '.pdf', gen_random_uuid() from generate_series(1, 20) n`,
    );
    expect((await requests()).map((r) => r.url)).toEqual([`${PROJECT_URL}/functions/v1/remove-documents`]);
  });

  it('an admin’s Retry of a failed email calls the sender; a Retry that finds nothing to retry does not', async () => {
    const { rows } = await db.query<{ id: string }>(`update public.notifications set status = 'failed', attempts = 5, last_error = 'x'
                                                     where id = (select id from public.notifications limit 1) returning id`);
    expect((await runAs(db, admin, 'select public.retry_notification($1) as retried', [rows[0]!.id])).rows).toEqual([{ retried: true }]);
    expect((await requests()).map((r) => r.url)).toEqual([`${PROJECT_URL}/functions/v1/send-notifications`]);
    await db.query('delete from net.http_request_queue');
    expect((await runAs(db, admin, 'select public.retry_notification($1) as retried', [rows[0]!.id])).rows).toEqual([{ retried: false }]);
    expect(await requests()).toEqual([]);
  });

  it('without the address or the key in Vault, nothing is called and the submission still succeeds', async () => {
    for (const missing of ['project_url', 'queue_functions_key']) {
      await setVault({ [missing]: null });
      try {
        await booking(`no-vault-${missing}@example.com`);
        expect(await requests()).toEqual([]);
        const { rows } = await db.query('select 1 from public.bookings where email = $1', [`no-vault-${missing}@example.com`]);
        expect(rows).toHaveLength(1);
      } finally {
        await setVault({ project_url: PROJECT_URL, queue_functions_key: KEY });
      }
    }
  });
});

describe('the sweep, every minute', () => {
  beforeAll(async () => {
    await db.query(`update public.notifications set status = 'sent', sent_at = now(), locked_until = null`);
    await db.query('delete from private.document_removals');
    await db.query('delete from net.http_request_queue');
  });

  it('is a Supabase Cron job running private.sweep_queues() every minute', async () => {
    const { rows } = await db.query(`select schedule, command, active from cron.job where jobname = 'sweep-queues'`);
    expect(rows).toEqual([{ schedule: '* * * * *', command: 'select private.sweep_queues()', active: true }]);
  });

  it('calls nothing while no row is due, and each queue with a row due', async () => {
    await db.query('select private.sweep_queues()');
    expect(await requests()).toEqual([]);

    // A retry whose backoff has not passed is not due; once it has, it is.
    const { rows } = await db.query<{ id: string }>(
      `update public.notifications set status = 'queued', sent_at = null, next_attempt_at = now() + interval '1 minute'
        where id = (select id from public.notifications limit 1) returning id`,
    );
    await db.query('select private.sweep_queues()');
    expect(await requests()).toEqual([]);
    await db.query(`update public.notifications set next_attempt_at = now() - interval '1 second' where id = $1`, [rows[0]!.id]);
    await db.query('select private.sweep_queues()');
    expect((await requests()).map((r) => r.url)).toEqual([`${PROJECT_URL}/functions/v1/send-notifications`]);

    // A call that died: its rows are sending, and due again once the lease has passed.
    await db.query('delete from net.http_request_queue');
    await db.query(`update public.notifications set status = 'sending', locked_until = now() + interval '1 minute' where id = $1`, [rows[0]!.id]);
    await db.query('select private.sweep_queues()');
    expect(await requests()).toEqual([]);
    await db.query(`update public.notifications set locked_until = now() - interval '1 second' where id = $1`, [rows[0]!.id]);
    await db.query(`insert into private.document_removals (bucket_id, object_name, application_id) values ('application-documents', 'u/a/late.pdf', gen_random_uuid())`);
    await db.query('delete from net.http_request_queue');
    await db.query('select private.sweep_queues()');
    expect((await requests()).map((r) => r.url).sort()).toEqual([`${PROJECT_URL}/functions/v1/remove-documents`, `${PROJECT_URL}/functions/v1/send-notifications`]);
  });
});

describe('who may call, and who may read Vault', () => {
  it('neither anon nor authenticated may execute pg_net’s request functions', async () => {
    for (const actor of [anon, user]) {
      for (const sql of [`select net.http_post('https://attacker.example')`, `select net.http_get('https://attacker.example')`]) {
        expect(await attemptAs(db, actor, sql), `${actor.label}: ${sql}`).toMatchObject({ ok: false, code: DENIED });
      }
    }
  });

  it('neither anon, authenticated nor the service role may read or write Vault', async () => {
    for (const actor of [anon, user, service]) {
      for (const sql of ['select decrypted_secret from vault.decrypted_secrets', 'select secret from vault.secrets', `select vault.create_secret('x', 'y')`]) {
        expect(await attemptAs(db, actor, sql), `${actor.label}: ${sql}`).toMatchObject({ ok: false, code: DENIED });
      }
    }
  });

  it('only the service role asks for a queue function to be called again, and only for the two queues', async () => {
    for (const actor of [anon, user, admin]) {
      expect(await attemptAs(db, actor, `select public.call_queue_function('send-notifications')`), actor.label).toMatchObject({ ok: false, code: DENIED });
    }
    expect(await attemptAs(db, service, `select public.call_queue_function('send-notifications') is not null as called`)).toMatchObject({ ok: true, rows: [{ called: true }] });
    expect(await attemptAs(db, service, `select public.call_queue_function('unsubscribe')`)).toMatchObject({ ok: false, code: '22P02' });
  });

  it('nor may they run the sweep or the trigger function', async () => {
    for (const actor of [anon, user]) {
      expect(await attemptAs(db, actor, 'select private.sweep_queues()'), actor.label).toMatchObject({ ok: false, code: DENIED });
      expect(await attemptAs(db, actor, `select private.call_queue_function('send-notifications')`), actor.label).toMatchObject({ ok: false, code: DENIED });
    }
  });
});

describe('reporting a batch in one call', () => {
  it('applies the single report’s rules to each row: sent, retried, given up, and a stale attempt ignored', async () => {
    await db.query('delete from public.notifications');
    await db.query(
      `insert into public.contact_messages (name, email, subject, phone, message, page)
       select 'Sender ' || n, 'report' || n || '@example.com', 'Hello', '+234 800 000 0000', 'Hi', '/contact' from generate_series(1, 4) n`,
    );
    const claimed = (await runAs<{ id: string; attempts: number }>(db, service, 'select id, attempts from public.claim_notifications(10, 60) order by id')).rows;
    expect(claimed).toHaveLength(4);
    const [sent, retried, givenUp, stale] = claimed as [(typeof claimed)[0], (typeof claimed)[0], (typeof claimed)[0], (typeof claimed)[0]];
    const reports = [
      { id: sent.id, attempt: sent.attempts, error: null },
      { id: retried.id, attempt: retried.attempts, error: '451 try later' },
      { id: givenUp.id, attempt: givenUp.attempts, error: 'Not sent: a list', give_up: true },
      { id: stale.id, attempt: stale.attempts + 1, error: null },
    ];
    await runAs(db, service, `select public.complete_jobs('send-notifications', $1)`, [JSON.stringify(reports)]);
    const { rows } = await db.query<{ id: string; status: string; last_error: string | null }>('select id, status, last_error from public.notifications');
    const statusOf = (id: string) => rows.find((row) => row.id === id);
    expect(statusOf(sent.id)).toMatchObject({ status: 'sent', last_error: null });
    expect(statusOf(retried.id)).toMatchObject({ status: 'queued', last_error: '451 try later' });
    expect(statusOf(givenUp.id)).toMatchObject({ status: 'failed', last_error: 'Not sent: a list' });
    expect(statusOf(stale.id)).toMatchObject({ status: 'sending' });
  });

  it('removes reported removals and keeps a failed one for later, with its reason', async () => {
    await db.query('delete from private.document_removals');
    await db.query(`insert into private.document_removals (bucket_id, object_name, application_id)
                    values ('application-documents', 'u/a/gone.pdf', gen_random_uuid()), ('application-documents', 'u/a/kept.pdf', gen_random_uuid())`);
    const claimed = (await runAs<{ id: string; attempts: number; object_name: string }>(db, service, 'select id, attempts, object_name from public.claim_document_removals(10, 60)')).rows;
    const reports = claimed.map((row) => ({ id: row.id, attempt: row.attempts, error: row.object_name.endsWith('kept.pdf') ? 'Storage refused the removal: down' : null }));
    await runAs(db, service, `select public.complete_jobs('remove-documents', $1)`, [JSON.stringify(reports)]);
    expect((await db.query('select object_name, last_error, locked_until from private.document_removals')).rows).toEqual([
      { object_name: 'u/a/kept.pdf', last_error: 'Storage refused the removal: down', locked_until: null },
    ]);
  });

  it('is the service role’s only', async () => {
    for (const actor of [anon, user, admin]) {
      expect(await attemptAs(db, actor, `select public.complete_jobs('send-notifications', '[]')`), actor.label).toMatchObject({ ok: false, code: DENIED });
      expect(await attemptAs(db, actor, `select public.complete_jobs('remove-documents', '[]')`), actor.label).toMatchObject({ ok: false, code: DENIED });
    }
  });
});

describe('the admin overview says whether the queues move', () => {
  it('counts failed and waiting emails, waiting removals, and when the oldest of each was queued', async () => {
    await db.query(`update public.notifications set status = 'sent', sent_at = now(), locked_until = null`);
    await db.query('delete from private.document_removals');
    const counts = async () => (await runAs<{ overview: Record<string, unknown> }>(db, admin, 'select public.admin_overview() as overview')).rows[0]!.overview;
    expect(await counts()).toMatchObject({ emails_failed: 0, emails_waiting: 0, oldest_email_waiting_since: null, removals_waiting: 0, oldest_removal_waiting_since: null });

    const ids = (await db.query<{ id: string }>('select id from public.notifications order by id limit 3')).rows.map((r) => r.id);
    await db.query(`update public.notifications set status = 'failed', sent_at = null, last_error = 'x' where id = $1`, [ids[0]]);
    await db.query(`update public.notifications set status = 'queued', sent_at = null, created_at = '2026-01-02T03:04:05Z' where id = $1`, [ids[1]]);
    await db.query(`update public.notifications set status = 'sending', sent_at = null, locked_until = now() + interval '1 minute', created_at = '2026-01-03T00:00:00Z' where id = $1`, [ids[2]]);
    await db.query(`insert into private.document_removals (bucket_id, object_name, application_id, created_at) values ('application-documents', 'u/a/old.pdf', gen_random_uuid(), '2026-02-01T00:00:00Z')`);
    expect(await counts()).toMatchObject({
      emails_failed: 1,
      emails_waiting: 2,
      oldest_email_waiting_since: '2026-01-02T03:04:05+00:00',
      removals_waiting: 1,
      oldest_removal_waiting_since: '2026-02-01T00:00:00+00:00',
    });
  });
});
