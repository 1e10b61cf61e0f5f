// What every Storage handler needs: the database, the bytes, the project's JWT secret, and who
// the request runs as.
import type { IncomingMessage } from 'node:http';
import type { Db, Sql } from '../db/types.ts';
import { runAsCaller, type RestIdentity } from '../rest/identity.ts';
import type { BlobStore } from './blobs.ts';
import { pgToStorageError } from './errors.ts';

/** The Storage server's settings and stores. */
export interface StorageContext {
  db: Db;
  blobs: BlobStore;
  jwtSecret: string;
  /** Largest JSON body (list, sign, remove), the backend's BODY_LIMIT_BYTES. */
  bodyLimitBytes: number;
  /** Largest object when the bucket sets no file_size_limit (hosted's global upload limit). */
  fileSizeLimitBytes: number;
}

/** One Storage request: who makes it and what it asks. */
export interface StorageRequest {
  req: IncomingMessage;
  method: string;
  /** Path below /storage/v1, e.g. `/object/docs/a.pdf`, undecoded. */
  path: string;
  query: URLSearchParams;
  identity: RestIdentity;
}

/** Runs fn in one transaction as the caller (the REST server's runAsCaller); database errors become Storage errors. */
export async function asCaller<T>(ctx: StorageContext, r: StorageRequest, readOnly: boolean, fn: (tx: Sql) => Promise<T>): Promise<T> {
  try {
    return await runAsCaller(ctx.db, r.identity, { method: r.method, path: r.path, readOnly }, fn);
  } catch (err) {
    throw pgToStorageError(err);
  }
}

/**
 * Runs fn in one transaction with the server's own rights, no role or claims set: hosted's
 * superuser, which writes an upload's real row after the caller's trial (row-level security does
 * not run; triggers do). Database errors become Storage errors.
 */
export async function asServer<T>(ctx: StorageContext, fn: (tx: Sql) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction(fn);
  } catch (err) {
    throw pgToStorageError(err);
  }
}

/** A bucket's settings, read with the server's own rights (hosted reads them as its superuser on upload). */
export interface BucketSettings {
  id: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

/** The bucket's settings, or null when there is no such bucket. */
export async function bucketSettings(db: Db, id: string): Promise<BucketSettings | null> {
  const { rows } = await db.query<{ id: string; public: boolean | null; file_size_limit: number | string | null; allowed_mime_types: string[] | null }>(
    `select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    public: row.public === true,
    fileSizeLimit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowedMimeTypes: row.allowed_mime_types,
  };
}
