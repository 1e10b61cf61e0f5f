// The benchmarks keep running: `npm run bench:api -- --smoke` runs every setup and every measured
// case once at a small scale (tests/bench/lib/scale.ts), and this checks that it ran to the end,
// printed each case's line and had no failed request in a case that expects none. It never judges
// a figure (a smoke run's figures mean nothing, and the machine's load moves them tenfold). A
// migration or a rule that breaks a benchmark's import or refuses its requests fails here, not in
// the next person's run of the benchmark.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../supabase/local/config.ts';

/** Runs `node args` in the project and resolves with its exit code and everything it printed. */
function run(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** A line of the printed table for each setup and measured case of `npm run bench:api`. */
const API_CASES = [
  'first start (new database, migrations, seed)',
  'seeded 300 applications',
  'start with existing data, first: spawn -> answering',
  'start with existing data, second: spawn -> answering',
  'anonymous booking insert: throughput',
  'authenticated application insert: throughput',
  'emails the inserts queued',
  'admin first 50-row page + exact count',
  'admin random 50-row page + exact count',
  'admin random 50-row page by key + exact count',
  ...['applications', 'bookings', 'contact messages'].flatMap((list) =>
    ['first page', 'next page', 'next page by key', 'search (11 matches)', 'search (11,111 matches)', 'search, next page', 'sorted by name'].map((name) => `admin ${list}: ${name}: p50`),
  ),
  'admin applications: status + visa type filter',
  'REST read during',
  'wrong-password logins: burst took / answers',
  'signup, confirmed minus new',
  'first recover, known minus unknown',
  'storage 10 MB upload',
  'storage 10 MB download',
  'backend RSS before / peak during them',
  'concurrent submissions: 201 Created / rows stored',
  'concurrent bookings: accepted / rows',
  'concurrent contact_messages: accepted / rows',
  'concurrent newsletter_subscribers: accepted / rows',
  'retention sweep, first run over 300 applications',
  'retention sweep, next day',
  'kill -9 on PGlite: acknowledged / lost',
  'slot look-up',
  'booking a slot',
  'at once for a slot of 2 places: stored / full',
  'booking inserts/s: off / on',
  'backend CPU per booking insert',
  'database CPU per booking insert',
  'send-notifications:',
  'stored booking -> its email in the mailbox',
];

describe('the benchmarks, once each at a small scale', () => {
  it(
    '`npm run bench:api -- --smoke` runs every case to the end with no unexpected failed request',
    async () => {
      const { code, output } = await run([join('tests', 'bench', 'api.bench.ts'), '--smoke']);
      expect(code, output).toBe(0);
      // A case's line starts with its name, or with its count and then its name ('6 concurrent bookings').
      const lines = output.split('\n').map((line) => line.replace(/^\d+ /, ''));
      const missing = API_CASES.filter((name) => !lines.some((line) => line.startsWith(name)));
      expect(missing, output).toEqual([]);
      expect(output).toContain('No unexpected failed request.');
    },
    // New databases and backends, one after the other: about a minute on a quiet 2-core machine,
    // ten at a load average of 30 (seen while eight people shared one).
    900_000,
  );
});
