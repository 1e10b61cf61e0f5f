// /storage/v1: hosted Storage's route table (supabase/storage src/http/routes/object/*.ts and
// bucket/*.ts, mounted under /object and /bucket), matched by find-my-way, the router hosted's
// Fastify uses, so a path reaches the route it reaches there: a static segment (info, sign,
// upload/sign, list, list-v2, move, copy, public, authenticated) wins over a bucket of that name.
// Each route is answered here or, where this server does not implement it, exactly as hosted
// answers a route it does not know (404 "Route METHOD:URL not found"), before any token is read,
// as there. Names are read as the client sent them, so `..` and `%2e%2e` reach the key check
// (keys.ts) instead of quietly naming another object (the router does not resolve dot segments).
import FindMyWay from 'find-my-way';
import type { Reply } from '../http.ts';
import { parseJson, readBody } from '../http.ts';
import { HttpError } from '../http-errors.ts';
import { callerOf } from '../rest/identity.ts';
import { getBucket, listBuckets } from './buckets.ts';
import type { StorageContext, StorageRequest } from './context.ts';
import { createSignedUrl, downloadAsCaller, downloadPublic, downloadSigned, objectInfo } from './download.ts';
import { StorageErrors } from './errors.ts';
import { checkBucketId, checkObjectName, decodeSegment } from './keys.ts';
import { listObjects } from './list.ts';
import { removeObjects } from './remove.ts';
import { upload } from './upload.ts';

export type { StorageContext } from './context.ts';

/** A route's parameters: the bucket and the object name, as the router decoded them. */
interface Params {
  bucket: string;
  name: string;
}

/** What a route does here; null: not implemented, answered as an unknown route. */
type Action = ((ctx: StorageContext, r: StorageRequest, p: Params) => Promise<Reply>) | null;

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

const objectOf = (p: Params): [string, string] => {
  checkBucketId(p.bucket);
  checkObjectName(p.name);
  return [p.bucket, p.name];
};
const bucketOf = (p: Params): string => {
  checkBucketId(p.bucket);
  return p.bucket;
};
const download: Action = (ctx, r, p) => downloadAsCaller(ctx, r, ...objectOf(p));

/**
 * Hosted's routes, each with its methods as Fastify registers them (a GET route also answers
 * HEAD unless hosted turned that off or registered a HEAD route of its own).
 */
const ROUTES: [Method[], string, Action][] = [
  // Objects (getObject, getObjectInfo's HEAD routes, getPublicObject, getSignedObject).
  [['GET', 'HEAD'], '/object/:bucket/*', download],
  [['GET', 'HEAD'], '/object/authenticated/:bucket/*', download],
  [['GET', 'HEAD'], '/object/public/:bucket/*', (ctx, r, p) => downloadPublic(ctx, r, ...objectOf(p))],
  [['GET', 'HEAD'], '/object/sign/:bucket/*', (ctx, r, p) => downloadSigned(ctx, r, ...objectOf(p))],
  // getObjectInfo: storage-js's info() and exists().
  [['GET', 'HEAD'], '/object/info/:bucket/*', (ctx, r, p) => objectInfo(ctx, r, ...objectOf(p), false)],
  [['GET', 'HEAD'], '/object/info/authenticated/:bucket/*', (ctx, r, p) => objectInfo(ctx, r, ...objectOf(p), false)],
  [['GET'], '/object/info/public/:bucket/*', (ctx, r, p) => objectInfo(ctx, r, ...objectOf(p), true)],
  // createObject, updateObject, listObjects, getSignedURL, deleteObjects.
  [['POST', 'PUT'], '/object/:bucket/*', (ctx, r, p) => upload(ctx, r, ...objectOf(p))],
  [['POST'], '/object/list/:bucket', async (ctx, r, p) => listObjects(ctx, r, bucketOf(p), await jsonBody(ctx, r))],
  [['POST'], '/object/sign/:bucket/*', async (ctx, r, p) => createSignedUrl(ctx, r, ...objectOf(p), await jsonBody(ctx, r))],
  [['DELETE'], '/object/:bucket', async (ctx, r, p) => removeObjects(ctx, r, bucketOf(p), await jsonBody(ctx, r))],
  // Not implemented: deleteObject, getSignedURLs, getSignedUploadURL, uploadSignedObject, moveObject, copyObject, listObjectsV2.
  [['DELETE'], '/object/:bucket/*', null],
  [['POST'], '/object/sign/:bucket', null],
  [['POST', 'PUT'], '/object/upload/sign/:bucket/*', null],
  [['POST'], '/object/move', null],
  [['POST'], '/object/copy', null],
  [['POST'], '/object/list-v2/:bucket', null],
  // Buckets: read here; created, changed, emptied and deleted by migrations only.
  [['GET', 'HEAD'], '/bucket', (ctx, r) => listBuckets(ctx, r)],
  [['GET', 'HEAD'], '/bucket/:bucket', (ctx, r, p) => getBucket(ctx, r, bucketOf(p))],
  [['POST'], '/bucket', null],
  [['PUT', 'DELETE'], '/bucket/:bucket', null],
  [['POST'], '/bucket/:bucket/empty', null],
];

