// The notification figures of `npm run bench:api`, on a fresh PGlite database of their own:
// - public form submissions per second with the notification triggers off (before issue 17) and
//   on (after), on the same database and machine, alternated;
// - the worker's throughput over 1,000 queued notifications;
// - the time from a stored booking to its confirmation in the outbox (worker polling as npm start runs it).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../../supabase/local/config.ts';
import { openDb } from '../../../supabase/local/db/open.ts';
import { startBackendProcess, type BackendProcess } from '../../support/backend-process.ts';

export interface NotificationFigures {
  insertsPerSecondBefore: number;
  insertsPerSecondAfter: number;
  /** (after − before) / before, in percent: negative is slower. */
  changePercent: number;
  throughput: { notifications: number; seconds: number; perSecond: number };
  latency: { n: number; p50: number; p95: number };
}

type Measure = (count: number, concurrency: number, request: (i: number) => Promise<Response>) => Promise<{ perSecond: number; failures: number }>;

/** The follow-up triggers that queue a booking's notifications (supabase/migrations/20261122000500_follow_up.sql). */
const BOOKING_TRIGGER = 'bookings_follow_up';

function booking(n: number, tag: string) {
  const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  return { full_name: `${tag} ${n}`, phone: '+234 800 000 0000', email: `${tag.toLowerCase()}.${n}@bench.example`, country: 'Nigeria', date, time: '10:00' };
}

function restHeaders(key: string, extra: Record<string, string> = {}) {
  return { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', ...extra };
}

/** Starts the worker against backend (as npm start does: its catcher, default poll interval). */
function startWorker(backend: BackendProcess): ChildProcess {
  return spawn(process.execPath, [join(PROJECT_ROOT, 'workers/main.ts')], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, SUPABASE_URL: backend.url, SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey, SMTP_HOST: '', SMTP_CATCHER_PORT: String(backend.smtpPort) },
    stdio: 'ignore',
  });
}

async function stopWorker(worker: ChildProcess): Promise<void> {
  worker.kill('SIGTERM');
  if (worker.exitCode === null) await once(worker, 'exit');
}

/** Rows of the queue not yet handled (queued or sending), counted with the service key. */
async function pending(backend: BackendProcess): Promise<number> {
  const res = await fetch(`${backend.url}/rest/v1/notifications?select=id&status=in.(queued,sending)&limit=1`, { headers: restHeaders(backend.serviceRoleKey, { prefer: 'count=exact' }) });
  return Number(res.headers.get('content-range')?.split('/')[1] ?? NaN);
}

async function untilEmpty(backend: BackendProcess): Promise<void> {
  while ((await pending(backend)) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Runs the three measurements on a database of their own in dataDir. */
export async function measureNotifications(dataDir: string, env: Record<string, string>, measure: Measure, inserts: number, concurrency: number): Promise<NotificationFigures> {
  const backendEnv = { ...env, PGLITE_DATA_DIR: dataDir, DATABASE_URL: '' };
  const setTrigger = async (enabled: boolean) => {
    const db = await openDb({ dataDir });
    try {
      await db.query(`alter table public.bookings ${enabled ? 'enable' : 'disable'} trigger ${BOOKING_TRIGGER}`);
    } finally {
      await db.close();
    }
  };
  const insertRate = async (tag: string) => {
    const backend = await startBackendProcess(backendEnv);
    try {
      const run = await measure(inserts, concurrency, (i) =>
        fetch(`${backend.url}/rest/v1/bookings`, { method: 'POST', headers: restHeaders(backend.anonKey), body: JSON.stringify(booking(i, tag)) }),
      );
      return run.perSecond;
    } finally {
      await backend.stop();
    }
  };

  // Before and after, twice each in turn, so a change in the machine's load hits both alike.
  // The first start creates and seeds the database.
  await (await startBackendProcess(backendEnv)).stop();
  const before: number[] = [];
  const after: number[] = [];
  for (const round of [1, 2]) {
    await setTrigger(false);
    before.push(await insertRate(`Before${round}x${Date.now()}`));
    await setTrigger(true);
    after.push(await insertRate(`After${round}x${Date.now()}`));
  }
  const best = (xs: number[]) => Math.max(...xs);

  // Throughput: 1,000 notifications queued in the database at once, then one worker sends them all.
  const db = await openDb({ dataDir });
  await db.query(`delete from public.notifications`);
  await db.query(
    `insert into public.contact_messages (name, email, subject, phone, message, page)
     select 'Bench ' || n, 'bench' || n || '.' || $1 || '@bench.example', 'Question', '+234 800 000 0000', 'Hello', '/contact'
       from generate_series(1, 1000) as n`,
    [Date.now().toString(36)],
  );
  await db.close();
  const backend = await startBackendProcess(backendEnv);
  const worker = startWorker(backend);
  try {
    const started = performance.now();
    await untilEmpty(backend);
    const seconds = (performance.now() - started) / 1000;

    // Latency: one booking at a time, from its 201 (stored and committed) to its confirmation in the outbox.
    const latencies: number[] = [];
    const tag = `Latency${Date.now()}`;
    for (let i = 0; i < 50; i++) {
      const row = booking(i, tag);
      const stored = performance.now();
      const res = await fetch(`${backend.url}/rest/v1/bookings`, { method: 'POST', headers: restHeaders(backend.anonKey), body: JSON.stringify(row) });
      if (res.status !== 201) throw new Error(`booking answered ${res.status}`);
      for (;;) {
        const mail = (await (await fetch(`${backend.url}/mail.json?to=${encodeURIComponent(row.email)}`)).json()) as { messages: unknown[] };
        if (mail.messages.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      latencies.push(performance.now() - stored);
    }
    latencies.sort((a, b) => a - b);
    const q = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!);
    return {
      insertsPerSecondBefore: best(before),
      insertsPerSecondAfter: best(after),
      changePercent: Math.round(((best(after) - best(before)) / best(before)) * 1000) / 10,
      throughput: { notifications: 1000, seconds: Math.round(seconds * 10) / 10, perSecond: Math.round(1000 / seconds) },
      latency: { n: latencies.length, p50: q(0.5), p95: q(0.95) },
    };
  } finally {
    await stopWorker(worker);
    await backend.stop();
  }
}
