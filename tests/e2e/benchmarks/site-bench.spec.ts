// `npm run bench` keeps running: its smoke run (`--smoke DIR`, tests/bench/site.bench.ts) measures
// this suite's own build on one page, once, in every case (first responses, JavaScript per page,
// Lighthouse, the form pages, the navigation, the admin table), and this checks that it ran to the
// end and printed each table. It never judges a figure. Here rather than beside the API's smoke run
// (tests/api/benchmarks.test.ts) because it needs a built site, which the browser tests build.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_OUT_DIR } from '../support/e2e-env.ts';

/** Runs `node args` and resolves with its exit code and everything it printed. */
function run(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** The heading of each table `npm run bench` prints. */
const TABLES = [
  'JavaScript per page (gzip bytes)',
  'First response, this build',
  'Form pages, JavaScript in the browser',
  'Lighthouse (mobile, simulated throttling), this build, signed out, first visit, medians of 1',
  'Navigation / -> /visa',
  'Admin table, 100-row page of applications',
];

test('`npm run bench -- --smoke` measures one page of this build once, in every case, to the end', async () => {
  // A browser, Lighthouse and a backend of its own, one after the other: minutes on a busy machine.
  test.setTimeout(600_000);
  const { code, output } = await run([join('tests', 'bench', 'site.bench.ts'), '--smoke', E2E_OUT_DIR]);
  expect(code, output).toBe(0);
  expect(TABLES.filter((heading) => !output.includes(heading)), output).toEqual([]);
  expect(output).toContain('Figures saved to bench-results/site-smoke.json');
});
