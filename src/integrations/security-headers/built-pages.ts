// What the policy needs to know about the built site, read from the HTML files themselves (what a
// browser gets, after every integration has run): the hash of each inline script, and the
// addresses of the pages.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** Every `.html` file under the folder, as paths relative to it with `/` separators. */
export async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
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

/**
 * The hosts' addresses of the pages (`about.html` is served at `/about`, `index.html` at `/`), and
 * each folder of pages as one `/folder/*` pattern, so the rule count stays small as content grows
 * (the site's folders hold pages only). The 404 page is left out: hosts send it for any missing
 * address.
 */
export function pagePaths(files: string[]): string[] {
  const folders = new Set(files.filter((file) => file.includes('/')).map((file) => file.slice(0, file.indexOf('/'))));
  const paths = files
    .filter((file) => !file.includes('/') && file !== '404.html')
    .map((file) => (file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`));
  return [...paths, ...[...folders].map((folder) => `/${folder}/*`)];
}

/** The hashes of every inline script of the built site (each once) and its pages' addresses. */
export async function readBuiltPages(dir: string): Promise<{ scriptHashes: string[]; htmlPaths: string[] }> {
  const files = await htmlFiles(dir);
  const hashes = new Set<string>();
  for (const file of files) {
    for (const hash of inlineScriptHashes(await readFile(join(dir, file), 'utf8'))) hashes.add(hash);
  }
  return { scriptHashes: [...hashes].sort(), htmlPaths: pagePaths(files) };
}
