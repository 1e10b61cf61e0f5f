// `npm run bench`: builds the site from cold and prints the figures behind our performance goals:
// cold build time, JavaScript shipped per page (gzip), Lighthouse mobile scores with FCP, LCP, TBT,
// CLS, the largest-paint element and the bytes first paint waited for, for one page of each type,
// the time of a navigation between two pages on a throttled phone profile, and how long the admin
// dashboard takes to render a 100-row page of its table. Lighthouse figures are medians of several
// runs (`--runs N`, default 3). It prints; it does not pass or fail.
//
// Each page's first response as the site server sends it with the build's `_headers` (status line,
// headers and gzip body, split into what the body carries), against the 14,600 bytes a new
// connection delivers in its first round trip, and whether the largest paint's resource is named
// within them. Every page is audited as a signed-out visitor arriving from search first sees it,
// and /profile and /visa-form also signed in (a stored session, from an origin of their own),
// printed apart.
//
// `--baseline DIR` also measures another build (a dist folder built from another commit), and
// `--vs REF` builds a git ref (a commit, `main`) in a temporary worktree and measures it, in the
// same session, alternating between the two page by page and run by run (A B A B ...), so that a
// busy machine disturbs both alike; compare medians, not single runs. A before/after table ends
// the output: performance score, total blocking time (Lighthouse's, and recomputed from the main
// thread's CPU time, which a busy machine disturbs far less), largest paint, first-response bytes
// and script bytes, page by page. The machine's load average is printed before and after the
// Lighthouse runs. `--pages /,/services` (or `--pages=/,/services`) audits only those pages;
// `--quick` skips the form pages in the browser, the navigation and the admin table.
// `--smoke DIR` measures the build in DIR instead of building (no cold build), on one page, once:
// every case runs once, as the browser tests run it (tests/e2e/benchmarks/site-bench.spec.ts), and
// its figures mean nothing.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { measurePage, routeOf } from './lib/js-weight.ts';
import { buildRef } from './lib/build-ref.ts';
import { bytesUntil, FIRST_ROUND_TRIP_BYTES, firstResponse, printFirstResponses, type FirstResponse } from './lib/first-response.ts';
import { SUPABASE_STORAGE_KEY } from '../../src/lib/stored-session.ts';
import { measureAccountWeights, printAccountWeights } from './lib/account-weight.ts';
import { audit, type LighthouseFigures } from './lib/lighthouse.ts';
import { timeNavigation } from './lib/navigation.ts';
import { serveStatic } from './lib/static-server.ts';
import { measureFormPages, storedSession } from './lib/form-weights.ts';
import { measureAdminRender, type AdminRenderFigures } from './lib/admin-render.ts';
import { median } from './lib/median.ts';

/** One page of each type, audited as a signed-out visitor first sees it. */
const PAGE_TYPES = [
  '/',
  '/visa',
  '/visa/1',
  '/country/1',
  '/services',
  '/service-details/consultancy',
  '/team',
  '/news-media',
  '/about',
  '/contact',
  '/privacy',
  '/login',
  '/signup',
  '/profile',
  '/visa-form',
];
/** The pages whose audience is signed in, audited again with a stored session. */
const SIGNED_IN_PAGES = ['/profile', '/visa-form'];
const NAVIGATION = { from: '/', link: 'List of Visa', to: '/visa' };

const argv = process.argv.slice(2);
/** An option's value, written `--name value` or `--name=value`. */
const option = (name: string) => {
  const joined = argv.find((arg) => arg.startsWith(`${name}=`));
  if (joined) return joined.slice(name.length + 1);
  const index = argv.indexOf(name);
  return index === -1 ? undefined : argv[index + 1];
};
const skipLighthouse = argv.includes('--no-lighthouse');
const smokeDir = option('--smoke');
const runs = smokeDir ? 1 : Math.max(1, Number(option('--runs') ?? 3));
const quick = argv.includes('--quick');
const only = smokeDir ? ['/'] : option('--pages')?.split(',');
const LIGHTHOUSE_PATHS = only ? PAGE_TYPES.filter((path) => only.includes(path)) : PAGE_TYPES;
const SIGNED_IN_PATHS = SIGNED_IN_PAGES.filter((path) => LIGHTHOUSE_PATHS.includes(path));
const vsRef = option('--vs');

