// One round of document removal: deleting an application queues the names of its files
// (private.document_removals, filled by a trigger in the deleting transaction); this claims due
// rows (public.claim_document_removals: `for update skip locked` and a lease, so a worker killed
// mid-removal loses nothing), removes the objects through the Storage API with the service key
// (hosted Storage refuses SQL deletes on its tables, and only the API removes the bytes), and
// reports each row (public.complete_document_removal: gone, or queued again with backoff).
import type { SupabaseClient } from '@supabase/supabase-js';
import type { WorkerSettings } from '../settings.ts';

/** A row of private.document_removals as claim_document_removals returns it. */
export interface Removal {
  id: string;
  bucket_id: string;
  object_name: string;
  attempts: number;
}

/** Claims one batch of removals and carries it out; returns how many rows were claimed (0: nothing due). */
export async function removeBatch(client: SupabaseClient, settings: WorkerSettings): Promise<number> {
  const { data, error } = await client.rpc('claim_document_removals', { max_rows: settings.batchSize, lease_seconds: settings.leaseSeconds });
  if (error) throw new Error(`claim_document_removals: ${error.message}`);
  const rows = (data ?? []) as Removal[];
  for (const [bucket, batch] of byBucket(rows)) {
    // Storage answers the objects it removed; a name it does not have is already gone, which is
    // what the row asked for, so every row of a successful request is done.
    const removed = await client.storage.from(bucket).remove(batch.map((row) => row.object_name));
    const failure = removed.error ? `Storage refused the removal: ${removed.error.message}` : null;
    await Promise.all(batch.map((row) => complete(client, row, failure)));
  }
  return rows.length;
}

/** The rows grouped by bucket: one Storage request per bucket (a claim holds at most 1,000 rows, Storage's limit per request). */
function byBucket(rows: Removal[]): Map<string, Removal[]> {
  const groups = new Map<string, Removal[]>();
  for (const row of rows) groups.set(row.bucket_id, [...(groups.get(row.bucket_id) ?? []), row]);
  return groups;
}

async function complete(client: SupabaseClient, row: Removal, failure: string | null): Promise<void> {
  const { error } = await client.rpc('complete_document_removal', { removal_id: row.id, claimed_attempt: row.attempts, error: failure });
  // Not recorded: the lease passes and the row is tried again; removing it twice is harmless.
  if (error) console.error(`[worker] complete_document_removal ${row.id}: ${error.message}`);
}
