// POST and PUT /object/{bucket}/{name}: an upload is an INSERT into storage.objects as the caller
// (an overwrite with `x-upsert: true`, or a PUT, an UPDATE), so the bucket's policies decide.
// As hosted does (its uploader's canUpload, then completeUpload), the write is first tried as the
// caller and rolled back once the file's type is known and checked and before any of its bytes
// is read, with the metadata hosted's trial carries (the declared type and Content-Length, and
// the user metadata), so a refused upload costs nothing; then the body streams into a new blob, and the row is written for real with the server's own rights,
// owned by the token's subject: no policy checks that write, only the triggers on
// storage.objects, as on hosted. The blob is renamed into place as the last step of that
// transaction: if the transaction fails the blob is removed, so a row never points at missing
// bytes and no bytes stay without a row.
import { randomUUID } from 'node:crypto';
import { UUID } from '../auth/bearer.ts';
import type { Sql } from '../db/types.ts';
import { json, type Reply } from '../http.ts';
import { asCaller, asServer, bucketSettings, type StorageContext, type StorageRequest } from './context.ts';
import { StorageErrors } from './errors.ts';
import { receiveUpload, type DeclaredFile, type ReceivedFile } from './upload-body.ts';

/** How an upload meets an existing object: refuse (POST), replace it (POST with x-upsert) or require it (PUT). */
type Mode = 'create' | 'upsert' | 'update';

/** The row an upload writes. */
interface ObjectRow {
  id: string;
  version: string;
  metadata: Record<string, unknown>;
  userMetadata: Record<string, unknown> | null;
}

/** A thrown value that rolls back the permission check's transaction. */
const ROLLBACK = Symbol('rollback');

/** Answers an upload of bucketId/name. */
export async function upload(ctx: StorageContext, r: StorageRequest, bucketId: string, name: string): Promise<Reply> {
  const bucket = await bucketSettings(ctx.db, bucketId);
  if (!bucket) throw StorageErrors.noSuchBucket();
  const mode: Mode = r.method === 'PUT' ? 'update' : /^true$/i.test(String(r.req.headers['x-upsert'] ?? '')) ? 'upsert' : 'create';
  const owner = typeof r.identity.claims.sub === 'string' ? r.identity.claims.sub : null;

  // The permission check: the same write with what the request declares, always rolled back.
  const trial = async (declared: DeclaredFile) => {
    const metadata = { mimetype: declared.mimeType, contentLength: declared.contentLength };
    const probe: ObjectRow = { id: randomUUID(), version: randomUUID(), metadata, userMetadata: declared.userMetadata };
    await asCaller(ctx, r, false, async (tx) => {
      await writeRow(tx, mode, bucketId, name, owner, probe);
      throw ROLLBACK;
    }).catch((err: unknown) => {
      if (err !== ROLLBACK) throw err;
    });
  };

  const maxBytes = Math.min(bucket.fileSizeLimit ?? ctx.fileSizeLimitBytes, ctx.fileSizeLimitBytes);
  const file = await receiveUpload(r.req, ctx.blobs, { maxBytes, allowedMimeTypes: bucket.allowedMimeTypes }, trial);
  const row: ObjectRow = { id: randomUUID(), version: randomUUID(), metadata: metadataOf(file), userMetadata: file.userMetadata };
  let replaced: string | null = null;
  try {
    const written = await asServer(ctx, async (tx) => {
      const result = await writeRow(tx, mode, bucketId, name, owner, row);
      await file.writer.keep(row.version);
      return result;
    });
    replaced = written.replacedVersion;
    row.id = written.id;
  } catch (err) {
    await file.writer.discard();
    await ctx.blobs.remove(row.version).catch(() => {});
    throw err;
  }
  // The old bytes of an overwritten object are no longer referenced once the new row is committed.
  if (replaced) await ctx.blobs.remove(replaced).catch(() => {});
  return json(200, { Id: row.id, Key: `${bucketId}/${name}` });
}

/** Writes the row for mode; returns the object's id and the version an overwrite replaced. */
async function writeRow(tx: Sql, mode: Mode, bucketId: string, name: string, owner: string | null, row: ObjectRow): Promise<{ id: string; replacedVersion: string | null }> {
  if (mode !== 'create') {
    const { rows } = await tx.query<{ id: string; version: string | null }>(
      `select id, version from storage.objects where bucket_id = $1 and name = $2 for update`,
      [bucketId, name],
    );
    const existing = rows[0];
    if (existing) {
      const res = await tx.query(
        `update storage.objects
            set owner = $2, owner_id = $3, metadata = $4::jsonb, user_metadata = $5::jsonb, version = $6, last_accessed_at = now()
          where id = $1`,
        [existing.id, uuidOrNull(owner), owner, ...jsonParams(row), row.version],
      );
      // An update hidden by the update policy's USING clause changes nothing: that is a refusal.
      if (res.affectedRows === 0) throw StorageErrors.accessDenied('new row violates row-level security policy');
      return { id: existing.id, replacedVersion: existing.version };
    }
    if (mode === 'update') throw StorageErrors.noSuchKey();
  }
  // No RETURNING: it would also need a select policy, which hosted does not ask of an upload.
  await tx.query(
    `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`,
    [row.id, bucketId, name, uuidOrNull(owner), owner, ...jsonParams(row), row.version],
  );
  return { id: row.id, replacedVersion: null };
}

/** metadata and user_metadata as JSON text parameters (SQL null when there is no user metadata). */
function jsonParams(row: ObjectRow): [string, string | null] {
  return [JSON.stringify(row.metadata), row.userMetadata === null ? null : JSON.stringify(row.userMetadata)];
}

/** The metadata hosted stores for an object. */
function metadataOf(file: ReceivedFile): Record<string, unknown> {
  return {
    eTag: file.eTag,
    size: file.size,
    mimetype: file.mimeType,
    cacheControl: file.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: file.size,
    httpStatusCode: 200,
  };
}

function uuidOrNull(sub: string | null): string | null {
  return sub !== null && UUID.test(sub) ? sub : null;
}
