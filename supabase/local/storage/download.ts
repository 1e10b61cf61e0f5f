// Reading objects: GET /object/{bucket}/{name} and /object/authenticated/… as the caller (a SELECT
// on storage.objects, so the select policy decides), /object/public/… for public buckets, and
// signed URLs: POST /object/sign/… makes one for an object the caller can read, GET
// /object/sign/…?token= serves it to anyone holding the token until it expires. GET
// /object/info/… answers what hosted's info renderer answers about an object (storage-js's info()
// and exists()).
import type { Sql } from '../db/types.ts';
import { json, type Reply } from '../http.ts';
import { signJwt, verifyJwt } from '../jwt.ts';
import { asCaller, asServer, bucketSettings, type StorageContext, type StorageRequest } from './context.ts';
import { StorageErrors } from './errors.ts';
import { isoTimestamp } from './timestamps.ts';

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

/** An object's row as hosted's info renderer reads it, its timestamps as hosted writes them. */
interface InfoRow {
  id: string;
  name: string;
  version: string | null;
  bucket_id: string;
  metadata: { size?: unknown; mimetype?: unknown; cacheControl?: unknown; eTag?: unknown; lastModified?: unknown } | null;
  user_metadata: unknown;
  updated_at: string | null;
  created_at: string | null;
}

/**
 * GET /object/info/{bucket}/{name} (and /info/authenticated/…, /info/public/…): the object's
 * description as hosted's InfoRenderer writes it (supabase/storage src/storage/renderer/info.ts).
 * Read as the caller, as hosted reads it, except in a public bucket, where anyone may read it;
 * without a token only a public bucket answers. One difference: hosted's /info/public/ route also
 * describes an object of a private bucket to a signed-in caller whatever the policies say; here it
 * answers only for public buckets, as a public download does.
 */
export async function objectInfo(ctx: StorageContext, r: StorageRequest, bucketId: string, name: string, publicRoute: boolean): Promise<Reply> {
  const bucket = await bucketSettings(ctx.db, bucketId);
  const signedOut = r.req.headers.authorization === undefined;
  if (!bucket || ((signedOut || publicRoute) && !bucket.public)) throw StorageErrors.noSuchBucket();
  const read = async (sql: Sql) => {
    const { rows } = await sql.query<InfoRow>(
      `select id, name, version, bucket_id, metadata, user_metadata, ${isoTimestamp('updated_at')} as updated_at, ${isoTimestamp('created_at')} as created_at
         from storage.objects where bucket_id = $1 and name = $2`,
      [bucketId, name],
    );
    if (!rows[0]) throw StorageErrors.noSuchKey();
    return rows[0];
  };
  const row = bucket.public ? await asServer(ctx, read) : await asCaller(ctx, r, true, read);
  const meta = row.metadata ?? {};
  const headers: Record<string, string> = {};
  const eTag = headerValue(meta.eTag);
  if (eTag) headers.etag = eTag;
  if (typeof meta.lastModified === 'string') headers['last-modified'] = new Date(meta.lastModified).toUTCString();
  const cacheControl = headerValue(meta.cacheControl);
  if (cacheControl) headers['cache-control'] = cacheControl;
  return json(
    200,
    {
      id: row.id,
      name: row.name,
      version: row.version,
      bucket_id: row.bucket_id,
      size: meta.size ?? null,
      content_type: meta.mimetype ?? null,
      cache_control: meta.cacheControl ?? null,
      etag: meta.eTag ?? null,
      metadata: row.user_metadata,
      last_modified: row.updated_at,
      created_at: row.created_at,
    },
    headers,
  );
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
