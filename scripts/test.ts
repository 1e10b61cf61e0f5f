// `npm test`: the Edge Functions' own tests in Deno (`npm run test:functions`), the unit, content,
// database, API and function tests (Vitest), then the browser journeys (Playwright), then a
// closing summary: each suite's time, the combined counts and, when something failed, which tests
// and why in one line each. CI keeps only the end of a long log, so the summary is where a failure
// must name itself. Every suite always runs; the exit code is non-zero if any failed.
//
// What can run side by side does: the browser journeys' build of the site (a minute or more of
// Astro on two cores) runs beside Deno and Vitest, which spend much of their time waiting on the
// backends and Deno processes they start, and Playwright then serves that build instead of
// building it again (E2E_SITE_BUILT, playwright.config.ts).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { chromiumMissing } from '../tests/support/chromium.ts';
import { E2E_SITE_ENV } from '../tests/e2e/support/e2e-env.ts';

interface Outcome {
  passed: number;
  failed: number;
  skipped: number;
  /** "file › test name: first line of the error", one per failure. */
  failures: string[];
}

// Without a browser, 288 browser tests would each fail in turn: say what to install, at once.
const missing = chromiumMissing();
if (missing) {
  console.error(missing);
  process.exit(1);
}

// Playwright empties test-results/ when it starts, so the machine-readable reports live apart.
const results = '.test-reports';
for (const report of ['deno.xml', 'vitest.json', 'playwright.json', 'e2e-build.log']) rmSync(`${results}/${report}`, { force: true });
mkdirSync(results, { recursive: true });

const extra = process.argv.slice(2);
/** Each step's wall time in seconds, printed at the end. */
const seconds = new Map<string, number>();

/** Runs a command to its end; its output goes to this terminal, or to `log` when given. */
function run(name: string, cmd: string, args: string[], { env = {}, log }: { env?: Record<string, string>; log?: string } = {}): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    if (log) {
      const file = createWriteStream(log);
      child.stdout!.pipe(file);
      child.stderr!.pipe(file);
    }
    const done = (status: number) => {
      seconds.set(name, (performance.now() - started) / 1000);
      resolve(status);
    };
    child.on('error', () => done(1));
    child.on('close', (status) => done(status ?? 1));
  });
}

