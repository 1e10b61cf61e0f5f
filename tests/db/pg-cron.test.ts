// The real pg_cron runs the sweep (20261122000500_notifications.sql): on the PostgreSQL pass of
// scripts/ci-postgres.sh, which preloads Debian's pg_cron for one database (cron.database_name),
// this file migrates that database, so the migration creates the real extension where the stand-in
// is not made, and waits for pg_cron's own scheduler to run the job and record it in
// cron.job_run_details. pg_net and Vault are the stand-ins there. Elsewhere (PGlite, a server
// without pg_cron) it is skipped: tests/db/queue-calls.test.ts covers the job's SQL everywhere.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type ScriptDb } from '../../supabase/local/db/open.ts';

/** The database pg_cron serves on DATABASE_URL's server, when the server preloads it. */
async function cronDatabase(serverUrl: string | undefined): Promise<string | null> {
  if (!serverUrl) return null;
  const client = new pg.Client(serverUrl);
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string | null }>(`select current_setting('cron.database_name', true) as name`);
    return rows[0]?.name ?? null;
  } finally {
    await client.end();
  }
}

const cronDb = await cronDatabase(process.env['DATABASE_URL']);

describe.skipIf(!cronDb)('the real pg_cron', () => {
  let db: ScriptDb;

  beforeAll(async () => {
    const url = new URL(process.env['DATABASE_URL']!);
    url.pathname = `/${cronDb}`;
    db = await openDb({ databaseUrl: url.toString() });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('is the extension the migration created, with the sweep scheduled every minute', async () => {
    expect((await db.query(`select extname from pg_extension where extname in ('pg_cron', 'pg_net', 'supabase_vault') order by 1`)).rows).toEqual([{ extname: 'pg_cron' }]);
    expect((await db.query(`select schedule, command, active from cron.job where jobname = 'sweep-queues'`)).rows).toEqual([
      { schedule: '* * * * *', command: 'select private.sweep_queues()', active: true },
    ]);
  });

  it('takes the daily rebuild at 23:05 UTC (00:05 in Lagos; tests/db/site-rebuild.test.ts runs its command)', async () => {
    expect((await db.query(`select schedule, command, active from cron.job where jobname = 'rebuild-site-daily'`)).rows).toEqual([
      { schedule: '5 23 * * *', command: 'select private.rebuild_site()', active: true },
    ]);
  });

  it('runs the sweep on its schedule, which calls the sender for the due emails', async () => {
    await db.query(`select vault.create_secret('https://abcd.supabase.co', 'project_url'), vault.create_secret('sb_secret_pg-cron-test-key', 'queue_functions_key')`);
    await db.query(`insert into public.contact_messages (name, email, subject, phone, message, page)
                    values ('Li Wei', 'cron@example.com', 'Hello', '+234 800 000 0002', 'A question', '/contact')`);
    // The insert's own call is not the sweep's: only what the job asks for counts.
    await db.query('delete from net.http_request_queue');
    const { rows: job } = await db.query<{ jobid: number }>(`select jobid from cron.job where jobname = 'sweep-queues'`);
    // pg_cron runs a job at the start of each minute: at most a minute away.
    await expect
      .poll(async () => (await db.query(`select status, return_message from cron.job_run_details where jobid = $1 and status <> 'running'`, [job[0]!.jobid])).rows[0], {
        timeout: 90_000,
        interval: 1_000,
      })
      .toMatchObject({ status: 'succeeded' });
    expect((await db.query(`select url from net.http_request_queue`)).rows).toEqual([{ url: 'https://abcd.supabase.co/functions/v1/send-notifications' }]);
  }, 120_000);
});
