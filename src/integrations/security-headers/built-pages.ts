// What the policy needs to know about the built site, read from the HTML files themselves (what a
// browser gets, after every integration has run): the hash of each inline script, and the
// addresses of the pages, so each page's policy allows its own scripts only.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** Every `.html` file under the folder, as paths relative to it with `/` separators. */
export async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/**
 * Rewrites each built page with `transform` (which answers undefined to leave a page as it is),
 * writing only the pages it changed; resolves with how many it changed. The build steps that edit
 * the pages after Astro has written them use it (../island-runtime.ts, ../prune-scoped-styles.ts).
 */
export async function rewritePages(dir: string, transform: (html: string) => string | undefined): Promise<number> {
  let changed = 0;
  for (const file of await htmlFiles(dir)) {
    const path = join(dir, file);
    const html = transform(await readFile(path, 'utf8'));
    if (html === undefined) continue;
    await writeFile(path, html);
    changed += 1;
  }
  return changed;
}

// A script element's attributes and text. A script's text cannot hold `</script>`, so the first
// one closes it, as in the browser's parser.
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
// JSON-LD is a data block the browser never runs, which script-src does not govern.
const DATA_BLOCK = /\btype\s*=\s*["']?application\/ld\+json/i;

/** The CSP source (`sha256-…`) of each inline script in the HTML, speculation rules included. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_BLOCK.test(attributes)) continue;
    hashes.push(`sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`);
  }
  return hashes;
}

/** A rule pattern of the pages and the hashes of the inline scripts served under it. */
export interface PageScripts {
  path: string;
  scriptHashes: string[];
}

/**
 * The hosts' address of a page (`about.html` is served at `/about`, `index.html` at `/`), or the
 * `/folder/*` pattern of a page in a folder, so the rule count stays small as content grows (the
 * site's folders hold pages only); undefined for the 404 page, which hosts send for any missing
 * address.
 */
function pagePattern(file: string): string | undefined {
  if (file === '404.html') return undefined;
  if (file.includes('/')) return `/${file.slice(0, file.indexOf('/'))}/*`;
  return file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`;
}

/**
 * Each page pattern with the hashes its responses must allow, from each HTML file's own hashes:
 * a folder pattern gets the union of its pages', and the 404 page's too, because hosts answer a
 * missing address under the folder (`/services/unknown`) with 404.html and that pattern's headers.
 * A page named like a folder (`/visa` and `/visa/*`) gets the same union as the folder: Netlify's
 * `/visa/*` also matches `/visa`, and two identical policies enforced together allow what one does.
 * Top-level pages come first, then folders, each group in file order.
 */
export function pageScripts(hashesByFile: Map<string, string[]>): PageScripts[] {
  const byPath = new Map<string, Set<string>>();
  const files = [...hashesByFile.keys()].sort((a, b) => Number(a.includes('/')) - Number(b.includes('/')) || a.localeCompare(b));
  for (const file of files) {
    const path = pagePattern(file);
    if (!path) continue;
    const hashes = byPath.get(path) ?? new Set<string>();
    for (const hash of hashesByFile.get(file) ?? []) hashes.add(hash);
    byPath.set(path, hashes);
  }
  for (const [path, hashes] of byPath) {
    if (!path.endsWith('/*')) continue;
    for (const hash of hashesByFile.get('404.html') ?? []) hashes.add(hash);
    const page = byPath.get(path.slice(0, -2));
    if (!page) continue;
    for (const hash of page) hashes.add(hash);
    byPath.set(path.slice(0, -2), hashes);
  }
  return [...byPath].map(([path, hashes]) => ({ path, scriptHashes: [...hashes].sort() }));
}

/** The page patterns of the built site, each with the hashes of the inline scripts served under it. */
export async function readBuiltPages(dir: string): Promise<PageScripts[]> {
  const hashesByFile = new Map<string, string[]>();
  for (const file of await htmlFiles(dir)) hashesByFile.set(file, inlineScriptHashes(await readFile(join(dir, file), 'utf8')));
  return pageScripts(hashesByFile);
}
