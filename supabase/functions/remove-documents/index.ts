// The Edge Function that removes the files of deleted applications (private.document_removals)
// through the Storage API: each call claims batches of due removals, removes them and records the
// outcome, and answers what it did. The database calls it when removals are queued and every
// minute (supabase/migrations/20261122000500_notifications.sql); nothing else may
// (_shared/caller.ts). Deployed with verify_jwt = false (supabase/config.toml).
import { queueFunction, type QueueJob } from '../_shared/queue-function.ts';
import { BATCH_SIZE, removeBatch } from './removals.ts';

const removeDocuments: QueueJob<Record<string, never>> = {
  name: 'remove-documents',
  batchSize: BATCH_SIZE,
  // One Storage request per batch and bucket: a call's CPU is small whatever the count.
  rowsPerCall: 1_000,
  // It needs nothing but the project (SUPABASE_URL and a secret key).
  readSettings: () => ({}),
  start: (client) => ({ batch: () => removeBatch(client), close: () => {} }),
};

Deno.serve(queueFunction(removeDocuments, (name) => Deno.env.get(name)));
