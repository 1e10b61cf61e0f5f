// A page's first response as the site server sends it (scripts/static-host.ts, with the build's own
// `_headers`): the status line, the headers and the gzip body, and where its bytes go. Under
// Lighthouse's mobile profile a new connection delivers about 14,600 bytes in its first round trip
// (10 segments of 1,460 bytes); a document that fits, and names its largest element's resource
// within it, paints without waiting for a second one.
//
// The body's bytes are split by what they carry: each kind of inline content is taken out of the
// page in turn and the gzip body shrinks by its share (compression shares a dictionary across the
// whole document, so a part's cost is what the document saves without it, in this order); what is
// left is the markup and text. The figure is the gzip one, as the site server sends it; beside it,
// for reading only, the same response with a brotli body at quality 11, what a host that stores
// its files precompressed could send instead. Connection framing headers are not counted: HTTP/2
// hosts send none.
import { get } from 'node:http';
import { brotliCompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';

/** What fits in a new connection's first round trip: an initial window of 10 segments of 1,460 bytes. */
export const FIRST_ROUND_TRIP_BYTES = 14_600;

export interface FirstResponse {
  path: string;
  status: number;
  /** Status line and headers, as sent (CRLFs included). */
  headerBytes: number;
  /** The gzip body as sent. */
  bodyBytes: number;
  totalBytes: number;
  /** The same headers with the body in brotli at quality 11 (a host that precompresses its files). */
  brotliBytes: number;
  /** The body's bytes by what they carry; they add up to bodyBytes. */
  parts: {
    css: number;
    scripts: number;
    svg: number;
    jsonLd: number;
    markup: number;
  };
  /** The uncompressed HTML, for finding a resource's position in it. */
  html: string;
}

/** The parts taken out in turn, each a pattern of the elements that carry it. */
const PARTS = [
  ['jsonLd', /<script\b[^>]*type=["']?application\/ld\+json[^>]*>[\s\S]*?<\/script>/gi],
  ['scripts', /<script\b[^>]*>[\s\S]*?<\/script>/gi],
  ['css', /<style\b[^>]*>[\s\S]*?<\/style>/gi],
  ['svg', /<svg\b[^>]*>[\s\S]*?<\/svg>/gi],
] as const;

/** gzip as the site server compresses (zlib's default level), header included. */
const gzipSize = (text: string) => gzipSync(text).length;

const brotliSize = (text: string) =>
  brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length;

interface Raw {
  status: number;
  headerBytes: number;
  body: Buffer;
  encoding: string | undefined;
}

/** One GET as sent: the status line and headers' bytes and the body as it came (still compressed). */
function fetchRaw(origin: string, path: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = get(`${origin}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const statusLine = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`;
        const lines: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          // The framing of this local HTTP/1.1 connection, which a production host does not send.
          if (/^(transfer-encoding|connection|keep-alive)$/i.test(res.rawHeaders[i]!)) continue;
          lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`);
        }
        resolve({
          status: res.statusCode ?? 0,
          headerBytes: Buffer.byteLength(statusLine + lines.join('') + '\r\n'),
          body: Buffer.concat(chunks),
          encoding: res.headers['content-encoding'],
        });
      });
    });
    request.on('error', reject);
  });
}

/** Fetches `path` from the site at `origin` as a browser would (gzip accepted) and splits its bytes. */
export async function firstResponse(origin: string, path: string, headers: Record<string, string> = {}): Promise<FirstResponse> {
  const gzip = await fetchRaw(origin, path, { 'Accept-Encoding': 'gzip, deflate, br', ...headers });
  const html = (gzip.encoding === 'gzip' ? gunzipSync(gzip.body) : gzip.body).toString('utf8');
  return {
    path,
    status: gzip.status,
    headerBytes: gzip.headerBytes,
    bodyBytes: gzip.body.length,
    totalBytes: gzip.headerBytes + gzip.body.length,
    // Content-Length's digits change with the body; a difference of a byte or two is left in.
    brotliBytes: gzip.headerBytes + brotliSize(html),
    parts: split(html, gzip.body.length),
    html,
  };
}

/** The gzip body split by what it carries: each part's share is what taking it out saves. */
function split(html: string, bodyBytes: number): FirstResponse['parts'] {
  const parts = { css: 0, scripts: 0, svg: 0, jsonLd: 0, markup: 0 };
  let rest = html;
  let size = gzipSize(rest);
  for (const [name, pattern] of PARTS) {
    const without = rest.replace(pattern, '');
    const smaller = gzipSize(without);
    parts[name] = size - smaller;
    rest = without;
    size = smaller;
  }
  // The rest, measured against the real body so the parts add up to what was sent.
  parts.markup = bodyBytes - (parts.css + parts.scripts + parts.svg + parts.jsonLd);
  return parts;
}

/**
 * The bytes of the response up to and including the first mention of `url` in the HTML (headers
 * plus the gzip of the HTML so far): whether the browser learns of the resource in the first round
 * trip. Undefined when the HTML does not name it.
 */
export function bytesUntil(response: FirstResponse, url: string): number | undefined {
  const candidates = [url, url.replace(/&/g, '&amp;')];
  try {
    const parsed = new URL(url);
    candidates.push(parsed.pathname + parsed.search, (parsed.pathname + parsed.search).replace(/&/g, '&amp;'));
  } catch {
    // Already a path.
  }
  const ends = candidates.flatMap((c) => {
    const index = response.html.indexOf(c);
    return index === -1 ? [] : [index + c.length];
  });
  if (ends.length === 0) return undefined;
  return response.headerBytes + gzipSize(response.html.slice(0, Math.min(...ends)));
}

/** Prints the first responses as a table: totals, then the parts of each body. */
export function printFirstResponses(title: string, rows: FirstResponse[]): void {
  console.log(`\n${title}`);
  console.log(' total  fits  headers   body |    css  scripts    svg  json-ld  markup+text |  brotli  fits  page');
  for (const r of rows) {
    const n = (value: number, width: number) => String(value).padStart(width);
    const fits = (bytes: number) => (bytes <= FIRST_ROUND_TRIP_BYTES ? 'yes' : 'NO ');
    console.log(
      `${n(r.totalBytes, 6)}  ${fits(r.totalBytes)}  ${n(r.headerBytes, 7)}  ${n(r.bodyBytes, 5)} | ${n(r.parts.css, 6)}  ${n(r.parts.scripts, 7)}  ${n(r.parts.svg, 5)}  ${n(r.parts.jsonLd, 7)}  ${n(r.parts.markup, 11)} | ${n(r.brotliBytes, 7)}  ${fits(r.brotliBytes)}  ${r.path}${r.status === 200 ? '' : ` (${r.status})`}`,
    );
  }
}
