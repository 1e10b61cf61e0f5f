// `npm run bench:api`: figures for the local backend, run as `npm start` runs it (a child process
// on PGlite data on disk). Prints p50/p95 latency and throughput for an anonymous booking insert,
// a signed-in application insert and an admin's 50-row page with an exact count over 100,000
// applications; the start time with that data; a cheap read's latency during a burst of 100
// wrong-password logins; whether signup and password recovery answer a known address as fast as
// an unknown one (medians and Welch's t); whether 200 concurrent submissions leave exactly 200
// rows; how many acknowledged rows survive `kill -9` (PGlite, and PostgreSQL when DATABASE_URL
// is set); Storage's 10 MB upload and download throughput and the backend's memory during 10
// concurrent 10 MB uploads (tests/bench/lib/storage-throughput.ts); the daily retention sweep over
// the 100,000 applications (tests/bench/lib/retention-sweep.ts); and the notification figures
// (tests/bench/lib/notifications.ts). A benchmark, not a test: it reports, it does not fail on a goal.
// `--notifications-only` runs the notification figures alone (a minute or two instead of the
// whole run), for work on the queueing triggers. `--smoke` runs every setup and case once at a
// small scale (tests/bench/lib/scale.ts), as the test suite does. Every case but those about
// refusals must have no failed request: the run ends non-zero when one had any, since its
// figures would then measure the refusals, not what the case is named for.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../supabase/local/config.ts';
import { openDb, type OpenDbOptions } from '../../supabase/local/db/open.ts';
import { apiKeys } from '../../supabase/local/jwt.ts';
import { backendReport, lastBackend, startBackendProcess, type BackendProcess } from '../support/backend-process.ts';
import { measureAdminDashboard, seedAdminLists } from './lib/admin-dashboard.ts';
import { concurrentFormSubmissions } from './lib/form-load.ts';
import { measureSlots, roomForBenchBookings } from './lib/slots.ts';
import { nthOpenSlot } from '../support/open-slots.ts';
import { enumerationTiming } from './lib/enumeration-timing.ts';
import { benchApplications, measureStorage } from './lib/storage-throughput.ts';
import { measureRetentionSweep } from './lib/retention-sweep.ts';
import { measureNotifications, pending, percentChange } from './lib/notifications.ts';
import { SCALE, SMOKE } from './lib/scale.ts';
import { keyFilters } from '../../src/lib/admin/list-queries.ts';
import type { PageKey } from '../../src/lib/admin/list-view.ts';
import { freshDatabases } from './lib/fresh-database.ts';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../common/database.types.ts';
import { signInWithCode } from '../support/totp.ts';

const APPLICATIONS = SCALE.applications;
const INSERTS = SCALE.inserts;
const CONCURRENCY = SCALE.concurrency;
const PAGES = SCALE.pages;
const TRIGGER_ROUNDS = SCALE.triggerRounds;
const notificationsOnly = process.argv.slice(2).includes('--notifications-only');
// `--slots-only` runs the booking slots' figures alone (tests/bench/lib/slots.ts).
const slotsOnly = process.argv.slice(2).includes('--slots-only');
// `--retention-only` runs the first start, the import and the retention sweep's figures alone.
const retentionOnly = process.argv.slice(2).includes('--retention-only');
const keys = await apiKeys();
const results: Record<string, unknown> = {};

// ---------------------------------------------------------------------------------------------
// Backend process
// ---------------------------------------------------------------------------------------------

/**
 * The backend as `npm start` runs it; every new address may submit as often as the run needs, and
 * the auth rate limits are raised because every sign-in comes from 127.0.0.1.
 */
function startBackend(env: Record<string, string>): Promise<BackendProcess> {
  return startBackendProcess({ SMTP_MAX_FREQUENCY: '0', ...RAISED_AUTH_LIMITS, ...env });
}

const RAISED_AUTH_LIMITS = {
  AUTH_RATE_LIMIT_EMAIL_SENT: '100000',
  AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000',
  AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '100000',
  AUTH_RATE_LIMIT_TOKEN_REFRESH: '100000',
  AUTH_RATE_LIMIT_MFA_CHALLENGE_AND_VERIFY: '100000',
  // The login burst's 100 wrong passwords must all reach bcrypt, not stop at the failure limit.
  AUTH_RATE_LIMIT_SIGN_IN_FAILURES_PER_CLIENT: '100000',
  AUTH_RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT: '100000',
};

// ---------------------------------------------------------------------------------------------
// HTTP helpers (the headers supabase-js sends)
// ---------------------------------------------------------------------------------------------

function headers(token: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    apikey: keys.anonKey,
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    'x-client-info': 'supabase-js-bench',
    ...extra,
  };
}

