// Receiving an upload's bytes: a raw body (storage-js with an ArrayBuffer, Buffer or stream) or
// multipart/form-data (storage-js with a Blob, File or FormData), streamed into a BlobWriter as it
// arrives. The bucket's size limit is counted on the bytes actually received, so a Content-Length
// that lies, or none at all, changes nothing; the declared type is checked against the bucket's
// allowed_mime_types and, on the first bytes, against the content (sniff.ts). Once the file's
// type and user metadata are known, and before any of its bytes are read, `ready` is awaited: the
// upload's trial write, which hosted makes at the same point (fileUploadFromRequest, then canUpload).
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { HttpError } from '../http-errors.ts';
import { header } from '../http.ts';
import type { BlobStore, BlobWriter } from './blobs.ts';
import { StorageErrors } from './errors.ts';
import { boundaryOf, dispositionOf, readMultipart } from './multipart.ts';
import { contentMatches, isSvg, scriptScanner, SNIFF_BYTES } from './sniff.ts';

/** What a bucket allows: at most maxBytes, and one of allowedMimeTypes when it names any. */
export interface UploadLimits {
  maxBytes: number;
  allowedMimeTypes: string[] | null;
}

/** An upload received in full, its bytes held by writer until the metadata row is committed. */
export interface ReceivedFile {
  writer: BlobWriter;
  size: number;
  /** Quoted MD5 of the bytes, as hosted's eTag. */
  eTag: string;
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

/** What the request declares about its file before its bytes: hosted's trial write records these. */
export interface DeclaredFile {
  mimeType: string;
  /** The request's Content-Length, when it sent one (for multipart, the whole body's). */
  contentLength: number | undefined;
  userMetadata: Record<string, unknown> | null;
}

/** A refusal by `ready`, answered as it is: no byte of the file was read, so the connection can stay. */
class RefusedBeforeBytes extends Error {
  readonly refusal: unknown;
  constructor(refusal: unknown) {
    super('refused before the file');
    this.refusal = refusal;
  }
}

/** Largest text field or x-metadata header, as hosted's MAX_CUSTOM_METADATA_SIZE. */
const MAX_FIELD_BYTES = 1024 * 1024;

/**
 * Reads the upload of req into a new blob, awaiting `ready` before the file's first byte; on any
 * failure the blob is thrown away and the error rethrown.
 */
export async function receiveUpload(req: IncomingMessage, blobs: BlobStore, limits: UploadLimits, ready: (file: DeclaredFile) => Promise<void>): Promise<ReceivedFile> {
  const contentType = req.headers['content-type'] ?? '';
  const sinks: FileSink[] = [];
  const declaredLength = Number(req.headers['content-length']);
  const declare = async (mimeType: string, userMetadata: Record<string, unknown> | null) => {
    try {
      await ready({ mimeType, contentLength: Number.isFinite(declaredLength) ? declaredLength : undefined, userMetadata });
    } catch (refusal) {
      throw new RefusedBeforeBytes(refusal);
    }
  };
  try {
    const file = contentType.toLowerCase().startsWith('multipart/form-data')
      ? await receiveMultipart(req, contentType, blobs, limits, sinks, declare)
      : await receiveRaw(req, contentType, blobs, limits, sinks, declare);
    return file;
  } catch (err) {
    await Promise.all(sinks.map((s) => s.writer.discard()));
    // Node reads and drops the unread body after the answer, as for any request.
    if (err instanceof RefusedBeforeBytes) throw err.refusal;
    if (req.complete) throw err;
    // The client went away (or its connection broke) before the body was whole.
    if (!(err instanceof HttpError)) throw StorageErrors.invalidRequest('The upload was interrupted before it was complete');
    // Refused before the end of its body (too large, wrong content): the rest is read and thrown
    // away, and the connection closes after the answer, as hosted's withConnectionClose does; a
    // connection left mid-body cannot carry another request.
    req.resume();
    throw new HttpError(err.status, err.message, err.payload, { ...err.headers, connection: 'close' });
  }
}

/** Awaits the caller's `ready` with what the request declares about its file. */
type Declare = (mimeType: string, userMetadata: Record<string, unknown> | null) => Promise<void>;

async function receiveRaw(req: IncomingMessage, contentType: string, blobs: BlobStore, limits: UploadLimits, sinks: FileSink[], declare: Declare): Promise<ReceivedFile> {
  const mimeType = contentType || 'application/octet-stream';
  checkMimeType(mimeType, limits.allowedMimeTypes);
  const cacheControl = header(req, 'cache-control');
  if (cacheControl !== undefined && !/^max-age=\d{1,10}$/i.test(cacheControl)) throw StorageErrors.invalidRequest('Invalid cache-control');
  const metadataHeader = req.headers['x-metadata'];
  const userMetadata = typeof metadataHeader === 'string' ? base64Json(metadataHeader) : null;
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.maxBytes) throw StorageErrors.entityTooLarge();
  await declare(mimeType, userMetadata);
  const sink = new FileSink(await blobs.writer(), mimeType, limits.maxBytes);
  sinks.push(sink);
  for await (const chunk of bodyChunks(req)) await sink.write(chunk);
  await sink.finish();
  return sink.result(cacheControl ?? 'no-cache', userMetadata);
}

