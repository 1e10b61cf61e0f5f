// The worker's loop: deliver a batch of notifications and remove a batch of deleted
// applications' documents; when neither queue had a full batch due, wait the poll interval (or
// until woken). stop() lets the round in flight finish (its sends, removals and their records)
// and ends the loop; rows claimed but not reached come back when their lease passes.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { removeBatch } from './documents/removals.ts';
import { deliverBatch } from './notifications/deliver.ts';
import type { WorkerSettings } from './settings.ts';

export interface Worker {
  /** Looks at the queue now instead of at the end of the current wait. */
  wake(): void;
  /** Finishes the batch in flight, then resolves. */
  stop(): Promise<void>;
  /** Notifications handled so far (sent, retried later or failed). */
  readonly handled: number;
}

/** Starts working the queues of settings.supabaseUrl: notifications to send, documents to remove. */
export function startWorker(settings: WorkerSettings): Worker {
  const client = createClient(settings.supabaseUrl, settings.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  let stopping = false;
  let handled = 0;
  let wakeUp: () => void = () => {};
  // The last problem of each queue, so a lasting one is said once.
  const lastProblems = new Map<string, string>();

  /** Runs one batch of a queue; returns how many rows it claimed (0 when the batch failed). */
  async function batch(queue: string, run: (client: SupabaseClient, settings: WorkerSettings) => Promise<number>): Promise<number> {
    try {
      const claimed = await run(client, settings);
      lastProblems.delete(queue);
      return claimed;
    } catch (error) {
      // The project is unreachable or refused the claim: say so once, and keep trying.
      const problem = error instanceof Error ? error.message : String(error);
      if (problem !== lastProblems.get(queue)) console.error(`[worker] ${problem}; trying again every ${settings.pollMs} ms`);
      lastProblems.set(queue, problem);
      return 0;
    }
  }

  const loop = (async () => {
    while (!stopping) {
      const delivered = await batch('notifications', deliverBatch);
      handled += delivered;
      const removed = await batch('removals', removeBatch);
      // A full batch means more may be due at once; otherwise wait.
      if (delivered < settings.batchSize && removed < settings.batchSize && !stopping) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, settings.pollMs);
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  })();

  return {
    wake: () => wakeUp(),
    stop: async () => {
      stopping = true;
      wakeUp();
      await loop;
    },
    get handled() {
      return handled;
    },
  };
}
