// `npm run bench`: builds the site from cold and prints the figures behind our performance goals:
// cold build time, JavaScript shipped per page (gzip), Lighthouse mobile scores with FCP, LCP, TBT,
// CLS, the largest-paint element and the bytes first paint waited for, for one page of each type,
// the time of a navigation between two pages on a throttled phone profile, and how long the admin
// dashboard takes to render a 100-row page of its table. Lighthouse figures are medians of several
// runs (`--runs N`, default 3). It prints; it does not pass or fail.
//
// `--baseline DIR` also measures another build (a dist folder built from another commit) in the
// same session, alternating between the two page by page and run by run (A B A B ...), so that a
// busy machine disturbs both alike; compare medians, not single runs.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { measurePage, routeOf } from './lib/js-weight.ts';
import { measureAccountWeights, printAccountWeights } from './lib/account-weight.ts';
import { audit, type LighthouseFigures } from './lib/lighthouse.ts';
import { timeNavigation } from './lib/navigation.ts';
import { serveStatic } from './lib/static-server.ts';
import { measureFormPages } from './lib/form-weights.ts';
import { measureAdminRender, type AdminRenderFigures } from './lib/admin-render.ts';
import { median } from './lib/median.ts';

const LIGHTHOUSE_PATHS = [
  '/',
  '/visa',
  '/visa/1',
  '/country/1',
  '/services',
  '/services/1',
  '/service-details/consultancy',
  '/team',
  '/news-media',
  '/login',
  '/signup',
  '/profile',
  '/contact',
  '/visa-form',
];
const NAVIGATION = { from: '/', link: 'List of Visa', to: '/visa' };

const argv = process.argv.slice(2);
const option = (name: string) => {
  const index = argv.indexOf(name);
  return index === -1 ? undefined : argv[index + 1];
};
const skipLighthouse = argv.includes('--no-lighthouse');
const runs = Math.max(1, Number(option('--runs') ?? 3));
const baselineDir = option('--baseline');

const work = mkdtempSync(join(tmpdir(), 'site-bench-'));
const outDir = join(work, 'dist');
const env = { ...process.env, ASTRO_OUT_DIR: outDir, ASTRO_CACHE_DIR: join(work, 'cache'), ASTRO_TELEMETRY_DISABLED: '1' };

const started = performance.now();
execFileSync('npx', ['astro', 'build', '--silent'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
const buildSeconds = (performance.now() - started) / 1000;
console.log(`Cold build: ${buildSeconds.toFixed(1)} s`);

const htmlFiles = (readdirSync(outDir, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.html'))
  .map((file) => join(outDir, file));
const weights = htmlFiles
  .map((file) => ({ route: routeOf(outDir, file), ...measurePage(outDir, file) }))
  .sort((a, b) => a.route.localeCompare(b.route));

console.log(`\nJavaScript per page (gzip bytes), ${weights.length} pages`);
console.log('eager   deferred  page');
for (const w of weights) console.log(`${String(w.eagerBytes).padStart(6)}  ${String(w.deferredBytes).padStart(8)}  ${w.route}`);
const zero = weights.filter((w) => w.eagerBytes + w.deferredBytes === 0).length;
console.log(`${zero} of ${weights.length} pages ship no JavaScript at all.`);
const accountWeights = measureAccountWeights(outDir);
printAccountWeights(accountWeights);

// Form pages in a browser: what loads first, and what the form adds once the visitor uses it.
const { origin: formOrigin, server: formServer } = await serveStatic(outDir);
const formWeights = await measureFormPages(formOrigin).finally(() => formServer.close());
console.log('\nForm pages, JavaScript in the browser (gzip bytes)');
console.log('at load  after use  page (form)');
for (const f of formWeights) console.log(`${String(f.beforeBytes).padStart(7)}  ${String(f.afterBytes).padStart(9)}  ${f.page} (${f.form})`);


interface Build {
  label: string;
  dir: string;
  origin?: string;
}
const builds: Build[] = [{ label: 'this build', dir: outDir }];
if (baselineDir) builds.unshift({ label: 'baseline', dir: resolve(baselineDir) });

const lighthouse: Record<string, Record<string, { runs: LighthouseFigures[]; median: Record<string, number> }>> = {};
const navigation: Record<string, { runsMs: number[]; medianMs: number }> = {};
let adminRender: AdminRenderFigures | undefined;
const servers = await Promise.all(builds.map((build) => serveStatic(build.dir)));
builds.forEach((build, index) => (build.origin = servers[index]!.origin));
try {
  if (!skipLighthouse) {
    // Page by page and run by run, every build in turn: A B A B ...
    const urls: string[] = [];
    for (let run = 0; run < runs; run += 1)
      for (const path of LIGHTHOUSE_PATHS) for (const build of builds) urls.push(build.origin + path);
    const figures = await audit(urls);
    for (const build of builds) {
      const byPath: Record<string, { runs: LighthouseFigures[]; median: Record<string, number> }> = {};
      for (const [url, f] of figures) {
        if (!url.startsWith(`${build.origin!}/`) && url !== build.origin) continue;
        const path = url.slice(build.origin!.length) || '/';
        (byPath[path] ??= { runs: [], median: {} }).runs.push(f);
      }
      console.log(`\nLighthouse (mobile, simulated throttling), ${build.label}, medians of ${runs}`);
      console.log('perf  a11y  best  seo   FCP ms  LCP ms  TBT ms  CLS    bytes<FCP  page (largest paint)');
      for (const path of LIGHTHOUSE_PATHS) {
        const entry = byPath[path]!;
        const keys = ['performance', 'accessibility', 'bestPractices', 'seo', 'fcpMs', 'lcpMs', 'tbtMs', 'cls', 'bytesBeforeFcp'] as const;
        for (const key of keys) entry.median[key] = median(entry.runs.map((f) => f[key]));
        const m = entry.median;
        const cells = [m.performance, m.accessibility, m.bestPractices, m.seo].map((n) => String(n).padStart(4));
        console.log(
          `${cells.join('  ')}  ${m.fcpMs!.toFixed(0).padStart(6)}  ${m.lcpMs!.toFixed(0).padStart(6)}  ${m.tbtMs!.toFixed(0).padStart(6)}  ${m.cls!.toFixed(3)}  ${String(m.bytesBeforeFcp).padStart(9)}  ${path} (${entry.runs[0]!.lcpElement})`,
        );
      }
      lighthouse[build.label] = byPath;
    }
  }

  // Navigation on a throttled profile, builds alternating run by run.
  const times = new Map<string, number[]>(builds.map((build) => [build.label, []]));
  for (let run = 0; run < runs; run += 1)
    for (const build of builds)
      times.get(build.label)!.push(...(await timeNavigation(build.origin + NAVIGATION.from, NAVIGATION.link, build.origin + NAVIGATION.to, 1)));
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
} finally {
  for (const { server } of servers) server.close();
}

mkdirSync('bench-results', { recursive: true });
writeFileSync(
  'bench-results/site.json',
  JSON.stringify({ date: new Date().toISOString(), runs, buildSeconds, weights, accountWeights, formWeights, lighthouse, navigation, adminRender }, null, 2),
);
console.log('\nFigures saved to bench-results/site.json');
rmSync(work, { recursive: true, force: true });