// Fastify's defaults, as hosted runs it: no trailing-slash or double-slash folding, parameters of
// at most 100 characters (a longer bucket id matches no route).
const router = FindMyWay({ maxParamLength: 100 });
for (const [methods, path, action] of ROUTES) router.on(methods, path, () => undefined, action);

/**
 * Answers one Storage request. `target` is the request target below /storage/v1 (path and query),
 * undecoded, as hosted's Storage receives it behind the gateway.
 */
export async function handleStorage(ctx: StorageContext, req: StorageRequest['req'], method: string, target: string): Promise<Reply> {
  const [rawPath = '', rawQuery = ''] = splitTarget(target);
  // A malformed escape makes the name invalid (the router would only find no route).
  rawPath.split('/').forEach(decodeSegment);
  const found = router.find(method as Method, rawPath);
  const action = found?.store as Action | undefined;
  if (!found || !action) throw notFound(method, target, rawPath);
  const identity = await identityOf(ctx, req);
  const r: StorageRequest = { req, method, path: rawPath, query: new URLSearchParams(rawQuery), identity };
  return action(ctx, r, { bucket: found.params['bucket'] ?? '', name: found.params['*'] ?? '' });
}

function splitTarget(target: string): [string, string] {
  const at = target.indexOf('?');
  return at < 0 ? [target, ''] : [target.slice(0, at), target.slice(at + 1)];
}

/**
 * Hosted's answer to a route it does not know, with the request's method and target (query
 * included) as Fastify words it: under /object and /bucket (and hosted's other REST prefixes) its
 * setRestNotFoundHandler's body (src/http/not-found-handler.ts), elsewhere Fastify's own basic404.
 */
function notFound(method: string, target: string, path: string): HttpError {
  const message = `Route ${method}:${target} not found`;
  const rest = /^\/(object|bucket|render\/image|cdn|vector)(\/|$)/.test(path);
  const body = rest ? { statusCode: '404', error: 'Not Found', message, code: 'InvalidRequest' } : { message, error: 'Not Found', statusCode: 404 };
  return new HttpError(404, message, () => body);
}

/** The caller, refused as hosted's jwt plugin refuses a token it cannot verify (400, statusCode 403). */
async function identityOf(ctx: StorageContext, req: StorageRequest['req']) {
  const result = await callerOf(req, ctx.jwtSecret);
  if ('identity' in result) return result.identity;
  const { reason, detail } = result.failure;
  if (reason === 'role') throw StorageErrors.accessDenied('Access denied: Invalid role');
  throw StorageErrors.accessDenied(reason === 'expired' ? '"exp" claim timestamp check failed' : detail);
}

/** A JSON body of at most BODY_LIMIT_BYTES; a malformed one is 400. */
async function jsonBody(ctx: StorageContext, r: StorageRequest): Promise<unknown> {
  const text = await readBody(r.req, ctx.bodyLimitBytes, () => StorageErrors.entityTooLarge('request body'));
  return parseJson(text, (detail) => StorageErrors.invalidRequest(`Body is not valid JSON: ${detail}`), {});
}
