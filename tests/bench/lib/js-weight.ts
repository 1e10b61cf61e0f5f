// Measures the JavaScript a built page ships: scripts that load with the page (eager) and island
// code that loads later, when the island becomes visible or the browser is idle, or scripts the
// layout adds after the load event (deferred). Every module's static imports are followed; each
// file counts once per page, gzip-compressed.
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface PageWeight {
  eagerBytes: number;
  deferredBytes: number;
  files: string[];
}

const gzipSize = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

function staticImports(code: string): string[] {
  // Minified ES modules: `import"./a.js"`, `from"./b.js"`, with or without spaces.
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bimport|\bfrom)\s*["']([^"']+\.js)["']/g)) found.add(match[1]!);
  return [...found];
}

function collect(distDir: string, url: string, seen: Set<string>): number {
  if (seen.has(url) || !url.startsWith('/')) return 0;
  seen.add(url);
  const file = join(distDir, url);
  if (!existsSync(file)) return 0;
  const code = readFileSync(file, 'utf8');
  let bytes = gzipSize(code);
  for (const spec of staticImports(code)) {
    const target = spec.startsWith('/') ? spec : posix.join(posix.dirname(url), spec);
    bytes += collect(distDir, target, seen);
  }
  return bytes;
}

/** Weighs the JavaScript of one built HTML page. */
export function measurePage(distDir: string, htmlFile: string): PageWeight {
  const page = readFileSync(htmlFile, 'utf8');
  const seen = new Set<string>();
  let eagerBytes = 0;
  let deferredBytes = 0;

  // Scripts held in a <template> load only when the page puts a copy in the document (the layout
  // does so after the load event): deferred.
  const templates = [...page.matchAll(/<template\b[^>]*>([\s\S]*?)<\/template>/g)];
  for (const template of templates) {
    for (const match of (template[1] ?? '').matchAll(/<script\b[^>]*\bsrc=["']?([^"'\s>]+)[^>]*>/g)) {
      deferredBytes += collect(distDir, match[1]!, seen);
    }
  }
  const html = page.replace(/<template\b[^>]*>[\s\S]*?<\/template>/g, '');

  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = match[1] ?? '';
    // Data, not code: JSON-LD and speculation rules.
    if (/type=["']?(application\/(ld\+)?json|speculationrules)/.test(attrs)) continue;
    const src = /\bsrc=["']?([^"'\s>]+)/.exec(attrs)?.[1];
    if (src) eagerBytes += collect(distDir, src, seen);
    else if ((match[2] ?? '').trim()) {
      eagerBytes += gzipSize(match[2]!);
      for (const spec of staticImports(match[2]!)) eagerBytes += collect(distDir, spec, seen);
    }
  }
  for (const match of html.matchAll(/<link\b[^>]*rel=["']?modulepreload["']?[^>]*>/g)) {
    const href = /\bhref=["']?([^"'\s>]+)/.exec(match[0])?.[1];
    if (href) eagerBytes += collect(distDir, href, seen);
  }
  for (const match of html.matchAll(/<astro-island\b([^>]*)>/g)) {
    const attrs = match[1] ?? '';
    const strategy = /\bclient=["']?([\w-]+)/.exec(attrs)?.[1] ?? 'load';
    for (const key of ['component-url', 'renderer-url']) {
      const url = new RegExp(`\\b${key}=["']?([^"'\\s>]+)`).exec(attrs)?.[1];
      if (!url) continue;
      const bytes = collect(distDir, url, seen);
      if (strategy === 'load' || strategy === 'only') eagerBytes += bytes;
      else deferredBytes += bytes;
    }
  }
  return { eagerBytes, deferredBytes, files: [...seen] };
}

/** The site path of a built HTML file (dist/visa/1.html -> /visa/1). */
export function routeOf(distDir: string, htmlFile: string): string {
  const rel = htmlFile.slice(distDir.length).replace(/\\/g, '/');
  const route = rel.replace(/(\/index)?\.html$/, '');
  return route === '' ? '/' : route;
}

