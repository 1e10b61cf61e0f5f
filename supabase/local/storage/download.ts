// Reading objects: GET /object/{bucket}/{name} and /object/authenticated/… as the caller (a SELECT
// on storage.objects, so the select policy decides), /object/public/… for public buckets, and
// signed URLs: POST /object/sign/… makes one for an object the caller can read, GET
// /object/sign/…?token= serves it to anyone holding the token until it expires.
import type { Sql } from '../db/types.ts';
import { json, type Reply } from '../http.ts';
import { signJwt, verifyJwt } from '../jwt.ts';
import { asCaller, bucketSettings, type StorageContext, type StorageRequest } from './context.ts';
import { StorageErrors } from './errors.ts';

interface ObjectInfo {
  version: string | null;
  metadata: { mimetype?: unknown; cacheControl?: unknown; eTag?: unknown; lastModified?: unknown } | null;
  updated_at: string | null;
}

/** The scope hosted puts in a download token, so no other token of the project serves a file. */
const DOWNLOAD_SCOPE = 'download';

async function findObject(sql: Sql, bucketId: string, name: string): Promise<ObjectInfo> {
  const { rows } = await sql.query<ObjectInfo>(
    `select version, metadata, updated_at from storage.objects where bucket_id = $1 and name = $2`,
    [bucketId, name],
  );
  if (!rows[0]) throw StorageErrors.noSuchKey();
  return rows[0];
}

/** Answers a download as the caller: not found when the object is missing or the policies hide it. */
export async function downloadAsCaller(ctx: StorageContext, r: StorageRequest, bucketId: string, name: string): Promise<Reply> {
  const info = await asCaller(ctx, r, true, (tx) => findObject(tx, bucketId, name));
  return objectReply(ctx, info, r);
}

/** Answers a download from a public bucket, which needs no token. */
export async function downloadPublic(ctx: StorageContext, r: StorageRequest, bucketId: string, name: string): Promise<Reply> {
  const bucket = await bucketSettings(ctx.db, bucketId);
  if (!bucket?.public) throw StorageErrors.noSuchBucket();
  return objectReply(ctx, await findObject(ctx.db, bucketId, name), r);
}

/** POST /object/sign/{bucket}/{name} with {expiresIn}: a signed URL for an object the caller can read. */
export async function createSignedUrl(ctx: StorageContext, r: StorageRequest, bucketId: string, name: string, body: unknown): Promise<Reply> {
  const expiresIn = (body as { expiresIn?: unknown } | null)?.expiresIn;
  if (typeof expiresIn !== 'number' || !Number.isSafeInteger(Math.floor(expiresIn)) || Math.floor(expiresIn) < 1) {
    throw StorageErrors.invalidParameter('expiresIn');
  }
  await asCaller(ctx, r, true, (tx) => findObject(tx, bucketId, name));
  const iat = Math.floor(Date.now() / 1000);
  const url = `${bucketId}/${name}`;
  const token = await signJwt({ url, scope: DOWNLOAD_SCOPE, iat, exp: iat + Math.floor(expiresIn) }, ctx.jwtSecret);
  return json(200, { signedURL: `/object/sign/${url}?token=${token}` });
}

/** GET /object/sign/{bucket}/{name}?token=: the object, when the token is valid, unexpired and names it. */
export async function downloadSigned(ctx: StorageContext, r: StorageRequest, bucketId: string, name: string): Promise<Reply> {
  const token = r.query.get('token');
  if (!token) throw StorageErrors.invalidRequest("querystring must have required property 'token'");
  const verified = await verifyJwt(token, ctx.jwtSecret);
  if ('error' in verified) {
    // Hosted passes on the verifier's (jose's) words.
    throw StorageErrors.invalidJwt(verified.error.reason === 'expired' ? '"exp" claim timestamp check failed' : verified.error.detail);
  }
  const { url, scope } = verified.claims as { url?: unknown; scope?: unknown };
  if (scope !== undefined && scope !== DOWNLOAD_SCOPE) throw StorageErrors.invalidSignature(`Token is not scoped for ${DOWNLOAD_SCOPE}`);
  if (url !== `${bucketId}/${name}`) throw StorageErrors.invalidSignature();
  return objectReply(ctx, await findObject(ctx.db, bucketId, name), r);
}

/** The object's bytes with hosted's headers; `?download` asks the browser to save it. */
async function objectReply(ctx: StorageContext, info: ObjectInfo, r: StorageRequest): Promise<Reply> {
  const blob = info.version ? await ctx.blobs.open(info.version) : null;
  if (!blob) throw StorageErrors.noSuchKey();
  const meta = info.metadata ?? {};
  const headers: Record<string, string> = {
    'content-type': headerValue(meta.mimetype) ?? 'application/octet-stream',
    'content-length': String(blob.size),
    'cache-control': headerValue(meta.cacheControl) ?? 'no-cache',
    // Local hardening: a browser must not guess another type than the one checked on upload.
    'x-content-type-options': 'nosniff',
  };
  const eTag = headerValue(meta.eTag);
  if (eTag) headers.etag = eTag;
  if (typeof meta.lastModified === 'string') headers['last-modified'] = new Date(meta.lastModified).toUTCString();
  const download = r.query.get('download');
  if (download !== null) headers['content-disposition'] = download ? `attachment; filename*=UTF-8''${encodeURIComponent(download)}` : 'attachment';
  return r.method === 'HEAD' ? { status: 200, headers } : { status: 200, headers, stream: blob.stream() };
}

/** A stored value Node accepts as a header (no CR, LF, NUL or other control character), else undefined. */
function headerValue(value: unknown): string | undefined {
  return typeof value === 'string' && !/[^\t\x20-\x7e\x80-\xff]/.test(value) ? value : undefined;
}
