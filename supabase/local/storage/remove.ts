// DELETE /object/{bucket} with {prefixes: [names]}: a DELETE on storage.objects as the caller (the
// delete and select policies decide which go); the bytes of the deleted rows are removed once the
// delete has committed. Answers the deleted objects, as hosted does.
import { json, type Reply } from '../http.ts';
import { asCaller, type StorageContext, type StorageRequest } from './context.ts';
import { StorageErrors } from './errors.ts';
import { checkObjectName } from './keys.ts';
import { isoTimestamp } from './timestamps.ts';

/** Most names one request may remove (hosted's MAX_OBJECTS_PER_REQUEST). */
const MAX_PREFIXES = 1000;

/** Answers a remove request. */
export async function removeObjects(ctx: StorageContext, r: StorageRequest, bucketId: string, body: unknown): Promise<Reply> {
  const prefixes = (body as { prefixes?: unknown } | null)?.prefixes;
  if (!Array.isArray(prefixes) || prefixes.length === 0 || !prefixes.every((p) => typeof p === 'string')) {
    throw StorageErrors.invalidRequest("body must have required property 'prefixes'");
  }
  if (prefixes.length > MAX_PREFIXES) throw StorageErrors.invalidRequest(`Bulk object requests are limited to ${MAX_PREFIXES} objects per request.`);
  for (const name of prefixes) checkObjectName(name);
  const deleted = await asCaller(ctx, r, false, async (tx) => {
    // storage.protect_delete lets only the Storage API delete; this is it.
    await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
    const { rows } = await tx.query<{ body: string }>(
      `with gone as (
         delete from storage.objects where bucket_id = $1 and name = any($2::text[])
         returning id, bucket_id, name, owner, owner_id, version, created_at, updated_at, last_accessed_at, metadata, user_metadata
       )
       select coalesce(json_agg(e), '[]')::text as body
         from (select id, bucket_id, name, owner, owner_id, version, ${isoTimestamp('created_at')} as created_at,
                      ${isoTimestamp('updated_at')} as updated_at, ${isoTimestamp('last_accessed_at')} as last_accessed_at,
                      metadata, user_metadata
                 from gone) e`,
      [bucketId, prefixes],
    );
    return rows[0]!.body;
  });
  for (const row of JSON.parse(deleted) as { version: unknown }[]) {
    if (typeof row.version === 'string') await ctx.blobs.remove(row.version);
  }
  return json(200, deleted);
}
