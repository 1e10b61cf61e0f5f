// /storage/v1: the part of the Supabase Storage API that storage-js uses for uploads, downloads,
// signed URLs, lists, removes and bucket reads (README.md, "Storage"). The path is read as the
// client sent it, before any URL normalisation, so `..` and `%2e%2e` reach the key check
// (keys.ts) instead of quietly naming another object.
import { parseJson, readBody, type Reply } from '../http.ts';
import { callerOf } from '../rest/identity.ts';
import { getBucket, listBuckets } from './buckets.ts';
import type { StorageContext, StorageRequest } from './context.ts';
import { createSignedUrl, downloadAsCaller, downloadPublic, downloadSigned } from './download.ts';
import { StorageErrors } from './errors.ts';
import { checkBucketId, checkObjectName, decodeSegment } from './keys.ts';
import { listObjects } from './list.ts';
import { removeObjects } from './remove.ts';
import { upload } from './upload.ts';

export type { StorageContext } from './context.ts';

/** Answers one Storage request; rawPath is the request target's path below /storage/v1, undecoded. */
export async function handleStorage(ctx: StorageContext, req: StorageRequest['req'], method: string, rawPath: string, query: URLSearchParams): Promise<Reply> {
  const identity = await identityOf(ctx, req);
  const r: StorageRequest = { req, method, path: rawPath, query, identity };
  const segments = rawPath.split('/').slice(1).map(decodeSegment);
  const [area, ...rest] = segments;
  if (area === 'bucket') {
    if (method === 'GET' && rest.length === 0) return listBuckets(ctx, r);
    if (method === 'GET' && rest.length === 1 && rest[0]) return getBucket(ctx, r, bucket(rest[0]));
  }
  if (area === 'object') {
    const [first, second, ...tail] = rest;
    const read = method === 'GET' || method === 'HEAD';
    if (first === 'list' && method === 'POST' && rest.length === 2) return listObjects(ctx, r, bucket(second), await jsonBody(ctx, r));
    if (first === 'sign' && method === 'POST') return createSignedUrl(ctx, r, ...object(second, tail), await jsonBody(ctx, r));
    if (first === 'sign' && read) return downloadSigned(ctx, r, ...object(second, tail));
    if (first === 'public' && read) return downloadPublic(ctx, r, ...object(second, tail));
    if (first === 'authenticated' && read) return downloadAsCaller(ctx, r, ...object(second, tail));
    if (method === 'DELETE' && rest.length === 1) return removeObjects(ctx, r, bucket(first), await jsonBody(ctx, r));
    const [bucketId, ...name] = rest;
    if (read) return downloadAsCaller(ctx, r, ...object(bucketId, name));
    if (method === 'POST' || method === 'PUT') return upload(ctx, r, ...object(bucketId, name));
  }
  throw StorageErrors.notFound(method, rawPath);
}

/** The caller, refused as hosted's jwt plugin refuses a token it cannot verify (400, statusCode 403). */
async function identityOf(ctx: StorageContext, req: StorageRequest['req']) {
  const result = await callerOf(req, ctx.jwtSecret);
  if ('identity' in result) return result.identity;
  const { reason, detail } = result.failure;
  if (reason === 'role') throw StorageErrors.accessDenied('Access denied: Invalid role');
  throw StorageErrors.accessDenied(reason === 'expired' ? '"exp" claim timestamp check failed' : detail);
}

function bucket(id: string | undefined): string {
  checkBucketId(id ?? '');
  return id!;
}

function object(bucketId: string | undefined, parts: string[]): [string, string] {
  const name = parts.join('/');
  checkObjectName(name);
  return [bucket(bucketId), name];
}

/** A JSON body of at most BODY_LIMIT_BYTES; a malformed one is 400. */
async function jsonBody(ctx: StorageContext, r: StorageRequest): Promise<unknown> {
  const text = await readBody(r.req, ctx.bodyLimitBytes, () => StorageErrors.entityTooLarge('request body'));
  return parseJson(text, (detail) => StorageErrors.invalidRequest(`Body is not valid JSON: ${detail}`), {});
}
