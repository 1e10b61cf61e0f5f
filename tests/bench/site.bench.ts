// `npm run bench`: builds the site from cold and prints the figures behind our performance goals:
// cold build time, JavaScript shipped per page (gzip), and Lighthouse mobile scores with LCP, TBT
// and CLS for one page of each type. It prints; it does not pass or fail (goals are in the README).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measurePage, routeOf } from './lib/js-weight.ts';
import { audit } from './lib/lighthouse.ts';
import { serveStatic } from './lib/static-server.ts';
import { measureFormPages } from './lib/form-weights.ts';

const LIGHTHOUSE_PATHS = ['/', '/contact', '/visa', '/visa/1', '/country/1', '/services/1', '/service-details/consultancy', '/news-media'];
const skipLighthouse = process.argv.includes('--no-lighthouse');

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

// Form pages in a browser: what loads first, and what the form adds once the visitor uses it.
const { origin: formOrigin, server: formServer } = await serveStatic(outDir);
const formWeights = await measureFormPages(formOrigin).finally(() => formServer.close());
console.log('\nForm pages, JavaScript in the browser (gzip bytes)');
console.log('at load  after use  page (form)');
for (const f of formWeights) console.log(`${String(f.beforeBytes).padStart(7)}  ${String(f.afterBytes).padStart(9)}  ${f.page} (${f.form})`);

const lighthouse: Record<string, unknown> = {};
if (!skipLighthouse) {
  const { origin, server } = await serveStatic(outDir);
  try {
    const figures = await audit(LIGHTHOUSE_PATHS.map((path) => origin + path));
    console.log('\nLighthouse (mobile, simulated throttling)');
    console.log('perf  a11y  best  seo    LCP ms   TBT ms   CLS    page');
    for (const [url, f] of figures) {
      const cells = [f.performance, f.accessibility, f.bestPractices, f.seo].map((n) => String(n).padStart(4));
      console.log(
        `${cells.join('  ')}  ${f.lcpMs.toFixed(0).padStart(7)}  ${f.tbtMs.toFixed(0).padStart(7)}  ${f.cls.toFixed(3)}  ${url.slice(origin.length)}`,
      );
      lighthouse[url.slice(origin.length)] = f;
    }
  } finally {
    server.close();
  }
}

mkdirSync('bench-results', { recursive: true });
writeFileSync(
  'bench-results/site.json',
  JSON.stringify({ date: new Date().toISOString(), buildSeconds, weights, formWeights, lighthouse }, null, 2),
);
console.log('\nFigures saved to bench-results/site.json');
rmSync(work, { recursive: true, force: true });
