// How much work `npm run bench:api` does. At its defaults it measures; with `--smoke`
// (tests/api/benchmarks.test.ts runs it so, inside the test suite) every setup and every measured
// case runs once on a few hundred rows and a few requests, so a change that breaks a benchmark
// (a migration, a renamed column, a new rule that refuses its requests) fails a test instead of
// the next person's run. The smoke run's figures mean nothing; only that each case ran to the end.
// The BENCH_* variables override either scale, case by case.

export const SMOKE = process.argv.slice(2).includes('--smoke');

const fromEnv = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export const SCALE = {
  /** Applications imported before the measured cases (and as many bookings and contact messages). */
  applications: fromEnv('BENCH_APPLICATIONS', SMOKE ? 300 : 100_000),
  /** Requests of each insert case. */
  inserts: fromEnv('BENCH_INSERTS', SMOKE ? 8 : 2000),
  /** Clients sending them at once. */
  concurrency: fromEnv('BENCH_CONCURRENCY', SMOKE ? 4 : 16),
  /** Requests of each admin page case. */
  pages: fromEnv('BENCH_PAGES', SMOKE ? 3 : 300),
  /** Rounds of booking inserts with the queueing trigger off, and as many on, alternated. */
  triggerRounds: fromEnv('BENCH_TRIGGER_ROUNDS', SMOKE ? 1 : 5),
  /** Submissions sent at once in the concurrent-submission cases (each form's and the applications'). */
  concurrentSubmissions: SMOKE ? 6 : 200,
  /** Wrong-password logins in the burst. */
  loginBurst: SMOKE ? 4 : 100,
  /** Each kind of signup and recovery request in the enumeration timing. */
  enumerationRounds: SMOKE ? 2 : 40,
  /** Storage: one-by-one upload and download rounds, and uploads at once. */
  storageRounds: SMOKE ? 1 : 5,
  storageConcurrent: SMOKE ? 2 : 10,
  /** Booking slots: visitors at once, and the look-ups and bookings they send. */
  slotVisitors: SMOKE ? 4 : 50,
  slotRequests: SMOKE ? 8 : 500,
  /** Notifications queued by one statement, and bookings timed to their email. */
  queuedEmails: SMOKE ? 10 : 1000,
  emailLatencyBookings: SMOKE ? 2 : 50,
  /** How long bookings stream in before the backend is killed (ms). */
  killAfterMs: SMOKE ? 300 : 1500,
};
