// The JavaScript budget of the account pages and the nav's account menu, measured on a built site:
// - a public page for a signed-out visitor: what loads at once (no island with `client:session`
//   hydrates), which must hold no React and no supabase-js;
// - the same page for a signed-in visitor: plus the nav's auth island, React and supabase-js;
// - each account page: its scripts and island at load, and with supabase-js, which the page
//   imports on demand (at once on /profile, /verify and /set-password; when the visitor starts
//   typing on the forms).
// Files are followed through static imports and, for islands, dynamic imports (`import(`…`)`),
// each counted once per row, gzip level 9.
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

const ACCOUNT_PAGES = ['/signup', '/login', '/reset', '/verify', '/set-password', '/profile'];
const PUBLIC_PAGES = ['/', '/about'];

export interface AccountWeightRow {
  page: string;
  visitor: 'signed out' | 'signed in';
  /** gzip bytes at load (scripts, islands that hydrate on load, their static imports). */
  atLoadBytes: number;
  /** gzip bytes once every on-demand import of the islands has loaded too (supabase-js). */
  totalBytes: number;
  react: boolean;
  supabase: boolean;
}

const gzipSize = (text: string) => gzipSync(text, { level: 9 }).length;
const isReact = (file: string) => /\/(client|react|jsx-runtime)\.[\w-]+\.js$/.test(file);
const isSupabase = (file: string) => /\/supabase\.[\w-]+\.js$/.test(file);
const STATIC_IMPORT = /(?:\bimport|\bfrom)\s*["']([^"']+\.js)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*[`"']([^`"']+\.js)[`"']\s*\)/g;

/** Walks `url` and its imports, adding each new file to `loaded`; returns the gzip bytes of the new files. */
function walk(distDir: string, url: string, loaded: Set<string>, withDynamic: boolean, walked = new Set<string>()): number {
  if (walked.has(url) || !url.startsWith('/')) return 0;
  walked.add(url);
  const file = join(distDir, url);
  if (!existsSync(file)) return 0;
  const code = readFileSync(file, 'utf8');
  let bytes = 0;
  if (!loaded.has(url)) {
    loaded.add(url);
    bytes += gzipSize(code);
  }
  const specs = [...code.matchAll(STATIC_IMPORT), ...(withDynamic ? code.matchAll(DYNAMIC_IMPORT) : [])].map((m) => m[1]!);
  for (const spec of specs)
    bytes += walk(distDir, spec.startsWith('/') ? spec : posix.join(posix.dirname(url), spec), loaded, withDynamic, walked);
  return bytes;
}

/** The page's own scripts (external, inline and modulepreload), and its islands by hydration strategy. */
function scriptsOf(html: string) {
  const external: string[] = [];
  const inline: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = match[1] ?? '';
    if (/type=["']?application\/(ld\+)?json/.test(attrs)) continue;
    const src = /\bsrc=["']?([^"'\s>]+)/.exec(attrs)?.[1];
    if (src) external.push(src);
    else if ((match[2] ?? '').trim()) inline.push(match[2]!);
  }
  for (const match of html.matchAll(/<link\b[^>]*rel=["']?modulepreload["']?[^>]*>/g)) {
    const href = /\bhref=["']?([^"'\s>]+)/.exec(match[0])?.[1];
    if (href) external.push(href);
  }
  const islands = [...html.matchAll(/<astro-island\b([^>]*)>/g)].map((match) => {
    const attrs = match[1] ?? '';
    const strategy = /\bclient=["']?([\w-]+)/.exec(attrs)?.[1] ?? 'load';
    const urls = ['component-url', 'renderer-url'].flatMap((key) => new RegExp(`\\b${key}=["']?([^"'\\s>]+)`).exec(attrs)?.[1] ?? []);
    return { strategy, urls };
  });
  return { external, inline, islands };
}

function row(distDir: string, page: string, visitor: AccountWeightRow['visitor']): AccountWeightRow {
  const html = readFileSync(join(distDir, page === '/' ? 'index.html' : `${page.slice(1)}.html`), 'utf8');
  const { external, inline, islands } = scriptsOf(html);
  const loaded = new Set<string>();
  let atLoadBytes = inline.reduce((sum, code) => sum + gzipSize(code), 0);
  for (const code of inline) for (const m of code.matchAll(STATIC_IMPORT)) atLoadBytes += walk(distDir, m[1]!, loaded, false);
  for (const url of external) atLoadBytes += walk(distDir, url, loaded, false);
  // A signed-out visitor hydrates no `client:session` island; `client:visible` islands (the home
  // page's carousel) load later and are left out of both columns, as they are not the account's.
  const hydrating = islands.filter((island) =>
    island.strategy === 'session' ? visitor === 'signed in' : ['load', 'idle', 'painted', 'only'].includes(island.strategy),
  );
  for (const island of hydrating) for (const url of island.urls) atLoadBytes += walk(distDir, url, loaded, false);
  let totalBytes = atLoadBytes;
  for (const island of hydrating) for (const url of island.urls) totalBytes += walk(distDir, url, loaded, true);
  const files = [...loaded];
  return { page, visitor, atLoadBytes, totalBytes, react: files.some(isReact), supabase: files.some(isSupabase) };
}

/** The account budget's rows: public pages signed out and signed in, then each account page. */
export function measureAccountWeights(distDir: string): AccountWeightRow[] {
  return [
    ...PUBLIC_PAGES.flatMap((page) => [row(distDir, page, 'signed out'), row(distDir, page, 'signed in')]),
    ...ACCOUNT_PAGES.map((page) => row(distDir, page, 'signed out')),
  ];
}

/** Prints the rows as the bench's other tables do. */
export function printAccountWeights(rows: AccountWeightRow[]): void {
  console.log('\nAccount pages and the nav (gzip bytes; "total" adds what the islands import on demand: supabase-js)');
  console.log(' at load     total  React  supabase-js  page (visitor)');
  for (const r of rows) {
    const yes = (flag: boolean) => (flag ? 'yes' : 'no').padEnd(5);
    console.log(
      `${String(r.atLoadBytes).padStart(8)}  ${String(r.totalBytes).padStart(8)}  ${yes(r.react)}  ${yes(r.supabase).padEnd(11)}  ${r.page} (${r.visitor})`,
    );
  }
}