const work = mkdtempSync(join(tmpdir(), 'site-bench-'));
const outDir = smokeDir ? resolve(smokeDir) : join(work, 'dist');
const env = {
  ...process.env,
  ASTRO_OUT_DIR: outDir,
  ASTRO_CACHE_DIR: join(work, 'cache'),
  ASTRO_TELEMETRY_DISABLED: '1',
};

let baselineDir = option('--baseline');
let baselineLabel = 'baseline';
if (vsRef) {
  baselineDir = join(work, 'baseline-dist');
  const commit = buildRef(vsRef, work, baselineDir);
  baselineLabel = `${vsRef} (${commit.slice(0, 10)})`;
  console.log(`Baseline: ${baselineLabel}, built in a temporary worktree`);
}

const started = performance.now();
if (!smokeDir)
  execFileSync('npx', ['astro', 'build', '--silent'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
const buildSeconds = (performance.now() - started) / 1000;
console.log(`Cold build: ${buildSeconds.toFixed(1)} s`);

const htmlFiles = (readdirSync(outDir, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.html'))
  .map((file) => join(outDir, file));
const weights = htmlFiles
  .map((file) => ({
    route: routeOf(outDir, file),
    ...measurePage(outDir, file),
  }))
  .sort((a, b) => a.route.localeCompare(b.route));

console.log(`\nJavaScript per page (gzip bytes), ${weights.length} pages`);
console.log('eager   deferred  page');
for (const w of weights) console.log(`${String(w.eagerBytes).padStart(6)}  ${String(w.deferredBytes).padStart(8)}  ${w.route}`);
const zero = weights.filter((w) => w.eagerBytes + w.deferredBytes === 0).length;
console.log(`${zero} of ${weights.length} pages ship no JavaScript at all.`);
const accountWeights = measureAccountWeights(outDir);
printAccountWeights(accountWeights);

// Form pages in a browser: what loads first, and what the form adds once the visitor uses it.
const formWeights = quick ? [] : await weighForms();
async function weighForms() {
  const { origin: formOrigin, server: formServer } = await serveStatic(outDir);
  const figures = await measureFormPages(formOrigin).finally(() => formServer.close());
  console.log('\nForm pages, JavaScript in the browser (gzip bytes)');
  console.log('at load  after use  page (form)');
  for (const f of figures) console.log(`${String(f.beforeBytes).padStart(7)}  ${String(f.afterBytes).padStart(9)}  ${f.page} (${f.form})`);
  return figures;
}

interface Build {
  label: string;
  dir: string;
  origin?: string;
  /** A second origin for the signed-in audits, whose stored session the signed-out ones never see. */
  signedInOrigin?: string;
  firstResponses?: FirstResponse[];
}
const builds: Build[] = [{ label: 'this build', dir: outDir }];
if (baselineDir) builds.unshift({ label: baselineLabel, dir: resolve(baselineDir) });

type PageFigures = {
  runs: LighthouseFigures[];
  median: Record<string, number>;
};
const lighthouse: Record<string, Record<string, PageFigures>> = {};
const navigation: Record<string, { runsMs: number[]; medianMs: number }> = {};
let adminRender: AdminRenderFigures | undefined;
const servers = await Promise.all(builds.flatMap((build) => [serveStatic(build.dir), serveStatic(build.dir)]));
builds.forEach((build, index) => {
  build.origin = servers[2 * index]!.origin;
  build.signedInOrigin = servers[2 * index + 1]!.origin;
});
/** The key a page's figures are kept under: its path, with " (signed in)" for the signed-in audits. */
const signedIn = (path: string) => `${path} (signed in)`;
try {
  // The first response of every page type, as the server sends it: bytes are deterministic.
  for (const build of builds) {
    build.firstResponses = [];
    for (const path of PAGE_TYPES) build.firstResponses.push(await firstResponse(build.origin!, path));
    printFirstResponses(
      `First response, ${build.label}: status line + headers + gzip body (bytes; fits = within ${FIRST_ROUND_TRIP_BYTES}, one round trip)`,
      build.firstResponses,
    );
  }

  if (!skipLighthouse) {
    // Page by page and run by run, every build in turn: A B A B ...
    const session = { [SUPABASE_STORAGE_KEY]: JSON.stringify(storedSession()) };
    const targets: { url: string; storage?: Record<string, string> }[] = [];
    for (let run = 0; run < runs; run += 1) {
      for (const path of LIGHTHOUSE_PATHS) for (const build of builds) targets.push({ url: build.origin + path });
      for (const path of SIGNED_IN_PATHS) for (const build of builds) targets.push({ url: build.signedInOrigin + path, storage: session });
    }
    console.log(`\nLoad average before the Lighthouse runs: ${loadAverage()}`);
    const figures = await audit(targets);
    console.log(`Load average after them: ${loadAverage()}`);
    for (const build of builds) {
      const byPath: Record<string, PageFigures> = {};
      for (const [url, f] of figures) {
        const { origin, pathname } = new URL(url);
        const key = origin === build.origin ? pathname : origin === build.signedInOrigin ? signedIn(pathname) : undefined;
        if (key) (byPath[key] ??= { runs: [], median: {} }).runs.push(f);
      }
      const keys = [
        'performance',
        'accessibility',
        'bestPractices',
        'seo',
        'fcpMs',
        'lcpMs',
        'tbtMs',
        'tbtCpuMs',
        'cls',
        'bytesBeforeFcp',
        'scriptBytes',
      ] as const;
      for (const entry of Object.values(byPath)) for (const key of keys) entry.median[key] = median(entry.runs.map((f) => f[key]));
      const print = (title: string, paths: string[]) => {
        console.log(`\nLighthouse (mobile, simulated throttling), ${build.label}, ${title}, medians of ${runs}`);
        console.log(
          'perf  a11y  best  seo   FCP ms  LCP ms  TBT ms  TBT CPU  CLS    bytes<FCP  JS at load  LCP resource at byte  page (largest paint)',
        );
        for (const path of paths) {
          const entry = byPath[path]!;
          const m = entry.median;
          const cells = [m.performance, m.accessibility, m.bestPractices, m.seo].map((n) => String(n).padStart(4));
          const resource = entry.runs[0]!.lcpResource;
          const response = build.firstResponses!.find((r) => r.path === path.replace(/ \(signed in\)$/, ''));
          const at = resource === undefined ? 'text' : response ? String(bytesUntil(response, resource) ?? 'not in HTML') : '?';
          console.log(
            `${cells.join('  ')}  ${m.fcpMs!.toFixed(0).padStart(6)}  ${m.lcpMs!.toFixed(0).padStart(6)}  ${m.tbtMs!.toFixed(0).padStart(6)}  ${m.tbtCpuMs!.toFixed(0).padStart(7)}  ${m.cls!.toFixed(3)}  ${String(m.bytesBeforeFcp).padStart(9)}  ${String(m.scriptBytes).padStart(10)}  ${at.padStart(20)}  ${path} (${entry.runs[0]!.lcpElement})`,
          );
        }
      };
      print('signed out, first visit', LIGHTHOUSE_PATHS);
      if (SIGNED_IN_PATHS.length) print('signed in (a stored session; no backend answers)', SIGNED_IN_PATHS.map(signedIn));
      lighthouse[build.label] = byPath;
    }
  }

  if (builds.length === 2) printComparison(builds[0]!, builds[1]!);

  // Navigation on a throttled profile and the admin table, unless --quick.
  if (!quick) {
    // Navigation on a throttled profile, builds alternating run by run.
    const times = new Map<string, number[]>(builds.map((build) => [build.label, []]));
    for (let run = 0; run < runs; run += 1)
      for (const build of builds)
        times
          .get(build.label)!
          .push(...(await timeNavigation(build.origin + NAVIGATION.from, NAVIGATION.link, build.origin + NAVIGATION.to, 1)));
    console.log(`\nNavigation ${NAVIGATION.from} -> ${NAVIGATION.to} (click to painted), slow 4G + 4x CPU, medians of ${runs}`);
    for (const [label, values] of times) {
      navigation[label] = { runsMs: values, medianMs: median(values) };
      console.log(`${median(values).toFixed(0).padStart(6)} ms  ${label}  (runs: ${values.map((v) => v.toFixed(0)).join(', ')})`);
    }

    // This build only: the dashboard needs a backend, which the measurement starts for itself.
    adminRender = await measureAdminRender(builds.find((build) => build.label === 'this build')!.origin!);
    console.log('\nAdmin table, 100-row page of applications: click to rows in the DOM (goal: render < 100 ms)');
    console.log('render ms  API ms  total ms  action');
    for (const [action, t] of Object.entries(adminRender)) {
      console.log(`${String(t.renderMs).padStart(9)}  ${String(t.apiMs).padStart(6)}  ${String(t.totalMs).padStart(8)}  ${action}`);
    }
  }
} finally {
  for (const { server } of servers) server.close();
}

/** The machine's load average over 1, 5 and 15 minutes (Lighthouse's TBT and score follow it). */
function loadAverage(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');
}

/**
 * Before and after, page by page (medians): performance score, total blocking time (Lighthouse's,
 * and from CPU time: see LighthouseFigures.tbtCpuMs), largest paint, first-response bytes and
 * script bytes at load, so a change that costs any of them shows in its own run.
 */
function printComparison(before: Build, after: Build): void {
  console.log(`\nBefore (${before.label}) and after (${after.label}), medians of ${runs}`);
  console.log('perf before after | TBT ms before after | TBT CPU before after | LCP ms before after | 1st response before after | JS at load before after  page');
  const keys = [...LIGHTHOUSE_PATHS.map((path) => [path, path] as const), ...SIGNED_IN_PATHS.map((path) => [signedIn(path), path] as const)];
  const figure = (build: Build, key: string, name: string) => {
    const value = lighthouse[build.label]?.[key]?.median[name];
    return value === undefined || Number.isNaN(value) ? '-' : value.toFixed(0);
  };
  const pair = (key: string, name: string, width: number) => `${figure(before, key, name).padStart(width)} ${figure(after, key, name).padStart(5)}`;
  for (const [key, path] of keys) {
    const bytes = (build: Build) => String(build.firstResponses!.find((r) => r.path === path)!.totalBytes);
    console.log(
      `${pair(key, 'performance', 11)} | ${pair(key, 'tbtMs', 19)} | ${pair(key, 'tbtCpuMs', 20)} | ${pair(key, 'lcpMs', 19)} | ${bytes(before).padStart(19)} ${bytes(after).padStart(5)} | ${pair(key, 'scriptBytes', 17)}  ${key}`,
    );
  }
}

mkdirSync('bench-results', { recursive: true });
writeFileSync(
  smokeDir ? 'bench-results/site-smoke.json' : 'bench-results/site.json',
  JSON.stringify(
    {
      date: new Date().toISOString(),
      runs,
      buildSeconds,
      weights,
      accountWeights,
      formWeights,
      firstResponses: Object.fromEntries(builds.map((b) => [b.label, b.firstResponses?.map(({ html: _html, ...rest }) => rest)])),
      lighthouse,
      navigation,
      adminRender,
    },
    null,
    2,
  ),
);
console.log(`\nFigures saved to bench-results/site${smokeDir ? '-smoke' : ''}.json`);
rmSync(work, { recursive: true, force: true });