const started = performance.now();
const buildLog = `${results}/e2e-build.log`;
const [siteBuildStatus, [denoStatus, vitestStatus]] = await Promise.all([
  run('site build for the browser tests', 'npm', ['run', '--silent', 'build'], { env: E2E_SITE_ENV, log: buildLog }),
  (async () => {
    const deno = await run('Deno', 'npm', ['run', '--silent', 'test:functions', '--', '--reporter=dot', `--junit-path=${results}/deno.xml`]);
    const vitest = await run('Vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}/vitest.json`, ...extra]);
    return [deno, vitest] as const;
  })(),
]);
// A build that failed is Playwright's to report (its web server builds again, and says why).
if (siteBuildStatus !== 0) console.log(`\nThe site build for the browser tests failed (${buildLog}); Playwright builds it again.`);
const playwrightStatus = await run('Playwright', 'npx', ['playwright', 'test', '--reporter=list,json'], {
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${results}/playwright.json`, ...(siteBuildStatus === 0 ? { E2E_SITE_BUILT: '1' } : {}) },
});
const total = (performance.now() - started) / 1000;

/** An error in one line: its first line, and what was expected and received when it says so. */
function briefly(text: string | undefined): string {
  // Reporters colour their messages; the summary is plain text.
  const lines = (text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((line) => line.trim()).filter(Boolean);
  if (!lines.length) return 'no message';
  const values = lines.slice(1).filter((line) => /^(Expected|Received)\b/.test(line)).slice(0, 2);
  return [lines[0], ...values].join(' | ').slice(0, 300);
}

/** The Deno tests' JUnit report: counts from its root, and each failed test case with its message. */
function denoOutcome(): Outcome {
  const path = `${results}/deno.xml`;
  if (!existsSync(path)) return { passed: 0, failed: 1, skipped: 0, failures: ['Deno wrote no report (the functions did not bundle or type-check, or it crashed)'] };
  const xml = readFileSync(path, 'utf8');
  const attribute = (text: string, name: string) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(text)?.[1] ?? 0);
  const root = /<testsuites\b[^>]*>/.exec(xml)?.[0] ?? '';
  const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
  const failures = [...xml.matchAll(/<testcase name="([^"]*)" classname="([^"]*)"[^>]*>\s*<failure message="([^"]*)"/g)].map(
    ([, name, file, message]) => `${relative(process.cwd(), decode(file!))} › ${decode(name!)}: ${briefly(decode(message!))}`,
  );
  const failed = attribute(root, 'failures') + attribute(root, 'errors');
  return { passed: attribute(root, 'tests') - failed, failed: Math.max(failed, failures.length), skipped: 0, failures };
}

interface VitestReport {
  numPassedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { ancestorTitles: string[]; title: string; status: string; failureMessages?: string[] }[];
  }[];
}

function vitestOutcome(): Outcome {
  const path = `${results}/vitest.json`;
  if (!existsSync(path)) return { passed: 0, failed: 1, skipped: 0, failures: ['Vitest wrote no report (it did not start, or crashed)'] };
  const report = JSON.parse(readFileSync(path, 'utf8')) as VitestReport;
  const failures: string[] = [];
  for (const file of report.testResults) {
    const name = relative(process.cwd(), file.name);
    const failed = file.assertionResults.filter((t) => t.status === 'failed');
    for (const t of failed) failures.push(`${name} › ${[...t.ancestorTitles, t.title].join(' › ')}: ${briefly(t.failureMessages?.[0])}`);
    // A file can fail with no failed test: it did not load, or a hook threw.
    if (file.status === 'failed' && failed.length === 0) failures.push(`${name}: ${briefly(file.message)}`);
  }
  // Counted from the failures, not numFailedTestSuites: Vitest counts a file and each describe
  // around a failed test as failed suites too, which would count one failure two or three times.
  return {
    passed: report.numPassedTests ?? 0,
    failed: failures.length,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    failures,
  };
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; line: number; tests: { status: string; results: { error?: { message?: string } }[] }[] }[];
}

function playwrightOutcome(): Outcome {
  const path = `${results}/playwright.json`;
  if (!existsSync(path)) return { passed: 0, failed: 1, skipped: 0, failures: ['Playwright wrote no report (it did not start, or crashed)'] };
  const report = JSON.parse(readFileSync(path, 'utf8')) as { stats: Record<string, number>; suites?: PlaywrightSuite[]; errors?: { message?: string }[] };
  const failures: string[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results.map((r) => r.error?.message).find(Boolean);
        failures.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}${test.status === 'flaky' ? ' (flaky)' : ''}: ${briefly(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.file === child.title ? titles : [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  // Errors outside any test (a failing global setup, a web server that would not start).
  for (const error of report.errors ?? []) failures.push(`Playwright: ${briefly(error.message)}`);
  const { stats } = report;
  return {
    passed: stats.expected ?? 0,
    failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) + (report.errors?.length ?? 0),
    skipped: stats.skipped ?? 0,
    failures,
  };
}

const d = denoOutcome();
const v = vitestOutcome();
const p = playwrightOutcome();
const failures = [...d.failures.map((f) => `  Deno       ${f}`), ...v.failures.map((f) => `  Vitest     ${f}`), ...p.failures.map((f) => `  Playwright ${f}`)];
if (failures.length) console.log(`\nFailed:\n${failures.join('\n')}`);
console.log(`\nDeno: ${d.passed} passed, ${d.failed} failed, ${d.skipped} skipped`);
console.log(`Vitest: ${v.passed} passed, ${v.failed} failed, ${v.skipped} skipped`);
console.log(`Playwright: ${p.passed} passed, ${p.failed} failed, ${p.skipped} skipped`);
console.log(`Tests: ${d.passed + v.passed + p.passed} passed, ${d.failed + v.failed + p.failed} failed, ${d.skipped + v.skipped + p.skipped} skipped`);
const minutes = (value: number) => `${Math.floor(value / 60)} min ${Math.round(value % 60)} s`;
const order = ['Deno', 'Vitest', 'site build for the browser tests', 'Playwright'];
const times = order.filter((name) => seconds.has(name)).map((name) => `${name} ${minutes(seconds.get(name)!)}`);
console.log(`\nTime: ${times.join(', ')}; all ${minutes(total)} (the build runs beside Deno and Vitest)`);
process.exit(denoStatus !== 0 || vitestStatus !== 0 || playwrightStatus !== 0 ? 1 : 0);
