// The embedded backend's stand-ins for pg_net and pg_cron do what the extensions do outside SQL
// (supabase/local/net/worker.ts, supabase/local/cron/scheduler.ts): a request queued by
// net.http_post is sent after its transaction commits and never after a rollback, its answer (or
// its timeout) recorded in net._http_response (like pg_net, a batch at a time with a second's
// pause between batches, so the waits here are generous); a cron job runs on its schedule as its
// user and each run is recorded in cron.job_run_details, a failure with its message.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isDue } from '../../supabase/local/cron/scheduler.ts';
import { localOnlyTest, startBackend, type TestBackend } from './support.ts';

let backend: TestBackend;
let target: Server;
let targetUrl: string;
const received: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  backend = await startBackend();
  target = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      // /slow never answers: the request's timeout ends it.
      if (req.url?.startsWith('/slow')) return;
      res.writeHead(202, { 'content-type': 'application/json' }).end('{"done":true}');
    });
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await backend?.close();
  target?.closeAllConnections();
  await new Promise((resolve) => target?.close(resolve));
});

describe('pg_net', () => {
  localOnlyTest('a request is sent once its transaction commits, and its answer recorded', async () => {
    const { rows } = await backend.db.transaction(async (tx) => {
      const queued = await tx.query<{ id: number }>(`select net.http_post($1, '{"hello":"world"}'::jsonb, '{"q":"a b"}'::jsonb, '{"Authorization":"Bearer k"}'::jsonb) as id`, [`${targetUrl}/hook`]);
      // Not before the commit: the worker only sees committed requests.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received.filter((r) => r.url.startsWith('/hook'))).toEqual([]);
      return queued;
    });
    await expect.poll(() => received.filter((r) => r.url.startsWith('/hook')).length, { timeout: 10_000 }).toBe(1);
    const [request] = received.filter((r) => r.url.startsWith('/hook'));
    expect(request).toMatchObject({ method: 'POST', url: '/hook?q=a%20b', body: '{"hello": "world"}' });
    expect(request!.headers).toMatchObject({ authorization: 'Bearer k', 'content-type': 'application/json' });
    await expect
      .poll(async () => (await backend.db.query(`select status_code, content, timed_out, error_msg from net._http_response where id = $1`, [rows[0]!.id])).rows, { timeout: 10_000 })
      .toEqual([{ status_code: 202, content: '{"done":true}', timed_out: false, error_msg: null }]);
    expect((await backend.db.query(`select count(*)::int as n from net.http_request_queue`)).rows).toEqual([{ n: 0 }]);
  });

  localOnlyTest('a rolled-back request is never sent', async () => {
    await expect(
      backend.db.transaction(async (tx) => {
        await tx.query(`select net.http_post($1)`, [`${targetUrl}/rolled-back`]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A request queued after it is sent: by then the rolled-back one would have been too.
    await backend.db.query(`select net.http_get($1)`, [`${targetUrl}/after`]);
    await expect.poll(() => received.some((r) => r.url === '/after'), { timeout: 10_000 }).toBe(true);
    expect(received.filter((r) => r.url === '/rolled-back')).toEqual([]);
  });

  localOnlyTest('a request that outlives its timeout is recorded as timed out', async () => {
    const { rows } = await backend.db.query<{ id: number }>(`select net.http_post($1, timeout_milliseconds => 200) as id`, [`${targetUrl}/slow`]);
    await expect
      .poll(async () => (await backend.db.query(`select status_code, timed_out, error_msg from net._http_response where id = $1`, [rows[0]!.id])).rows[0], { timeout: 10_000 })
      .toMatchObject({ status_code: null, timed_out: true, error_msg: expect.stringMatching(/^Timeout of 200 ms reached/) });
  });
});

describe('pg_cron', () => {
  localOnlyTest('a job runs on its schedule as its user, and each run is recorded; a failing one with its error', async () => {
    await backend.db.query(`create table public.cron_ticks (at timestamptz not null default now(), by text not null default current_user)`);
    try {
      await backend.db.query(`select cron.schedule('tick', '1 seconds', 'insert into public.cron_ticks default values')`);
      await backend.db.query(`select cron.schedule('broken', '1 seconds', 'select 1 / 0')`);
      await expect.poll(async () => (await backend.db.query<{ n: number }>(`select count(*)::int as n from public.cron_ticks`)).rows[0]!.n, { timeout: 10_000 }).toBeGreaterThan(0);
      // Only this test's jobs: the project's own (the minute's sweep) may run meanwhile.
      await expect
        .poll(async () => (await backend.db.query(`select distinct j.jobname, d.status, d.return_message from cron.job_run_details d join cron.job j using (jobid) where d.status <> 'running' and j.jobname in ('tick', 'broken') order by 1`)).rows, { timeout: 10_000 })
        .toEqual([
          { jobname: 'broken', status: 'failed', return_message: 'division by zero' },
          { jobname: 'tick', status: 'succeeded', return_message: '1 row' },
        ]);
      expect((await backend.db.query(`select distinct by from public.cron_ticks`)).rows).toEqual([{ by: 'postgres' }]);
    } finally {
      await backend.db.query(`select cron.unschedule('tick'), cron.unschedule('broken')`);
      await backend.db.query(`drop table public.cron_ticks`);
    }
  });

  test('schedules: five cron fields in UTC, or every N seconds', () => {
    const at = (time: string) => new Date(`2026-11-25T${time}Z`);
    expect(isDue('* * * * *', at('10:00:59.5'), at('10:01:00.2'))).toBe(true);
    expect(isDue('* * * * *', at('10:01:00.2'), at('10:01:00.9'))).toBe(false);
    expect(isDue('*/5 * * * *', at('10:00:59.5'), at('10:01:00.2'))).toBe(false);
    expect(isDue('0 12 * * *', at('11:59:59.9'), at('12:00:00.1'))).toBe(true);
    expect(isDue('10 seconds', at('10:00:09.9'), at('10:00:10.1'))).toBe(true);
    expect(isDue('10 seconds', at('10:00:10.1'), at('10:00:11.1'))).toBe(false);
  });
});
