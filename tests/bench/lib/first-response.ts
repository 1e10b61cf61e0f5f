// A page's first response as the site server sends it (scripts/static-host.ts, with the build's own
// `_headers`): the status line, the headers and the gzip body, and where its bytes go. Under
// Lighthouse's mobile profile a new connection delivers about 14,600 bytes in its first round trip
// (10 segments of 1,460 bytes); a document that fits, and names its largest element's resource
// within it, paints without waiting for a second one.
//
// The body's bytes are split by what they carry: each kind of inline content is taken out of the
// page in turn and the gzip body shrinks by its share (compression shares a dictionary across the
// whole document, so a part's cost is what the document saves without it, in this order); what is
// left is the markup and text. Chunked transfer framing is not counted: HTTP/2 hosts send none.
import { get } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';

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

/** gzip at the level Node's createGzip uses by default (the site server's), header included. */
const gzipSize = (text: string) => gzipSync(text).length;

/** Fetches `path` from the site at `origin` as a browser would (gzip accepted) and splits its bytes. */
export function firstResponse(origin: string, path: string, headers: Record<string, string> = {}): Promise<FirstResponse> {
  return new Promise((resolve, reject) => {
    const request = get(`${origin}${path}`, { headers: { 'Accept-Encoding': 'gzip, deflate, br', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const statusLine = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`;
        const lines: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          // The framing of this local HTTP/1.1 connection, which a production host does not send.
          if (/^(transfer-encoding|connection|keep-alive)$/i.test(res.rawHeaders[i]!)) continue;
          lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`);
        }
        const headerBytes = Buffer.byteLength(statusLine + lines.join('') + '\r\n');
        const html = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8');
        resolve({
          path,
          status: res.statusCode ?? 0,
          headerBytes,
          bodyBytes: body.length,
          totalBytes: headerBytes + body.length,
          parts: split(html, body.length),
          html,
        });
      });
    });
    request.on('error', reject);
  });
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
  console.log(' total  fits  headers   body |    css  scripts    svg  json-ld  markup+text  page');
  for (const r of rows) {
    const n = (value: number, width: number) => String(value).padStart(width);
    const fits = r.totalBytes <= FIRST_ROUND_TRIP_BYTES ? 'yes' : 'NO ';
    console.log(
      `${n(r.totalBytes, 6)}  ${fits}  ${n(r.headerBytes, 7)}  ${n(r.bodyBytes, 5)} | ${n(r.parts.css, 6)}  ${n(r.parts.scripts, 7)}  ${n(r.parts.svg, 5)}  ${n(r.parts.jsonLd, 7)}  ${n(r.parts.markup, 11)}  ${r.path}${r.status === 200 ? '' : ` (${r.status})`}`,
    );
  }
}
