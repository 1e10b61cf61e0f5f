// `npm run bench:sign-in`: how long a staff member's sign-in takes on the local backend, as /login
// makes it: the password (bcrypt at the project's cost, 10), then, with an authenticator app, the
// challenge and the code (signInWithCode, the calls supabase-js makes). Each of RUNS sign-ins of the
// seeded admin is timed both ways, one after the other, on a backend run as `npm start` runs it
// (a child process, in-memory PGlite, the seed). Prints the medians and p95 with the load average,
// since on a shared machine the figure moves with it. A benchmark: it reports, it does not judge.
import { createClient } from '@supabase/supabase-js';
import { loadavg } from 'node:os';
import type { Database } from '../../common/database.types.ts';
import { DEVELOPMENT_ACCOUNTS } from '../../supabase/local/db/seed.ts';
import { startBackendProcess } from '../support/backend-process.ts';
import { signInWithCode } from '../support/totp.ts';
import { median } from './lib/median.ts';

const RUNS = Number(process.argv[2] ?? 20);
const noSession = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)]!;

const backend = await startBackendProcess({
  PGLITE_DATA_DIR: 'memory://',
  // bcrypt as in production (GoTrue's cost): the password is most of a sign-in's time.
  BCRYPT_COST: '10',
  AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000',
  AUTH_RATE_LIMIT_MFA_CHALLENGE_AND_VERIFY: '100000',
});
try {
  const { email, password } = DEVELOPMENT_ACCOUNTS[0];
  const client = () => createClient<Database>(backend.url, backend.anonKey, noSession);
  const passwordOnly: number[] = [];
  const withCode: number[] = [];
  // One of each first, not timed: the backend's first requests pay for its warm-up.
  await signInWithCode(client(), email, password);
  const loadAtStart = loadavg()[0]!.toFixed(2);
  for (let i = 0; i < RUNS; i++) {
    let start = performance.now();
    const { error } = await client().auth.signInWithPassword({ email, password });
    if (error) throw error;
    passwordOnly.push(performance.now() - start);
    start = performance.now();
    await signInWithCode(client(), email, password);
    withCode.push(performance.now() - start);
  }
  const ms = (x: number) => `${Math.round(x)} ms`;
  console.log(`Staff sign-in on the local backend, ${RUNS} runs each (load average ${loadAtStart} at start, ${loadavg()[0]!.toFixed(2)} at the end)`);
  console.log(`  password only (aal1):                p50 ${ms(median(passwordOnly))}, p95 ${ms(p95(passwordOnly))}`);
  console.log(`  password, then challenge and code:   p50 ${ms(median(withCode))}, p95 ${ms(p95(withCode))}`);
  console.log(`  the code's share (p50 difference):   ${ms(median(withCode) - median(passwordOnly))}`);
} finally {
  await backend.stop();
}
