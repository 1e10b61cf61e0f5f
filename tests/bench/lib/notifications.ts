// The notification figures of `npm run bench:api`, on a fresh PGlite database of their own, with
// the backend as npm start runs it (the database calls send-notifications, in Deno):
// - booking inserts per second with the notification triggers off (as before the outbox) and on
//   (queueing the two emails and, once per transaction, the pg_net call to the function), on the
//   same database and machine, in alternating rounds, compared by their medians; beside them the
//   backend's CPU time per insert, which other processes on a busy machine disturb far less than
//   throughput. These rounds measure the database's side, as on hosted, where the functions run
//   elsewhere: the calls go to a sink in this process that answers at once (the project's address,
//   API_EXTERNAL_URL, which the backend writes into Vault, is the sink's), not to the functions;
// - throughput: 1,000 notifications queued by one statement, sent by the calls the database makes;
// - the time from a stored booking to its confirmation in the mailbox.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDb } from '../../../supabase/local/db/open.ts';
import { startBackendProcess, type BackendProcess } from '../../support/backend-process.ts';
import { median } from './median.ts';
import { nthOpenSlot } from '../../support/open-slots.ts';
import { roomForBenchBookings } from './slots.ts';

export interface NotificationFigures {
  /** Each round, in the order run, with the triggers off (before) and on (after). */
  rounds: { before: InsertRound[]; after: InsertRound[] };
  /** Calls the database made per booking insert in the rounds with the triggers on. */
  callsPerInsert: number;
  /**
   * The database's own CPU per booking insert (PGlite in this process, no HTTP: what hosted's
   * database pays, where pg_net's worker is native), medians of alternating rounds: queueing the
   * two emails alone, and queueing them with the call to send-notifications.
   */
  databaseMicrosPerInsert: { queueing: number; queueingAndCall: number };
  /** The medians of those rounds' inserts per second. */
  insertsPerSecondBefore: number;
  insertsPerSecondAfter: number;
  /** (after − before) / before of the medians, in percent: negative is slower. */
  changePercent: number;
  /** The medians of the rounds' backend CPU time per insert, and (after − before) / before in percent: positive costs more. */
  cpu: { microsPerInsertBefore: number; microsPerInsertAfter: number; changePercent: number };
  throughput: { notifications: number; seconds: number; perSecond: number };
  latency: { n: number; p50: number; p95: number };
}

/** One round of booking inserts on a freshly started backend. */
interface InsertRound {
  perSecond: number;
  /** Inserts that did not answer 201: a round with any is disturbed, and its figures say less. */
  failures: number;
  /** The backend process's CPU time (user and system, all threads) over the round, per insert. */
  cpuMicrosPerInsert: number;
}

type Measure = (count: number, concurrency: number, request: (i: number) => Promise<Response>) => Promise<{ perSecond: number; failures: number }>;

/** The trigger that queues a booking's notifications (supabase/migrations/20261122000720_bookings.sql). */
const BOOKING_TRIGGER = 'bookings_submitted';

function booking(n: number, tag: string) {
  return { full_name: `${tag} ${n}`, phone: '+234 800 000 0000', email: `${tag.toLowerCase()}.${n}@bench.example`, country: 'Nigeria', ...nthOpenSlot(n) };
}

