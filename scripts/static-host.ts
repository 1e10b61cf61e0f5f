// The built site served as a static host serves it, with the headers of its `_headers` file
// (written by src/integrations/security-headers/): `npm start` and `npm run preview`
// (scripts/serve-site.ts), the browser tests and the benchmarks (tests/bench/lib/static-server.ts)
// all see what production sends. Like Netlify and Cloudflare Pages: every rule that matches the
// address adds its headers (../src/integrations/security-headers/headers-file.ts joins a header
// named twice, as they do), so a page gets its own policy and a missing page the 404 page with the
// headers of the address asked for; `/about` serves about.html, `/` index.html, a folder its
// index.html, anything missing 404.html with status 404, `_headers` itself is not served, and text
// is gzip-compressed as a CDN sends a cached file: the whole body with its Content-Length, not
// chunked (framing an HTTP/2 host never sends, which would add bytes to every first response). It
// answers conditional requests (ETag) and byte ranges (the testimony videos).
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { headersFor, parseHeadersFile, type HeaderRule } from '../src/integrations/security-headers/headers-file.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.xml', '.txt', '.svg']);

/**
 * Browsers ignore HSTS received over plain http (RFC 6797, 8.1), and this server speaks only
 * http: the header is left to the production host.
 */
const HTTPS_ONLY = new Set(['strict-transport-security']);

/** The gzip body of each file, with the version (ETag) it was made from: each file is compressed once, as a CDN caches it. */
const gzipped = new Map<string, { etag: string; body: Buffer }>();

function gzippedFile(file: string, etag: string): Buffer {
  const cached = gzipped.get(file);
  if (cached?.etag === etag) return cached.body;
  const body = gzipSync(readFileSync(file));
  gzipped.set(file, { etag, body });
  return body;
}

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/** The file a URL path names under root, as the hosts resolve it; null when there is none. */
export function resolveFile(root: string, urlPath: string): string | null {
  const pathname = urlPath.split('?')[0] ?? '/';
  const path = normalize(join(root, pathname));
  // `..` may not leave the folder and the headers file is configuration (trailingSlash: 'never').
  if (!(path + sep).startsWith(root + sep) || path === join(root, '_headers')) return null;
  if (pathname === '/') return join(root, 'index.html');
  // A folder's own page (the content editor, /cms/) is served at its address with the slash, as
  // the hosts do; other trailing slashes are not the site's addresses.
  if (pathname.endsWith('/')) return isFile(join(path, 'index.html')) ? join(path, 'index.html') : null;
  return [path, `${path}.html`, join(path, 'index.html')].find(isFile) ?? null;
}

/** The rules of the build's `_headers`, or undefined when the build has none. */
export async function readHeaderRules(root: string): Promise<HeaderRule[] | undefined> {
  const text = await readFile(join(root, '_headers'), 'utf8').catch(() => undefined);
  return text === undefined ? undefined : parseHeadersFile(text);
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
function serve(root: string, rules: HeaderRule[], req: IncomingMessage, res: ServerResponse): void {
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
  const found = resolveFile(root, pathname);
  const file = found ?? join(root, '404.html');
  if (!isFile(file)) {
    res.writeHead(404, { 'Content-Type': TYPES['.txt'] }).end('Not found');
    return;
  }
  const { size, mtimeMs } = statSync(file);
  const etag = `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
  const ext = extname(file);
  res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
  res.setHeader('ETag', etag);
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Vary', 'Accept-Encoding');
  if (found && req.headers['if-none-match'] === etag) {
    res.writeHead(304).end();
    return;
  }
  const range = found ? byteRange(req.headers.range, size) : undefined;
  const gzip = !range && COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const status = !found ? 404 : range ? 206 : 200;
  if (gzip) {
    const body = gzippedFile(file, etag);
    res.writeHead(status, { 'Content-Encoding': 'gzip', 'Content-Length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  if (range) res.setHeader('Content-Range', `bytes ${start}-${end}/${size}`);
  res.setHeader('Content-Length', String(end - start + 1));
  res.writeHead(status);
  if (req.method === 'HEAD' || size === 0) {
    res.end();
    return;
  }
  createReadStream(file, { start, end }).pipe(res);
}

/** An HTTP server (not yet listening) for the built site in root, sending the rules' headers. */
export function createSiteServer(root: string, rules: HeaderRule[]): Server {
  return createServer((req, res) => serve(root, rules, req, res));
}
