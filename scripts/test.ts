// `npm test`: the unit, content, database and API tests (Vitest), then the browser journeys
// (Playwright), then one closing line with the combined counts, so a reader (or CI) sees at a
// glance what ran. Both suites always run; the exit code is non-zero if either failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

interface Counts { passed: number; failed: number; skipped: number }
// Playwright empties test-results/ when it starts, so the machine-readable reports live apart.
const results = '.test-reports';
rmSync(`${results}/vitest.json`, { force: true });
rmSync(`${results}/playwright.json`, { force: true });
mkdirSync(results, { recursive: true });

const extra = process.argv.slice(2);
const run = (cmd: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}/vitest.json`, ...extra]);
const playwrightStatus = run('npx', ['playwright', 'test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: `${results}/playwright.json`,
});

function vitestCounts(): Counts {
  if (!existsSync(`${results}/vitest.json`)) return { passed: 0, failed: 1, skipped: 0 };
  const report = JSON.parse(readFileSync(`${results}/vitest.json`, 'utf8'));
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0),
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

function playwrightCounts(): Counts {
  if (!existsSync(`${results}/playwright.json`)) return { passed: 0, failed: 1, skipped: 0 };
  const { stats } = JSON.parse(readFileSync(`${results}/playwright.json`, 'utf8'));
  return { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0), skipped: stats.skipped ?? 0 };
}

const v = vitestCounts();
const p = playwrightCounts();
console.log(`\nVitest: ${v.passed} passed, ${v.failed} failed, ${v.skipped} skipped`);
console.log(`Playwright: ${p.passed} passed, ${p.failed} failed, ${p.skipped} skipped`);
console.log(`Tests: ${v.passed + p.passed} passed, ${v.failed + p.failed} failed, ${v.skipped + p.skipped} skipped`);
process.exit(vitestStatus !== 0 || playwrightStatus !== 0 ? 1 : 0);
