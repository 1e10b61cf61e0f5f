// One batch of document removal: deleting an application queues the names of its files
// (private.document_removals, filled by a trigger in the deleting transaction); this claims due
// rows (public.claim_document_removals: `for update skip locked` and a lease, so a call killed
// mid-removal loses nothing), removes the objects through the Storage API with the service key
// (hosted Storage refuses SQL deletes on its tables, and only the API removes the bytes), and
// reports each row (public.complete_jobs: gone, or queued again with backoff).
import type { FunctionReturns, ServiceClient } from '../_shared/client.ts';
import { claim, type Queue, Reporter } from '../_shared/queue.ts';

/** The removals queue. A removal the function could not record comes back when its lease passes; removing a file twice is harmless. */
const REMOVALS: Queue<'claim_document_removals'> = { name: 'remove-documents', claim: 'claim_document_removals' };

/** Rows one claim takes (Storage removes at most 1,000 names per request). */
export const BATCH_SIZE = 100;

/** A batch's worst case: one Storage request per bucket and a report per row, well inside a minute. */
const LEASE_SECONDS = 120;

/** A row of private.document_removals as claim_document_removals returns it. */
export type Removal = FunctionReturns<'claim_document_removals'>[number];

/** What one batch did: rows claimed, removed, and removals Storage refused (retried later). */
export type RemovalReport = {
  claimed: number;
  removed: number;
  failed: number;
};

/** Claims one batch of removals and carries it out. */
export async function removeBatch(client: ServiceClient): Promise<RemovalReport> {
  const rows = await claim(client, REMOVALS, BATCH_SIZE, LEASE_SECONDS);
  const report: RemovalReport = { claimed: rows.length, removed: 0, failed: 0 };
  const reporter = new Reporter(client, REMOVALS);
  for (const [bucket, batch] of byBucket(rows)) {
    // Storage answers the objects it removed; a name it does not have is already gone, which is
    // what the row asked for, so every row of a successful request is done.
    const removed = await client.storage.from(bucket).remove(batch.map((row) => row.object_name));
    const failure = removed.error ? `Storage refused the removal: ${removed.error.message}` : null;
    for (const row of batch) reporter.report({ row, failure });
    report[failure ? 'failed' : 'removed'] += batch.length;
  }
  await reporter.settled();
  return report;
}

/** The rows grouped by bucket: one Storage request per bucket. */
function byBucket(rows: Removal[]): Map<string, Removal[]> {
  const groups = new Map<string, Removal[]>();
  for (const row of rows) groups.set(row.bucket_id, [...(groups.get(row.bucket_id) ?? []), row]);
  return groups;
}
