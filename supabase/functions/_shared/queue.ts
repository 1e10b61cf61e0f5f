// The one job queue of the database (supabase/migrations/20261122000450_job_queue.sql), which
// public.notifications and private.document_removals are tables of: a job's claim function hands
// out due rows under a lease (`for update skip locked`, so two calls never take one row and a
// killed call's rows come back when the lease passes), and public.complete_jobs records how each
// claimed attempt ended (done, or queued again with backoff, or failed). What a job does with its
// rows stays in its function's folder.
import type { Enums, FunctionReturns, ServiceClient } from './client.ts';

/** The claim functions of the queues. */
type ClaimFunction = 'claim_notifications' | 'claim_document_removals';

/** A queue (public.queue_name, the Edge Function that works it) and its job's claim function. */
export interface Queue<Claim extends ClaimFunction = ClaimFunction> {
  name: QueueName;
  claim: Claim;
}

/** A queue's name: the Edge Function that works it. */
export type QueueName = Enums<'queue_name'>;

/** What every claimed row carries: its id and the attempt this claim is. */
export interface ClaimedRow {
  id: string;
  attempts: number;
}

/** Claims up to maxRows due rows of a queue for leaseSeconds; a refused claim throws, naming the function. */
export function claim<Claim extends ClaimFunction>(client: ServiceClient, queue: Queue<Claim>, maxRows: number, leaseSeconds: number): Promise<FunctionReturns<Claim>>;
export async function claim(client: ServiceClient, queue: Queue, maxRows: number, leaseSeconds: number): Promise<FunctionReturns<ClaimFunction>> {
  const { data, error } = await client.rpc(queue.claim, { max_rows: maxRows, lease_seconds: leaseSeconds });
  if (error) throw new Error(`${queue.claim}: ${error.message}`);
  return data ?? [];
}

/**
 * How a claimed attempt ended: failure null is done; giveUp fails the row now, with no retry
 * (notifications); skipped (the reason) completes it without sending (notifications: sent_at NULL).
 */
export interface Outcome {
  row: ClaimedRow;
  failure: string | null;
  giveUp?: boolean;
  skipped?: string;
}

/**
 * Records outcomes as they come, a group per request (the queue's complete function for many,
 * which applies the single one's rules to each): while one request is on its way, the outcomes
 * that finish meanwhile wait for the next. So a row is recorded soon after its send, and a batch
 * costs a few round trips rather than one per row. The attempt each report names is the claim's:
 * a report for a claim that is no longer current is ignored. A request that fails is logged, and
 * its rows come back when their lease passes.
 */
export class Reporter {
  private readonly client: ServiceClient;
  private readonly queue: Queue;
  private pending: Outcome[] = [];
  private sending: Promise<void> | null = null;

  constructor(client: ServiceClient, queue: Queue) {
    this.client = client;
    this.queue = queue;
  }

  report(outcome: Outcome): void {
    this.pending.push(outcome);
    this.sending ??= this.flush();
  }

  /** Resolves once every outcome reported so far is recorded (or its request failed). */
  async settled(): Promise<void> {
    while (this.sending) await this.sending;
  }

  private async flush(): Promise<void> {
    while (this.pending.length > 0) {
      const group = this.pending.splice(0);
      const reports = group.map(({ row, failure, giveUp = false, skipped }) => ({ id: row.id, attempt: row.attempts, error: failure, give_up: giveUp, skipped: skipped ?? null }));
      const { error } = await this.client.rpc('complete_jobs', { queue: this.queue.name, reports });
      if (error) console.error(`complete_jobs ${this.queue.name} (${group.length} rows): ${error.message}`);
    }
    this.sending = null;
  }
}

/**
 * Asks the database to call `functionName` again (public.call_queue_function, through pg_net, once
 * this call has answered): for a call that stopped at its limits with rows still due.
 */
export async function callAgain(client: ServiceClient, functionName: QueueName): Promise<void> {
  const { error } = await client.rpc('call_queue_function', { function_name: functionName });
  // The sweep calls again within a minute in any case.
  if (error) console.error(`call_queue_function ${functionName}: ${error.message}`);
}