function restHeaders(key: string, extra: Record<string, string> = {}) {
  return { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', ...extra };
}

/** Rows of the queue not yet handled (queued or sending), counted with the service key. */
export async function pending(backend: BackendProcess): Promise<number> {
  const res = await fetch(`${backend.url}/rest/v1/notifications?select=id&status=in.(queued,sending)&limit=1`, { headers: restHeaders(backend.serviceRoleKey, { prefer: 'count=exact' }) });
  return Number(res.headers.get('content-range')?.split('/')[1] ?? NaN);
}

/**
 * CPU time a process has used so far, user and system, in microseconds (Linux /proc, in USER_HZ
 * ticks: 100 a second). Elsewhere NaN, so the figure prints as NaN and the rest of the bench runs.
 */
async function cpuMicros(pid: number): Promise<number> {
  if (process.platform !== 'linux') return NaN;
  // The command name, field 2, is in parentheses and may hold spaces; utime and stime are fields 14 and 15.
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ').at(-1)!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** A port free now. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** (after − before) / before, in percent to one decimal. */
export const percentChange = (before: number, after: number) => Math.round(((after - before) / before) * 1000) / 10;

async function untilEmpty(backend: BackendProcess): Promise<void> {
  while ((await pending(backend)) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * The database's CPU per booking insert, in this process, with the call trigger off and on (medians
 * of `rounds` alternating rounds): in memory, or on a new database at `dataDir` (the smoke run's,
 * which spares it a second migration).
 */
async function databaseCost(rounds: number, inserts: number, dataDir = 'memory://'): Promise<{ queueing: number; queueingAndCall: number }> {
  const db = await openDb({ dataDir });
  try {
    // A database a backend has started on holds the backend's own: the calls here go nowhere.
    await db.query(`delete from vault.secrets where name in ('project_url', 'queue_functions_key')`);
    await db.query(`select vault.create_secret('http://127.0.0.1:9', 'project_url'), vault.create_secret('bench-key', 'queue_functions_key')`);
    const tag = `Db${Date.now()}`;
    let n = 0;
    const round = async (call: boolean) => {
      await db.query(`alter table public.notifications ${call ? 'enable' : 'disable'} trigger notifications_call_sender`);
      const started = process.cpuUsage();
      for (let i = 0; i < inserts; i++) {
        const row = booking(n++, tag);
        await db.transaction(async (tx) => {
          await tx.query(`select set_config('role', 'anon', true)`);
          await tx.query(`insert into public.bookings (full_name, phone, email, country, date, time) values ($1, $2, $3, $4, $5, $6)`, [row.full_name, row.phone, row.email, row.country, row.date, row.time]);
        });
      }
      const used = process.cpuUsage(started);
      await db.query('delete from net.http_request_queue');
      return Math.round((used.user + used.system) / inserts);
    };
    const off: number[] = [];
    const on: number[] = [];
    for (let r = 1; r <= rounds; r++) for (const call of r % 2 ? [false, true] : [true, false]) (call ? on : off).push(await round(call));
    return { queueing: median(off), queueingAndCall: median(on) };
  } finally {
    await db.close();
  }
}

/**
 * Runs the three measurements on a new database of their own at dataDir
 * (tests/bench/lib/fresh-database.ts): the trigger's cost over
 * `rounds` rounds off and on, the sending of `queued` notifications queued by one statement
 * (1,000 at the benchmark's defaults) and `latencyBookings` bookings' emails (50).
 */
export async function measureNotifications(dataDir: string, env: Record<string, string>, measure: Measure, inserts: number, concurrency: number, rounds: number, queued = 1000, latencyBookings = 50, costDataDir?: string): Promise<NotificationFigures> {
  const backendEnv = { ...env, PGLITE_DATA_DIR: dataDir, DATABASE_URL: '' };
  const setTrigger = async (enabled: boolean) => {
    const db = await openDb({ dataDir });
    try {
      await db.query(`alter table public.bookings ${enabled ? 'enable' : 'disable'} trigger ${BOOKING_TRIGGER}`);
      await roomForBenchBookings(db);
    } finally {
      await db.close();
    }
  };
  // Where the insert rounds' calls go: an answer at once, as a function elsewhere would give.
  let calls = 0;
  const sink = createServer((req, res) => {
    calls += 1;
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"claimed":0}'));
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;
  const insertRound = async (tag: string): Promise<InsertRound> => {
    // A port of its own: on port 0 the backend would take its own address as the project's.
    const backend = await startBackendProcess({ ...backendEnv, API_EXTERNAL_URL: sinkUrl, BACKEND_PORT: String(await freePort()) });
    try {
      const cpuBefore = await cpuMicros(backend.pid);
      const run = await measure(inserts, concurrency, (i) =>
        fetch(`${backend.url}/rest/v1/bookings`, { method: 'POST', headers: restHeaders(backend.anonKey), body: JSON.stringify(booking(i, tag)) }),
      );
      return { perSecond: run.perSecond, failures: run.failures, cpuMicrosPerInsert: Math.round(((await cpuMicros(backend.pid)) - cpuBefore) / inserts) };
    } finally {
      await backend.stop();
    }
  };

  // Before and after in turn, several rounds each, so a change in the machine's load hits both
  // alike; the medians leave out a round that another process disturbed. The order flips every
  // round (off on, on off, ...), so neither side always runs first, on the smaller tables. Each
  // round starts its own backend, as npm start does, so both pay the same warm-up.
  const before: InsertRound[] = [];
  const after: InsertRound[] = [];
  let callsOn = 0;
  for (let round = 1; round <= rounds; round++) {
    for (const enabled of round % 2 ? [false, true] : [true, false]) {
      await setTrigger(enabled);
      const callsBefore = calls;
      (enabled ? after : before).push(await insertRound(`${enabled ? 'After' : 'Before'}${round}x${Date.now()}`));
      if (enabled) callsOn += calls - callsBefore;
    }
  }
  sink.close();
  const rate = (xs: InsertRound[]) => median(xs.map((x) => x.perSecond));
  const cpu = (xs: InsertRound[]) => median(xs.map((x) => x.cpuMicrosPerInsert));

  // Throughput: 1,000 notifications queued by one statement (a bulk insert of contact messages
  // through the API), sent by the calls the database makes, measured until none is left.
  const db = await openDb({ dataDir });
  await db.query(`delete from public.notifications`);
  await db.close();
  const backend = await startBackendProcess(backendEnv);
  try {
    const tag = Date.now().toString(36);
    const messages = Array.from({ length: queued }, (_, n) => ({ name: `Bench ${n}`, email: `bench${n}.${tag}@bench.example`, subject: 'Question', phone: '+234 800 000 0000', message: 'Hello', page: '/contact' }));
    const started = performance.now();
    const bulk = await fetch(`${backend.url}/rest/v1/contact_messages`, { method: 'POST', headers: restHeaders(backend.serviceRoleKey), body: JSON.stringify(messages) });
    if (bulk.status !== 201) throw new Error(`the bulk insert answered ${bulk.status}`);
    await untilEmpty(backend);
    const seconds = (performance.now() - started) / 1000;

    // Latency: one booking at a time, from its 201 (stored and committed) to its confirmation in the mailbox.
    const latencies: number[] = [];
    const latencyTag = `Latency${Date.now()}`;
    for (let i = 0; i < latencyBookings; i++) {
      const row = booking(i, latencyTag);
      const stored = performance.now();
      const res = await fetch(`${backend.url}/rest/v1/bookings`, { method: 'POST', headers: restHeaders(backend.anonKey), body: JSON.stringify(row) });
      if (res.status !== 201) throw new Error(`booking answered ${res.status}: ${await res.text()}`);
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
      rounds: { before, after },
      callsPerInsert: Math.round((callsOn / (rounds * inserts)) * 100) / 100,
      databaseMicrosPerInsert: await databaseCost(rounds, Math.min(inserts, 1000), costDataDir),
      insertsPerSecondBefore: rate(before),
      insertsPerSecondAfter: rate(after),
      changePercent: percentChange(rate(before), rate(after)),
      cpu: { microsPerInsertBefore: cpu(before), microsPerInsertAfter: cpu(after), changePercent: percentChange(cpu(before), cpu(after)) },
      throughput: { notifications: queued, seconds: Math.round(seconds * 10) / 10, perSecond: Math.round(queued / seconds) },
      latency: { n: latencies.length, p50: q(0.5), p95: q(0.95) },
    };
  } finally {
    await backend.stop();
  }
}