/** The parts of a GoTrue answer the benchmark reads. */
interface AuthAnswer {
  access_token: string;
  user: { id: string };
}

async function auth(url: string, path: string, body: unknown): Promise<AuthAnswer> {
  const res = await fetch(`${url}/auth/v1/${path}`, { method: 'POST', headers: headers(keys.anonKey, { 'x-supabase-api-version': '2024-01-01' }), body: JSON.stringify(body) });
  const json = (await res.json()) as AuthAnswer;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Signs up, confirms with the emailed link's token (as /verify does: verifyOtp) and signs in; returns the access token. */
async function confirmedUser(url: string, email: string, password: string, data: Record<string, unknown>): Promise<{ token: string; id: string }> {
  await auth(url, 'signup', { email, password, data });
  const mail = (await (await fetch(`${url}/mail.json?to=${encodeURIComponent(email)}`)).json()) as { messages: { links: string[] }[] };
  const link = new URL(mail.messages.at(-1)!.links[0]!);
  await auth(url, 'verify', { token_hash: link.searchParams.get('token_hash'), type: link.searchParams.get('type') });
  const session = await auth(url, 'token?grant_type=password', { email, password });
  return { token: session.access_token, id: session.user.id };
}

function booking(n: number, tag: string) {
  // The spam limit allows five submissions per address per hour, so each insert has its own; and
  // each its slot in turn (roomForBenchBookings: the run stores more bookings than the calendar holds).
  return { full_name: `${tag} ${n}`, phone: '+234 800 000 0000', email: `${tag.toLowerCase()}.${n}.${Date.now()}@bench.example`, country: 'Nigeria', ...nthOpenSlot(n) };
}

function application(n: number, tag: string) {
  return {
    visa_type: 'Tourist Visa', name: `${tag} ${n}`, email: `applicant${n}@bench.example`, phone: '+234 800 000 0000', dob: '1990-01-01',
    nationality: 'Nigerian', passport_number: `A${n}`, marital_status: 'Single', address: '1 Bench Street, Lagos',
  };
}

// ---------------------------------------------------------------------------------------------
// Measuring
// ---------------------------------------------------------------------------------------------

/** Writes the figures to bench-results/`file`, with the load the machine was under. */
async function writeResults(file: string): Promise<void> {
  const out = join(PROJECT_ROOT, 'bench-results');
  await mkdir(out, { recursive: true });
  report('load average at the end', loadavg().map((l) => l.toFixed(1)).join(' '));
  await writeFile(join(out, file), JSON.stringify({ date: new Date().toISOString(), cpus: cpus().length, loadAverage: loadavg(), applications: APPLICATIONS, concurrency: CONCURRENCY, ...results }, null, 2));
  console.log(`\nFigures written to bench-results/${file}`);
}

/** One measured case: its requests, latency percentiles (ms), throughput and failures (tests/bench/lib/ reads it too). */
export interface Run {
  n: number;
  p50: number;
  p95: number;
  perSecond: number;
  failures: number;
}

/** Runs `count` requests, `concurrency` at a time; records each latency. */
async function measure(count: number, concurrency: number, request: (i: number) => Promise<Response>): Promise<Run> {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const t = performance.now();
      let res: Response;
      try {
        res = await request(i);
        await res.arrayBuffer();
      } catch (error) {
        // A reset or a refused connection is the backend failing, not a slow answer: the run stops
        // here and says so (the catch at the end prints the backend's last output).
        throw new Error(`request ${i + 1} of ${count} got no answer: ${describe(error)}`, { cause: error });
      }
      latencies.push(performance.now() - t);
      if (!res.ok) failures++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
  return { n: count, p50: round(q(0.5)), p95: round(q(0.95)), perSecond: Math.round(count / seconds), failures };
}

const round = (x: number) => Math.round(x * 10) / 10;

/** A fetch failure with its cause (`fetch failed: read ECONNRESET`). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${(error.cause as NodeJS.ErrnoException).code ?? ''} ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

/** The cases that had a request fail that should not have, with how many: printed at the end, and the run fails. */
const unexpected: string[] = [];

/** Notes `failed` unexpected failures of the case `name` (none is the rule: see the head of this file). */
function expectNone(name: string, failed: number): void {
  if (failed > 0) unexpected.push(`${name}: ${failed}`);
}

function report(name: string, value: string, goal?: string, met?: boolean) {
  const mark = met === undefined ? '' : met ? '  [goal met]' : '  [goal MISSED]';
  console.log(`${name.padEnd(52)} ${value}${goal ? `   (goal ${goal})` : ''}${mark}`);
}

// ---------------------------------------------------------------------------------------------
// The admin's applications, 50 a page, newest first
// ---------------------------------------------------------------------------------------------

const APPLICATIONS_ORDER = 'order=submitted_at.desc,id.asc';

/** The key of the row before the page at `offset` (undefined for the first page). */
async function adminPageKey(url: string, token: string, offset: number): Promise<PageKey | undefined> {
  if (offset === 0) return undefined;
  const res = await fetch(`${url}/rest/v1/visa_applications?select=submitted_at,id&${APPLICATIONS_ORDER}&offset=${offset - 1}&limit=1`, { headers: headers(token) });
  const [row] = (await res.json()) as { submitted_at: string; id: string }[];
  if (!row) throw new Error(`no application at offset ${offset - 1}`);
  return { after: true, value: row.submitted_at, id: row.id };
}

/** The page after `key` and, at the same time, the exact count of all rows (HEAD), as the dashboard asks; resolves with the page. */
async function adminPageByKey(url: string, token: string, key: PageKey | undefined): Promise<Response> {
  const filters = key ? keyFilters('submitted_at', false, key) : undefined;
  const where = filters ? `&submitted_at=${filters.range[0]}.${encodeURIComponent(filters.range[1])}&or=(${encodeURIComponent(filters.or)})` : '';
  const [page, count] = await Promise.all([
    fetch(`${url}/rest/v1/visa_applications?select=*${where}&${APPLICATIONS_ORDER}&limit=50`, { headers: headers(token) }),
    fetch(`${url}/rest/v1/visa_applications?select=id`, { method: 'HEAD', headers: headers(token, { prefer: 'count=exact' }) }),
  ]);
  if (!count.ok || !count.headers.get('content-range')?.includes('/')) return count;
  return page;
}

// ---------------------------------------------------------------------------------------------
// Login burst
// ---------------------------------------------------------------------------------------------

/**
 * Sends 100 wrong-password logins for `email` at once and, until they have all been answered,
 * reads the user's own profile row (a cheap REST read) one request after another.
 */
async function loginBurst(url: string, email: string, token: string, userId: string): Promise<{ idle: Run; reads: Run; burstMs: number; statuses: string }> {
  const read = () => fetch(`${url}/rest/v1/profiles?select=id&id=eq.${userId}`, { headers: headers(token) });
  // The same read without the burst, for comparison on a machine whose load varies.
  const idle = await measure(50, 1, read);
  const started = performance.now();
  let done = false;
  const logins = Promise.all(
    Array.from({ length: SCALE.loginBurst }, (_, i) =>
      fetch(`${url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: headers(keys.anonKey, { 'x-supabase-api-version': '2024-01-01' }),
        body: JSON.stringify({ email, password: `wrong-password-${i}` }),
      }).then(
        async (res) => (await res.arrayBuffer(), res.status),
        () => 0,
      ),
    ),
  ).finally(() => (done = true));
  const latencies: number[] = [];
  let failures = 0;
  while (!done) {
    const t = performance.now();
    try {
      const res = await read();
      await res.arrayBuffer();
      if (!res.ok) failures++;
    } catch {
      // A starved server can miss its keep-alive deadline and reset the connection under a request.
      failures++;
    }
    latencies.push(performance.now() - t);
  }
  const statuses = await logins;
  const burstMs = Math.round(performance.now() - started);
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return {
    idle,
    reads: { n: latencies.length, p50: round(q(0.5)), p95: round(q(0.95)), perSecond: Math.round(latencies.length / (burstMs / 1000)), failures },
    burstMs,
    statuses: [...counts].map(([s, n]) => `${n}x ${s}`).join(', '),
  };
}

// ---------------------------------------------------------------------------------------------
// Kill -9 during a stream of inserts
// ---------------------------------------------------------------------------------------------

/** Streams anonymous bookings, kills the backend with SIGKILL, and counts acknowledged rows that survived in the database at `where`. */
async function killNineCheck(env: Record<string, string>, where: OpenDbOptions): Promise<{ acknowledged: number; lost: number }> {
  const backend = await startBackend(env);
  const tag = `Kill${Date.now()}`;
  const acknowledged = new Set<string>();
  let stop = false;
  let n = 0;
  const worker = async () => {
    while (!stop) {
      const row = booking(n++, tag);
      try {
        const res = await fetch(`${backend.url}/rest/v1/bookings`, { method: 'POST', headers: headers(keys.anonKey), body: JSON.stringify(row) });
        if (res.status === 201) acknowledged.add(row.full_name);
      } catch {
        // The connection died with the process: not acknowledged.
      }
    }
  };
  const workers = Array.from({ length: 8 }, worker);
  await new Promise((r) => setTimeout(r, SCALE.killAfterMs));
  await backend.stop('SIGKILL');
  stop = true;
  await Promise.all(workers);
  const present = await bookingsNamed(where, tag);
  const lost = [...acknowledged].filter((name) => !present.has(name)).length;
  return { acknowledged: acknowledged.size, lost };
}

/** Names of the bookings whose name starts with tag, read straight from the database. */
async function bookingsNamed(where: OpenDbOptions, tag: string): Promise<Set<string>> {
  const db = await openDb(where);
  try {
    const res = await db.query<{ full_name: string }>(`select full_name from public.bookings where full_name like $1`, [`${tag}%`]);
    return new Set(res.rows.map((r) => r.full_name));
  } finally {
    await db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

const dir = await mkdtemp(join(tmpdir(), 'api-bench-'));
const dataDir = join(dir, 'pglite');
// Storage's bytes go to disk, as with `npm start`.
const pgliteEnv = { PGLITE_DATA_DIR: dataDir, DATABASE_URL: '', STORAGE_DATA_DIR: join(dir, 'storage') };
// BENCH_DATABASE_URL runs the measured cases on that PostgreSQL database instead of PGlite (use a
// throwaway database: the run adds 100,000 rows). The kill -9 checks always cover PGlite, and
// PostgreSQL too when DATABASE_URL is set.
const benchUrl = process.env.BENCH_DATABASE_URL;
const target = benchUrl
  ? { name: 'PostgreSQL', env: { DATABASE_URL: benchUrl, PGLITE_DATA_DIR: '', STORAGE_DATA_DIR: join(dir, 'storage') }, open: () => openDb({ databaseUrl: benchUrl }) }
  : { name: 'PGlite', env: pgliteEnv, open: () => openDb({ dataDir }) };
// The slots' and the notifications' databases of their own: copies of one first start's.
const fresh = freshDatabases(dir, { ...RAISED_AUTH_LIMITS, STORAGE_DATA_DIR: join(dir, 'storage') });
// Accounts are new on every run, so a reused PostgreSQL database works too.
const runId = Date.now().toString(36);
const adminEmail = `admin.${runId}@bench.example`;
const applicantEmail = `applicant.${runId}@bench.example`;
console.log(
  notificationsOnly
    ? `API benchmark, notification figures only (PGlite); ${INSERTS} inserts per round, ${TRIGGER_ROUNDS} rounds with the triggers off and ${TRIGGER_ROUNDS} on, ${CONCURRENCY} concurrent clients`
    : `API benchmark on ${target.name}${benchUrl ? '' : ` (data in ${dataDir})`}; ${APPLICATIONS} applications, ${INSERTS} inserts per case, ${CONCURRENCY} concurrent clients`,
);
// Figures depend on what else the machine is doing; the load average says how busy it was.
console.log(`${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} at start\n`);

try {
  if (!notificationsOnly && !slotsOnly) {
    // 1. First start (creates the database, applies migrations and, on PGlite, the seed), two accounts.
    let backend = await startBackend(target.env);
    report('first start (new database, migrations, seed)', `${Math.round(backend.startMs)} ms`);
    const admin = await confirmedUser(backend.url, adminEmail, 'bench-admin-password', { full_name: 'Bench Admin' });
    const applicant = await confirmedUser(backend.url, applicantEmail, 'bench-applicant-password', { full_name: 'Bench Applicant' });
    await backend.stop();
    if (!benchUrl) await fresh.adopt(dataDir);

    // 2. 100,000 applications straight into the database, as an operator would import them.
    const seedStart = performance.now();
    const db = await target.open();
    await db.query(`update public.profiles set role = 'admin' where id = $1`, [admin.id]);
    await roomForBenchBookings(db);
    // As an import does it (pg_restore, or seedAdminLists for the other lists), with the triggers
    // off for this transaction: submission triggers would queue 200,000 emails, which the backend
    // would then be sending all through the measured cases (docs/performance.md, "An import's
    // emails"), and the figures would be those of that drain.
    await db.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`);
      await tx.query(
        `insert into public.visa_applications (user_id, visa_type, name, email, phone, dob, nationality, passport_number, marital_status, address, submitted_at)
         select $1, ((array['Tourist Visa','Business Visa','Visa Extension'])[1 + i % 3])::public.visa_type, 'Seeded applicant ' || i, 'seed' || i || '@bench.example',
                '+234 800 000 0000', date '1980-01-01' + (i % 9000), 'Nigerian', 'P' || i, 'Single', 'Seed Street ' || i,
                now() - make_interval(secs => i)
         from generate_series(1, $2::int) as i`,
        [applicant.id, APPLICATIONS],
      );
    });
    // What autovacuum does on a server after a bulk load (PGlite has no autovacuum): statistics
    // for the planner and a visibility map, so the exact count can use an index-only scan.
    await db.query('vacuum analyze public.visa_applications');
    // The admin dashboard's other big lists (tests/bench/lib/admin-dashboard.ts).
    await seedAdminLists(db, APPLICATIONS);
    const documentApplications = await benchApplications(db, applicant.id);
    report(`seeded ${APPLICATIONS} applications (SQL, not timed as API)`, `${Math.round(performance.now() - seedStart)} ms`);

    // 2b. The nightly retention sweep over them, as Cron runs it, rolled back afterwards
    // (tests/bench/lib/retention-sweep.ts).
    const sweep = await measureRetentionSweep(db);
    await db.close();
    const load = loadavg().map((l) => l.toFixed(1)).join(' ');
    results.retentionSweep = { ...sweep, loadAverage: loadavg() };
    const swept = Object.entries(sweep.done).map(([rule, n]) => `${rule} ${n}`).join(', ');
    report(`retention sweep, first run over ${APPLICATIONS} applications`, `${sweep.firstRunMs} ms (load ${load}; ${swept})`);
    report('retention sweep, next day (nothing new to sweep)', `${sweep.nextDayMs} ms`);
    if (retentionOnly) {
      await writeResults('api-retention.json');
      // Nothing else runs: the data goes now (an exit skips the finally below).
      await rm(dir, { recursive: true, force: true });
      process.exit(0);
    }

    // 3. Start with existing data, twice (the first start after the import may pay for what the
    // second finds done: the operating system's file cache, PGlite's own files), with the load
    // beside each, since on a shared machine this figure moves with it.
    results.database = target.name;
    const starts = [];
    for (const nth of ['first', 'second']) {
      if (nth === 'second') await backend.stop();
      const load = loadavg()[0]!.toFixed(1);
      backend = await startBackend(target.env);
      starts.push({ spawnToHealthMs: Math.round(backend.startMs), backendReadyMs: backend.readyMs, databaseMs: backend.databaseMs, loadAverage: Number(load) });
      report(`start with existing data, ${nth}: spawn -> answering`, `${Math.round(backend.startMs)} ms (load ${load})`, '< 2000 ms', backend.startMs < 2000);
      report(`start with existing data, ${nth}: backend's own ready time`, `${backend.readyMs} ms (opening the database: ${backend.databaseMs} ms)`);
    }
    results.startWithData = starts;
    // Staff read at aal2 only: the admin signs in with password and code (enrolling on the first run).
    const adminClient = createClient<Database>(backend.url, keys.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const adminToken = (await signInWithCode(adminClient, adminEmail, 'bench-admin-password')).access_token;
    const userToken = (await auth(backend.url, 'token?grant_type=password', { email: applicantEmail, password: 'bench-applicant-password' })).access_token;

    // 4. Anonymous booking inserts (return=minimal, as the booking form sends).
    const bookings = await measure(INSERTS, CONCURRENCY, (i) =>
      fetch(`${backend.url}/rest/v1/bookings`, { method: 'POST', headers: headers(keys.anonKey), body: JSON.stringify(booking(i, 'Bench')) }),
    );
    results.anonymousBookingInsert = bookings;
    expectNone('anonymous booking insert', bookings.failures);
    report('anonymous booking insert: p50 / p95', `${bookings.p50} / ${bookings.p95} ms`);
    report('anonymous booking insert: throughput', `${bookings.perSecond}/s (${bookings.failures} failed)`, '>= 500/s', bookings.perSecond >= 500 && bookings.failures === 0);

    // 5. Signed-in application inserts.
    const apps = await measure(INSERTS, CONCURRENCY, (i) =>
      fetch(`${backend.url}/rest/v1/visa_applications`, { method: 'POST', headers: headers(userToken), body: JSON.stringify(application(i, 'Bench')) }),
    );
    results.authenticatedApplicationInsert = apps;
    expectNone('authenticated application insert', apps.failures);
    report('authenticated application insert: p50 / p95', `${apps.p50} / ${apps.p95} ms`);
    report('authenticated application insert: throughput', `${apps.perSecond}/s (${apps.failures} failed)`, '>= 500/s', apps.perSecond >= 500 && apps.failures === 0);

    // 5b. The emails those inserts queued (two each) are sent before the admin's pages are timed:
    // otherwise the pages are timed beside the sending of thousands of emails by the same process.
    const queued = await pending(backend);
    const drainStarted = performance.now();
    while ((await pending(backend)) > 0) await new Promise((resolve) => setTimeout(resolve, 250));
    results.insertsEmailsSentMs = Math.round(performance.now() - drainStarted);
    report('emails the inserts queued: waiting, then all sent in', `${queued}, ${results.insertsEmailsSentMs} ms`);

    // 6. The admin's page: 50 rows, newest first, with the exact total. The first page is what the
    // dashboard opens on; pages at random offsets across all 100,000 rows are the worst case.
    const adminPage = async (offset: number) => {
      const res = await fetch(`${backend.url}/rest/v1/visa_applications?select=*&order=submitted_at.desc,id.asc&offset=${offset}&limit=50`, {
        headers: headers(adminToken, { prefer: 'count=exact' }),
      });
      lastCount = res.headers.get('content-range') ?? '';
      return res;
    };
    let lastCount = '';
    const firstPages = await measure(PAGES, 1, () => adminPage(0));
    results.adminFirstPage = { ...firstPages, contentRange: lastCount };
    expectNone('admin first page', firstPages.failures);
    report('admin first 50-row page + exact count: p50 / p95', `${firstPages.p50} / ${firstPages.p95} ms`, 'p95 < 50 ms', firstPages.p95 < 50 && firstPages.failures === 0);
    let seed = 42;
    const nextOffset = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), (seed % Math.floor(APPLICATIONS / 50)) * 50);
    const randomPages = await measure(PAGES, 1, () => adminPage(nextOffset()));
    results.adminRandomPage = { ...randomPages, contentRange: lastCount };
    expectNone('admin random page', randomPages.failures);
    report('admin random 50-row page + exact count: p50 / p95', `${randomPages.p50} / ${randomPages.p95} ms`, 'p95 < 50 ms', randomPages.p95 < 50 && randomPages.failures === 0);
    report('admin page Content-Range (last)', lastCount);
    // The same pages as the dashboard reads them after Next or Previous: by the key of the row
    // before each (read beforehand, not timed), with the exact count beside it in its own request
    // (src/lib/admin/list-queries.ts). A deep page should cost what the first costs.
    seed = 42;
    const pageKeys: (PageKey | undefined)[] = [];
    for (let i = 0; i < PAGES; i++) pageKeys.push(await adminPageKey(backend.url, adminToken, nextOffset()));
    const keyedPages = await measure(PAGES, 1, (i) => adminPageByKey(backend.url, adminToken, pageKeys[i]));
    results.adminRandomPageByKey = keyedPages;
    expectNone('admin random page by key', keyedPages.failures);
    report('admin random 50-row page by key + exact count: p50 / p95', `${keyedPages.p50} / ${keyedPages.p95} ms`, 'p95 < 50 ms', keyedPages.p95 < 50 && keyedPages.failures === 0);

    // 6b. The admin dashboard's first page, next page and searches on each 100,000-row list.
    const dashboard = await measureAdminDashboard(backend.url, headers(adminToken), measure, report, Math.min(PAGES, 100));
    results.adminDashboard = dashboard;
    for (const [name, run] of Object.entries(dashboard)) expectNone(`admin ${name}`, run.failures);

    // 7. A burst of 100 wrong-password logins (a brute-force attempt) while the applicant reads
    // their own profile, one request after another: password hashing must not hold up the server.
    const burst = await loginBurst(backend.url, applicantEmail, userToken, applicant.id);
    results.loginBurst = burst;
    expectNone('REST read, no other load', burst.idle.failures);
    expectNone('REST read during the wrong-password logins', burst.reads.failures);
    report('REST read, own profile, no other load: p50 / p95', `${burst.idle.p50} / ${burst.idle.p95} ms`);
    report(`REST read during ${SCALE.loginBurst} wrong-password logins: p50 / p95`, `${burst.reads.p50} / ${burst.reads.p95} ms (${burst.reads.n} reads, ${burst.reads.failures} failed)`, 'p95 < 50 ms', burst.reads.p95 < 50 && burst.reads.failures === 0);
    report(`${SCALE.loginBurst} wrong-password logins: burst took / answers`, `${burst.burstMs} ms / ${burst.statuses} (0 = connection failed)`);

    // 7c. Signup and password recovery must not tell who has an account by their answer time.
    const timing = await enumerationTiming(backend.url, keys.anonKey, SCALE.enumerationRounds);
    results.enumerationTiming = timing;
    const { signup, recover } = timing;
    report('signup, confirmed / new address: p50', `${signup.p50[0]} / ${signup.p50[1]} ms (${signup.n} each)`);
    report('signup, confirmed minus new: p50, Welch t', `${signup.differenceP50} ms, t = ${signup.t}`, '< 1 ms', Math.abs(signup.differenceP50) < 1);
    report('first recover, known / unknown address: p50', `${recover.p50[0]} / ${recover.p50[1]} ms (${recover.n} each)`);
    report('first recover, known minus unknown: p50, Welch t', `${recover.differenceP50} ms, t = ${recover.t}`, '< 1 ms', Math.abs(recover.differenceP50) < 1);

    // 7d. Storage: a 10 MB document up and down, and memory during 10 concurrent 10 MB uploads (the documents bucket, its policies in the path).
    const storage = await measureStorage(backend.url, keys.anonKey, userToken, applicant.id, documentApplications, backend.pid, SCALE.storageRounds, SCALE.storageConcurrent);
    results.storage = storage;
    expectNone('storage concurrent uploads', storage.concurrentUploads.n - storage.concurrentUploads.ok);
    report('storage 10 MB upload: best / median', `${storage.uploadMBps.best} / ${storage.uploadMBps.median} MB/s`);
    report('storage 10 MB download: best / median', `${storage.downloadMBps.best} / ${storage.downloadMBps.median} MB/s`);
    const c = storage.concurrentUploads;
    report('storage 10 concurrent 10 MB uploads: ok / time', `${c.ok} of ${c.n} / ${c.ms} ms`);
    report('backend RSS before / peak during them', `${c.rssBeforeMb} / ${c.rssPeakMb} MB`, 'peak - before < 100 MB', c.rssPeakMb - c.rssBeforeMb < 100);

    // 8. 200 concurrent submissions leave exactly 200 rows.
    const tag = `Concurrent${Date.now()}`;
    const submissions = SCALE.concurrentSubmissions;
    const statuses = await Promise.all(
      Array.from({ length: submissions }, (_, i) =>
        fetch(`${backend.url}/rest/v1/visa_applications`, { method: 'POST', headers: headers(userToken), body: JSON.stringify(application(i, tag)) }).then((r) => r.status),
      ),
    );
    const counted = await fetch(`${backend.url}/rest/v1/visa_applications?select=id&name=like.${tag}*&limit=1`, { headers: headers(adminToken, { prefer: 'count=exact' }) });
    const rows = Number(counted.headers.get('content-range')?.split('/')[1]);
    const created = statuses.filter((s) => s === 201).length;
    results.concurrent200 = { created, rows };
    report(`${submissions} concurrent submissions: 201 Created / rows stored`, `${created} / ${rows}`, `exactly ${submissions}`, rows === submissions);
    expectNone('concurrent submissions, not created', submissions - created);
    expectNone('concurrent submissions, rows missing', submissions - rows);

    // 7b. The same for each public form, as the site's form islands submit.
    const formLoad = await concurrentFormSubmissions(backend.url, keys, submissions);
    results.formLoad = formLoad;
    for (const f of formLoad) {
      report(`${submissions} concurrent ${f.form}: accepted / rows (ms)`, `${f.accepted} / ${f.rows} (${f.ms} ms)`, `exactly ${submissions}`, f.rows === submissions);
      expectNone(`concurrent ${f.form}, not accepted`, submissions - f.accepted);
      expectNone(`concurrent ${f.form}, rows missing`, submissions - f.rows);
    }
    await backend.stop();

    // 9. kill -9 during a stream of inserts, on PGlite.
    const pgliteKill = await killNineCheck(pgliteEnv, { dataDir });
    results.killNinePglite = pgliteKill;
    report('kill -9 on PGlite: acknowledged / lost', `${pgliteKill.acknowledged} / ${pgliteKill.lost}`);

    // 10. The same on PostgreSQL when a server is available.
    const databaseUrl = process.env.DATABASE_URL;
    if (databaseUrl) {
      const pgKill = await killNineCheck({ DATABASE_URL: databaseUrl, PGLITE_DATA_DIR: '' }, { databaseUrl });
      results.killNinePostgres = pgKill;
      report('kill -9 on PostgreSQL: acknowledged / lost', `${pgKill.acknowledged} / ${pgKill.lost}`, '0 lost', pgKill.lost === 0);
    } else {
      report('kill -9 on PostgreSQL', 'skipped (set DATABASE_URL to run it)');
    }
  }

  // 11. Booking slots: 50 visitors at once look up open slots and book, each from its own address,
  // and 50 race for one slot's two places.
  if (!notificationsOnly) {
    const slots = await measureSlots(await fresh.copyTo(join(dir, 'slots')), RAISED_AUTH_LIMITS, measure, SCALE.slotVisitors, SCALE.slotRequests);
    results.slots = slots;
    expectNone('slot look-up', slots.lookup.failures);
    expectNone('booking a slot', slots.booking.failures);
    // The one case about refusals: all but two are told the slot is full, and nothing else.
    expectNone('racing for a slot: neither stored nor told it is full', slots.lastPlaces.sent - slots.lastPlaces.stored - slots.lastPlaces.full);
    // The load when they ended: these latencies are mostly the wait for a core on a busy machine.
    const load = loadavg().map((l) => l.toFixed(1)).join(' ');
    const run = (r: Run) => `${r.p50} / ${r.p95} ms, ${r.perSecond}/s${r.failures ? ` (${r.failures} failed)` : ''} (load ${load})`;
    report(`slot look-up, ${slots.lookup.n} by ${SCALE.slotVisitors} visitors at once: p50 / p95`, run(slots.lookup));
    report(`booking a slot, ${slots.booking.n} by ${SCALE.slotVisitors} visitors at once: p50 / p95`, run(slots.booking), 'none refused', slots.booking.failures === 0);
    const { lastPlaces } = slots;
    report(`${lastPlaces.sent} at once for a slot of 2 places: stored / full (ms)`, `${lastPlaces.stored} / ${lastPlaces.full} (${lastPlaces.ms} ms)`, 'exactly 2 stored', lastPlaces.stored === 2);
  }
  if (slotsOnly) {
    await writeResults('api-slots.json');
    if (unexpected.length) console.error(`\nFailed requests in cases that expect none:\n  ${unexpected.join('\n  ')}`);
    process.exit(unexpected.length ? 1 : 0);
  }

  // 12. Notifications: form inserts/s without and with the queueing triggers (and the database's
  // call to send-notifications), the functions' throughput over 1,000 rows queued by one
  // statement, and stored row → email in the mailbox.
  const notifications = await measureNotifications(await fresh.copyTo(join(dir, 'notifications')), RAISED_AUTH_LIMITS, measure, INSERTS, CONCURRENCY, TRIGGER_ROUNDS, SCALE.queuedEmails, SCALE.emailLatencyBookings, SMOKE ? await fresh.copyTo(join(dir, 'cost')) : undefined);
  results.notifications = notifications;
  const { before, after } = notifications.rounds;
  for (const r of [...before, ...after]) expectNone('booking inserts, triggers off or on', r.failures);
  const perRound = (rounds: typeof before) =>
    rounds.map((r) => `${r.perSecond}/s ${r.cpuMicrosPerInsert} µs${r.failures ? ` (${r.failures} failed)` : ''}`).join(', ');
  const signed = (percent: number) => `${percent > 0 ? '+' : ''}${percent}%`;
  report('booking inserts, rounds: triggers off (rate, CPU)', perRound(before));
  report('booking inserts, rounds: triggers on (rate, CPU)', perRound(after));
  report(`booking inserts/s: off / on, medians of ${before.length} rounds`, `${notifications.insertsPerSecondBefore} / ${notifications.insertsPerSecondAfter}/s (${signed(notifications.changePercent)})`, 'no more than 10% slower', notifications.changePercent >= -10);
  const { cpu } = notifications;
  report('backend CPU per booking insert: off / on, medians', `${cpu.microsPerInsertBefore} / ${cpu.microsPerInsertAfter} µs (${signed(cpu.changePercent)})`);
  report('calls to send-notifications per booking insert (triggers on)', String(notifications.callsPerInsert), 'one per transaction', notifications.callsPerInsert <= 1);
  const { queueing, queueingAndCall } = notifications.databaseMicrosPerInsert;
  report('database CPU per booking insert, no HTTP: queueing / with the call', `${queueing} / ${queueingAndCall} µs (${signed(percentChange(queueing, queueingAndCall))})`);
  report(`send-notifications: ${SCALE.queuedEmails} notifications queued by one statement`, `${notifications.throughput.seconds} s, ${notifications.throughput.perSecond}/s`);
  report('stored booking -> its email in the mailbox: p50 / p95', `${notifications.latency.p50} / ${notifications.latency.p95} ms (${notifications.latency.n})`, 'p95 < 2000 ms', notifications.latency.p95 < 2000);

  await writeResults(notificationsOnly ? 'api-notifications.json' : SMOKE ? 'api-smoke.json' : 'api.json');
  if (unexpected.length) {
    console.error(`\nFailed requests in cases that expect none (their figures measure the failures):\n  ${unexpected.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('\nNo unexpected failed request.');
  }
} catch (error) {
  // Whatever stopped the run, the backend's last words say why; the run fails (its figures would
  // be a half-run's) and the backends it started are killed when it exits.
  console.error(`\nThe benchmark stopped: ${describe(error)}`);
  const backend = lastBackend();
  if (backend) console.error(backendReport(backend));
  process.exitCode = 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
// A failed run exits now: a backend still running would otherwise keep it waiting (and the exit
// kills it, tests/support/backend-process.ts).
if (process.exitCode) process.exit();
