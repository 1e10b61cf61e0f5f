// The daily rebuild (20261128000100_site_rebuild.sql): a Supabase Cron job at 23:05 UTC, which is
// 00:05 in Lagos, POSTs to the CDN's build hook whose URL Vault holds, so news scheduled for the
// new day is published. Here the job's own command runs as Cron would run it, and the embedded
// backend's pg_net worker (supabase/local/net/worker.ts) sends its request to a stand-in hook
// server. Without the URL in Vault the job sends nothing and does not fail. No API role may call it.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Cron } from 'croner';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startNetWorker } from '../../supabase/local/net/worker.ts';
import { consultancyNow } from '../../common/domain.ts';
import { DENIED, anon, attemptAs, createUser, openTestDb, service, signedIn, type TestDb } from './support.ts';

let db: TestDb;
let hook: Server;
let hookUrl: string;
const received: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  db = await openTestDb();
  hook = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      // Netlify answers a build hook with 200 and an empty body once the build is queued.
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/build_hooks/5f0c1a2b3c4d5e6f7a8b9c0d`;
});
afterAll(async () => {
  await db?.close();
  hook?.closeAllConnections();
  await new Promise((resolve) => hook?.close(resolve));
});

beforeEach(async () => {
  await db.query('delete from net.http_request_queue');
  await db.query(`delete from vault.secrets where name = 'site_build_hook_url'`);
  received.length = 0;
});

interface Job {
  schedule: string;
  command: string;
  username: string;
  active: boolean;
}

async function job(): Promise<Job> {
  const { rows } = await db.query<Job>(`select schedule, command, username, active from cron.job where jobname = 'rebuild-site-daily'`);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** Runs the job's command as pg_cron does: its own transaction, as the job's user. */
async function runJob(): Promise<unknown> {
  const { command, username } = await job();
  const { rows } = await db.transaction(async (tx) => {
    await tx.query(`select set_config('role', $1, true)`, [username]);
    return tx.query<{ rebuild_site: unknown }>(command);
  });
  return rows[0]!.rebuild_site;
}

describe('the daily rebuild', () => {
  it('is a Supabase Cron job at 23:05 UTC, which is five past midnight in Lagos, every day', async () => {
    expect(await job()).toMatchObject({ schedule: '5 23 * * *', command: 'select private.rebuild_site()', active: true });
    // pg_cron reads schedules in UTC; the next runs after a winter and a summer day, read in Lagos.
    for (const after of ['2026-01-15T12:00:00Z', '2026-07-15T12:00:00Z']) {
      const next = new Cron('5 23 * * *', { paused: true, timezone: 'UTC', legacyMode: true }).nextRun(new Date(after))!;
      expect(consultancyNow(next)).toEqual({ date: after.slice(0, 8) + '16', time: '00:05' });
    }
  });

  it('with the hook URL in Vault, POSTs to it once, and pg_net sends it', async () => {
    await db.query(`select vault.create_secret($1, 'site_build_hook_url')`, [hookUrl]);
    expect(await runJob()).toEqual(expect.any(Number));
    const { rows } = await db.query('select method, url, headers, timeout_milliseconds from net.http_request_queue');
    expect(rows).toEqual([{ method: 'POST', url: hookUrl, headers: { 'Content-Type': 'application/json' }, timeout_milliseconds: 10000 }]);

    const worker = await startNetWorker(db);
    try {
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
      await worker.settled();
    } finally {
      await worker.stop();
    }
    expect(received[0]).toMatchObject({ method: 'POST', url: '/build_hooks/5f0c1a2b3c4d5e6f7a8b9c0d', body: '{}' });
    expect(received[0]!.headers['content-type']).toBe('application/json');
    const { rows: answers } = await db.query('select status_code, timed_out, error_msg from net._http_response');
    expect(answers).toContainEqual({ status_code: 200, timed_out: false, error_msg: null });
  });

  it('without the hook URL in Vault, sends nothing and succeeds (a warning says why)', async () => {
    expect(await runJob()).toBeNull();
    await db.query(`select vault.create_secret('', 'site_build_hook_url')`);
    expect(await runJob()).toBeNull();
    expect((await db.query('select 1 from net.http_request_queue')).rows).toEqual([]);
  });

  it('no API role may start a build', async () => {
    const user = signedIn('user', await createUser(db, 'rebuild@example.com'));
    for (const actor of [anon, user, service]) {
      expect(await attemptAs(db, actor, 'select private.rebuild_site()'), actor.label).toMatchObject({ ok: false, code: DENIED });
    }
  });
});
