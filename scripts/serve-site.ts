// Serves the built site as a static host would, with the headers of its `_headers` file (written by
// src/integrations/security-headers/), so `npm start`, `npm run preview` and the browser tests see
// the Content-Security-Policy and cache rules production sends. `astro preview` cannot add
// headers per path. Usage: node scripts/serve-site.ts [--port N] (default SITE_PORT); the folder
// is the build's ASTRO_OUT_DIR.
//
// Like Netlify and Cloudflare Pages: `/about` serves about.html, `/` index.html, a folder its
// index.html, anything missing 404.html with status 404, and `_headers` itself is not served. It
// answers conditional requests (ETag) and byte ranges (the testimony videos).
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { headersFor, parseHeadersFile, type HeaderRule } from '../src/integrations/security-headers/headers-file.ts';
import { readSiteEnv } from '../src/lib/site-env.ts';
import { loadConfig } from '../supabase/local/config.ts';
import { exitOnConfigError, loadProjectEnv } from '../supabase/local/env.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.woff2': 'font/woff2',
};

/**
 * Browsers ignore HSTS received over plain http (RFC 6797, 8.1), and a local server speaks only
 * http: the header is left to the production host.
 */
const HTTPS_ONLY = new Set(['strict-transport-security']);

interface Found {
  file: string;
  size: number;
  mtimeMs: number;
}

async function fileAt(path: string): Promise<Found | undefined> {
  try {
    const info = await stat(path);
    return info.isFile() ? { file: path, size: info.size, mtimeMs: info.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

/** The file a request path names, as the hosts resolve it; undefined when there is none. */
async function resolveFile(root: string, pathname: string): Promise<Found | undefined> {
  const path = normalize(join(root, pathname));
  // `..` may not leave the folder, the headers file is configuration, and trailing slashes are not
  // the site's addresses (trailingSlash: 'never').
  if (!(path + sep).startsWith(root + sep) || pathname === '/_headers') return undefined;
  if (pathname === '/') return fileAt(join(root, 'index.html'));
  if (pathname.endsWith('/')) return undefined;
  return (await fileAt(path)) ?? (await fileAt(`${path}.html`)) ?? fileAt(join(path, 'index.html'));
}

/** The single byte range a Range header asks for, or undefined when it asks for none we serve. */
function byteRange(header: string | undefined, size: number): { start: number; end: number } | undefined {
  const match = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start <= end ? { start, end } : undefined;
}

/** Answers one request from the folder with the rules' headers. */
async function serve(root: string, rules: HeaderRule[], req: IncomingMessage, res: ServerResponse): Promise<void> {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
  } catch {
    res.writeHead(400).end();
    return;
  }
  for (const [name, value] of Object.entries(headersFor(rules, pathname))) {
    if (!HTTPS_ONLY.has(name.toLowerCase())) res.setHeader(name, value);
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  const found = await resolveFile(root, pathname);
  const served = found ?? (await fileAt(join(root, '404.html')));
  if (!served) {
    res.writeHead(404, { 'Content-Type': TYPES['.txt'] }).end('Not found');
    return;
  }
  const etag = `W/"${served.size.toString(16)}-${Math.floor(served.mtimeMs).toString(16)}"`;
  res.setHeader('Content-Type', TYPES[extname(served.file)] ?? 'application/octet-stream');
  res.setHeader('ETag', etag);
  res.setHeader('Accept-Ranges', 'bytes');
  if (found && req.headers['if-none-match'] === etag) {
    res.writeHead(304).end();
    return;
  }
  const range = found ? byteRange(req.headers.range, served.size) : undefined;
  const status = !found ? 404 : range ? 206 : 200;
  const { start, end } = range ?? { start: 0, end: served.size - 1 };
  if (range) res.setHeader('Content-Range', `bytes ${start}-${end}/${served.size}`);
  res.writeHead(status, { 'Content-Length': String(end - start + 1) });
  if (req.method === 'HEAD' || served.size === 0) {
    res.end();
    return;
  }
  createReadStream(served.file, { start, end }).pipe(res);
}

loadProjectEnv();
const siteEnv = exitOnConfigError(() => readSiteEnv(process.env));
const { values } = parseArgs({ options: { port: { type: 'string' }, host: { type: 'string', default: '127.0.0.1' } } });
const port = values.port ? Number(values.port) : exitOnConfigError(() => loadConfig()).sitePort;
const root = resolve(siteEnv.ASTRO_OUT_DIR);
const rules = parseHeadersFile(await readFile(join(root, '_headers'), 'utf8').catch(() => {
  console.error(`No ${join(root, '_headers')}: build the site first (npm run build).`);
  process.exit(1);
}));

createServer((req, res) => {
  serve(root, rules, req, res).catch((error: unknown) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
}).listen(port, values.host, () => {
  console.log(`The site in ${root}: http://${values.host}:${port}`);
});