async function receiveMultipart(req: IncomingMessage, contentType: string, blobs: BlobStore, limits: UploadLimits, sinks: FileSink[], declare: Declare): Promise<ReceivedFile> {
  const boundary = boundaryOf(contentType);
  if (!boundary) throw StorageErrors.noContent();
  const fields = new Map<string, string>();
  let field: { name: string; chunks: Buffer[]; size: number } | null = null;
  let file: FileSink | null = null;
  let current: 'file' | 'field' = 'field';
  await readMultipart(bodyChunks(req), boundary, {
    async onStart(headers) {
      const { name, filename } = dispositionOf(headers);
      if (filename !== null) {
        // Like hosted (fastify-multipart's request.file()), the first file is the upload; later ones are ignored.
        if (file) return false;
        const mimeType = fields.get('contentType') || headers['content-type'] || 'application/octet-stream';
        checkMimeType(mimeType, limits.allowedMimeTypes);
        await declare(mimeType, userMetadataOf(fields));
        file = new FileSink(await blobs.writer(), mimeType, limits.maxBytes);
        sinks.push(file);
        current = 'file';
        return true;
      }
      if (name === null || file) return false;
      field = { name, chunks: [], size: 0 };
      current = 'field';
      return true;
    },
    async onData(chunk) {
      if (current === 'file') return file!.write(chunk);
      field!.size += chunk.length;
      if (field!.size > MAX_FIELD_BYTES) throw StorageErrors.entityTooLarge('user_metadata');
      field!.chunks.push(chunk);
    },
    async onEnd() {
      if (current === 'file') return file!.finish();
      fields.set(field!.name, Buffer.concat(field!.chunks).toString('utf8'));
    },
  });
  const received = file as FileSink | null;
  if (!received) throw StorageErrors.noContent();
  const cacheTime = fields.get('cacheControl');
  if (cacheTime && !/^\d{1,10}$/.test(cacheTime)) throw StorageErrors.invalidRequest('Invalid cacheControl');
  return received.result(cacheTime ? `max-age=${cacheTime}` : 'no-cache', userMetadataOf(fields));
}

/** A multipart upload's user metadata: its `metadata` (or `userMetadata`) field, sent before the file. */
function userMetadataOf(fields: Map<string, string>): Record<string, unknown> | null {
  return jsonObject(fields.get('metadata') ?? fields.get('userMetadata'));
}

/**
 * The body's chunks. Leaving the loop early (a refused upload) must not destroy the request: its
 * socket carries the answer, and Node discards the unread rest of the body once it is sent.
 */
function bodyChunks(req: IncomingMessage): AsyncIterable<Buffer> {
  return req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>;
}

/** `type/subtype` in token characters, then parameters of printable characters only (no CR/LF). */
const MIME_SHAPE = /^[\w!#$%&'*+.^`|~-]+\/[\w!#$%&'*+.^`|~-]+(\s*;[\t\x20-\x7e]*)?$/;
const MAX_MIME_LENGTH = 255;

/**
 * The type's shape (it is sent back as a header on every download), then hosted's
 * validateMimeType: `type/subtype` must equal an allowed type or match `type/*`.
 */
function checkMimeType(mimeType: string, allowed: string[] | null): void {
  if (mimeType.length > MAX_MIME_LENGTH || !MIME_SHAPE.test(mimeType)) throw StorageErrors.invalidMimeType(mimeType);
  if (!allowed || allowed.length === 0) return;
  const [type, subtype, ...rest] = mimeType.split('/');
  const ok = rest.length === 0 && subtype !== undefined && allowed.some((a) => {
    const [allowedType, allowedSubtype] = a.split('/');
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype);
  });
  if (!ok) throw StorageErrors.invalidMimeType(mimeType);
}

/** Counts, hashes, checks and writes one file's bytes. */
class FileSink {
  readonly writer: BlobWriter;
  private readonly mimeType: string;
  private readonly maxBytes: number;
  private readonly md5 = createHash('md5');
  private size = 0;
  /** The first bytes, held until the content check has seen SNIFF_BYTES of them (or the end). */
  private head: Buffer[] | null = [];
  private headSize = 0;
  /** For SVG, the whole-stream script scan (sniff.ts). */
  private readonly scan: ((chunk: Buffer) => boolean) | null;

  constructor(writer: BlobWriter, mimeType: string, maxBytes: number) {
    this.writer = writer;
    this.mimeType = mimeType;
    this.maxBytes = maxBytes;
    this.scan = isSvg(mimeType) ? scriptScanner() : null;
  }

  async write(chunk: Buffer): Promise<void> {
    this.size += chunk.length;
    if (this.size > this.maxBytes) throw StorageErrors.entityTooLarge();
    this.md5.update(chunk);
    if (this.scan?.(chunk)) throw StorageErrors.contentMismatch(this.mimeType);
    if (!this.head) return this.writer.write(chunk);
    this.head.push(chunk);
    this.headSize += chunk.length;
    if (this.headSize >= SNIFF_BYTES) await this.flushHead();
  }

  async finish(): Promise<void> {
    if (this.head) await this.flushHead();
  }

  private async flushHead(): Promise<void> {
    const head = Buffer.concat(this.head!);
    this.head = null;
    if (!contentMatches(this.mimeType, head.subarray(0, SNIFF_BYTES))) throw StorageErrors.contentMismatch(this.mimeType);
    await this.writer.write(head);
  }

  result(cacheControl: string, userMetadata: Record<string, unknown> | null): ReceivedFile {
    return { writer: this.writer, size: this.size, eTag: `"${this.md5.digest('hex')}"`, mimeType: this.mimeType, cacheControl, userMetadata };
  }
}

/** x-metadata: base64 of a JSON object; anything else is ignored, as hosted does. */
function base64Json(value: string): Record<string, unknown> | null {
  if (value.length > MAX_FIELD_BYTES) throw StorageErrors.entityTooLarge('user_metadata');
  return jsonObject(Buffer.from(value, 'base64').toString('utf8'));
}

function jsonObject(text: string | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
