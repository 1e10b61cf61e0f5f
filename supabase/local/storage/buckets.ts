// GET /bucket and /bucket/{id}: bucket rows as the caller sees them, as JSON (ISO timestamps, as hosted). Row-level security is on for
// storage.buckets with no policy by default, so only the service role sees buckets until a
// migration allows more, as on hosted.
import { json, type Reply } from '../http.ts';
import { asCaller, type StorageContext, type StorageRequest } from './context.ts';
import { StorageErrors } from './errors.ts';

const COLUMNS = `id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at`;

/** Answers one bucket, or Bucket not found. */
export async function getBucket(ctx: StorageContext, r: StorageRequest, id: string): Promise<Reply> {
  const body = await asCaller(ctx, r, true, async (tx) => (await tx.query<{ body: string }>(`select row_to_json(b)::text as body from (select ${COLUMNS} from storage.buckets where id = $1) b`, [id])).rows[0]?.body);
  if (!body) throw StorageErrors.noSuchBucket();
  return json(200, body);
}

/** Answers every bucket the caller may see. */
export async function listBuckets(ctx: StorageContext, r: StorageRequest): Promise<Reply> {
  const body = await asCaller(ctx, r, true, async (tx) =>
    (await tx.query<{ body: string }>(`select coalesce(json_agg(b), '[]')::text as body from (select ${COLUMNS} from storage.buckets order by name) b`)).rows[0]!.body,
  );
  return json(200, body);
}
