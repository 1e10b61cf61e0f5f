// The delivery loop: deliver a batch; when the queue had nothing due, wait the poll interval
// (or until woken). stop() lets the batch in flight finish (its sends and their records) and ends
// the loop; rows claimed but not reached come back when their lease passes.
import { createClient } from '@supabase/supabase-js';
import { deliverBatch } from './deliver.ts';
import type { WorkerSettings } from './settings.ts';

export interface Worker {
  /** Looks at the queue now instead of at the end of the current wait. */
  wake(): void;
  /** Finishes the batch in flight, then resolves. */
  stop(): Promise<void>;
  /** Rows handled so far (sent, retried later or failed). */
  readonly handled: number;
}

/** Starts delivering the queue of settings.supabaseUrl. */
export function startWorker(settings: WorkerSettings): Worker {
  const client = createClient(settings.supabaseUrl, settings.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  let stopping = false;
  let handled = 0;
  let wakeUp: () => void = () => {};
  let lastProblem = '';

  const loop = (async () => {
    while (!stopping) {
      let claimed = 0;
      try {
        claimed = await deliverBatch(client, settings);
        handled += claimed;
        lastProblem = '';
      } catch (error) {
        // The project is unreachable or refused the claim: say so once, and keep trying.
        const problem = error instanceof Error ? error.message : String(error);
        if (problem !== lastProblem) console.error(`[worker] ${problem}; trying again every ${settings.pollMs} ms`);
        lastProblem = problem;
      }
      // A full batch means more may be due at once; otherwise wait.
      if (claimed < settings.batchSize && !stopping) {
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
