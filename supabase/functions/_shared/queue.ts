// The shape both queues share (public.notifications and private.document_removals,
// supabase/migrations/): a claim function hands out due rows under a lease (`for update skip
// locked`, so two calls never take one row and a killed call's rows come back when the lease
// passes), and a complete function records how each claimed attempt ended (done, or queued again
// with backoff). What a job does with its rows stays in its function's folder.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.119.1';

/** A queue's two database functions, and the parameter of the complete function that names the row. */
export interface Queue {
  claim: string;
  complete: string;
  rowParameter: string;
}

/** What every claimed row carries: its id and the attempt this claim is. */
export interface ClaimedRow {
  id: string;
  attempts: number;
}

/** Claims up to maxRows due rows of a queue for leaseSeconds; a refused claim throws, naming the function. */
export async function claim<Row extends ClaimedRow>(client: SupabaseClient, queue: Queue, maxRows: number, leaseSeconds: number): Promise<Row[]> {
  const { data, error } = await client.rpc(queue.claim, { max_rows: maxRows, lease_seconds: leaseSeconds });
  if (error) throw new Error(`${queue.claim}: ${error.message}`);
  return (data ?? []) as Row[];
}

/**
 * Records how a claimed attempt ended (failure null: done; giveUp: failed now, no retry, for a
 * queue whose complete function takes give_up); a record that fails is logged, and the lease
 * brings the row back.
 */
export async function complete(client: SupabaseClient, queue: Queue, row: ClaimedRow, failure: string | null, { giveUp = false } = {}): Promise<void> {
  // The attempt this claim made: a report for a claim that is no longer current is ignored.
  const args = { [queue.rowParameter]: row.id, claimed_attempt: row.attempts, error: failure, ...(giveUp ? { give_up: true } : {}) };
  const { error } = await client.rpc(queue.complete, args);
  if (error) console.error(`${queue.complete} ${row.id}: ${error.message}`);
}

/**
 * Asks the database to call `functionName` again (public.call_queue_function, through pg_net, once
 * this call has answered): for a call that stopped at its limits with rows still due.
 */
export async function callAgain(client: SupabaseClient, functionName: string): Promise<void> {
  const { error } = await client.rpc('call_queue_function', { function_name: functionName });
  // The sweep calls again within a minute in any case.
  if (error) console.error(`call_queue_function ${functionName}: ${error.message}`);
}
