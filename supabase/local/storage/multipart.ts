// A streaming multipart/form-data reader (RFC 7578), enough for what storage-js sends: text
// fields (cacheControl, metadata, contentEncoding) and one file. File data is handed on chunk by
// chunk as it arrives, so a large upload is never held whole in memory.
import { StorageErrors } from './errors.ts';

/** One part's headers, lower-cased names. */
export type PartHeaders = Record<string, string>;

/** What the reader calls as the body goes by. */
export interface PartHandlers {
  /** A part begins; return false to skip its data (onData and onEnd are then not called for it). */
  onStart(headers: PartHeaders): Promise<boolean> | boolean;
  onData(chunk: Buffer): Promise<void>;
  onEnd(): Promise<void>;
}

/** Longest header block of a part; real ones are a few hundred bytes. */
const MAX_HEADER_BYTES = 16 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary of a multipart/form-data Content-Type, or null when there is none. */
export function boundaryOf(contentType: string): string | null {
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2]!) : null;
}

/** Reads a multipart body from chunks, calling handlers; a malformed body is 400 No content provided. */
export async function readMultipart(chunks: AsyncIterable<Buffer>, boundary: string, handlers: PartHandlers): Promise<void> {
  // The first delimiter may open the body; later ones follow a CRLF that belongs to them.
  const first = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let buf: Buffer = Buffer.alloc(0);
  let state = 'preamble' as 'preamble' | 'after-delimiter' | 'headers' | 'body' | 'done';
  let keep = false;

  const step = async (): Promise<boolean> => {
    switch (state) {
      case 'preamble': {
        const at = buf.indexOf(first);
        if (at < 0) {
          buf = buf.subarray(Math.max(0, buf.length - first.length));
          return false;
        }
        buf = buf.subarray(at + first.length);
        state = 'after-delimiter';
        return true;
      }
      case 'after-delimiter': {
        if (buf.length < 2) return false;
        if (buf[0] === 0x2d && buf[1] === 0x2d) {
          state = 'done';
          return false;
        }
        if (!buf.subarray(0, 2).equals(CRLF)) throw StorageErrors.noContent();
        buf = buf.subarray(2);
        state = 'headers';
        return true;
      }
      case 'headers': {
        const end = buf.indexOf(HEADER_END);
        if (end < 0) {
          if (buf.length > MAX_HEADER_BYTES) throw StorageErrors.noContent();
          return false;
        }
        keep = await handlers.onStart(parseHeaders(buf.subarray(0, end).toString('latin1')));
        buf = buf.subarray(end + HEADER_END.length);
        state = 'body';
        return true;
      }
      case 'body': {
        const at = buf.indexOf(delimiter);
        if (at < 0) {
          // Hand on all but what could be the start of a delimiter split across chunks.
          const safe = buf.length - (delimiter.length - 1);
          if (safe > 0) {
            if (keep) await handlers.onData(buf.subarray(0, safe));
            buf = buf.subarray(safe);
          }
          return false;
        }
        if (keep && at > 0) await handlers.onData(buf.subarray(0, at));
        if (keep) await handlers.onEnd();
        buf = buf.subarray(at + delimiter.length);
        state = 'after-delimiter';
        return true;
      }
      case 'done':
        return false;
    }
  };

  for await (const chunk of chunks) {
    if (state === 'done') continue;
    buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
    while (await step());
  }
  if (state !== 'done') throw StorageErrors.noContent();
}

function parseHeaders(block: string): PartHeaders {
  const headers: PartHeaders = {};
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** The `name` and `filename` parameters of a Content-Disposition: form-data header. */
export function dispositionOf(headers: PartHeaders): { name: string | null; filename: string | null } {
  const value = headers['content-disposition'] ?? '';
  const param = (key: string) => new RegExp(`;\\s*${key}="([^"]*)"`, 'i').exec(value)?.[1] ?? null;
  return { name: param('name'), filename: param('filename') };
}
