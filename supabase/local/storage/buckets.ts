// GET /bucket and /bucket/{id}: bucket rows as the caller sees them, as JSON with hosted's columns,
// in its order, and its timestamps. Row-level security is on for storage.buckets with no policy
// by default, so only the service role sees buckets until a migration allows more, as on hosted.
import { json, type Reply } from '../http.ts';
import { asCaller, type StorageContext, type StorageRequest } from './context.ts';
import { StorageErrors } from './errors.ts';
import { isoTimestamp } from './timestamps.ts';

const TIMESTAMPS = `${isoTimestamp('created_at')} as created_at, ${isoTimestamp('updated_at')} as updated_at`;
/** The columns of hosted's getBucket and getAllBuckets routes (supabase/storage src/http/routes/bucket/). */
const BUCKET_COLUMNS = `id, name, owner, public, ${TIMESTAMPS}, file_size_limit, allowed_mime_types`;
const LIST_COLUMNS = `id, name, public, owner, ${TIMESTAMPS}, file_size_limit, allowed_mime_types`;

/** Answers one bucket, or Bucket not found. */
export async function getBucket(ctx: StorageContext, r: StorageRequest, id: string): Promise<Reply> {
  const body = await asCaller(ctx, r, true, async (tx) => (await tx.query<{ body: string }>(`select row_to_json(b)::text as body from (select ${BUCKET_COLUMNS} from storage.buckets where id = $1) b`, [id])).rows[0]?.body);
  if (!body) throw StorageErrors.noSuchBucket();
  return json(200, body);
}

/** Answers every bucket the caller may see. */
export async function listBuckets(ctx: StorageContext, r: StorageRequest): Promise<Reply> {
  const body = await asCaller(ctx, r, true, async (tx) =>
    (await tx.query<{ body: string }>(`select coalesce(json_agg(b), '[]')::text as body from (select ${LIST_COLUMNS} from storage.buckets order by name) b`)).rows[0]!.body,
  );
  return json(200, body);
}
