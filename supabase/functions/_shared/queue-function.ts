// What makes a queue's Edge Function, whichever queue it works (send-notifications,
// remove-documents): POST only; only the database may call it (caller.ts: anyone else gets 401
// before the job's settings are read); its settings checked before any work (a missing one is a
// 500 "misconfigured", nothing claimed); then
// batches until the queue has nothing due or the call reaches its limits, and an answer saying
// what it did. A call that stops at its limits with rows still due asks the database to call again.
//
// The limits keep each call well inside what a hosted function may use: 2 s of CPU, 150 s of wall
// clock and 256 MB per request; pg_net waits those 150 s for the answer
// (private.call_queue_function), so a slow batch is never cut short by its caller. No new batch is
// claimed after CLAIMING_MS, and no more than the job's rowsPerCall rows are claimed per call (its
// CPU per row, measured, times that stays under a second); a batch already claimed is finished,
// within its lease.
import { createClient } from 'npm:@supabase/supabase-js@2.119.1';
import type { Database, ServiceClient } from './client.ts';
import { isQueueCaller } from './caller.ts';
import { type Project, readProject } from './project.ts';
import { callAgain, type QueueName } from './queue.ts';
import { json, misconfigured } from './respond.ts';
import { type Env, Misconfigured } from './settings.ts';

/** What one batch did: how many rows it claimed, and a count per outcome. */
export type BatchReport = { claimed: number } & Record<string, number>;

/** One call's work on a queue. */
export interface CallWork {
  /** Claims one batch and does it. */
  batch(): Promise<BatchReport>;
  /** Releases what the call opened (connections), after its last batch. */
  close(): void;
}

export interface QueueJob<Settings> {
  name: QueueName;
  /** Most rows one claim takes: a batch that claimed fewer found the queue drained. */
  batchSize: number;
  /** Most rows one call claims. */
  rowsPerCall: number;
  /** The job's own settings; throws Misconfigured naming each bad variable. */
  readSettings(env: Env): Settings;
  /** Prepares one call's work. */
  start(client: ServiceClient, settings: Settings, project: Project): CallWork;
}

/** No batch is claimed after this many milliseconds of a call, so a call's length is this plus its last batch, within that batch's lease. */
export const CLAIMING_MS = 3_000;

/** The request handler of a queue's function; `env` reads its environment (Deno.env.get). */
export function queueFunction<Settings>(job: QueueJob<Settings>, env: Env): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method !== 'POST') return json(405, { error: 'method_not_allowed', message: `${job.name} answers POST only.` }, { allow: 'POST' });
    // The project's keys first, to know the caller by; then the caller, so that anyone else learns
    // nothing of the job's settings (401, not "misconfigured"); then the job's settings.
    let project: Project;
    let settings: Settings;
    try {
      project = readProject(env);
    } catch (error) {
      if (error instanceof Misconfigured) return misconfigured(job.name, error.problems);
      throw error;
    }
    if (!isQueueCaller(req, project.secretKeys)) {
      return json(401, { error: 'unauthorized', message: `Only the database calls ${job.name}, with a secret key of the project.` });
    }
    try {
      settings = job.readSettings(env);
    } catch (error) {
      if (error instanceof Misconfigured) return misconfigured(job.name, error.problems);
      throw error;
    }

    const started = Date.now();
    const client = createClient<Database>(project.url, project.serviceKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    const work = job.start(client, settings, project);
    const done: Record<string, number> = { claimed: 0 };
    let full = false;
    try {
      do {
        const report = await work.batch();
        for (const [outcome, count] of Object.entries(report)) done[outcome] = (done[outcome] ?? 0) + count;
        full = report.claimed === job.batchSize;
      } while (full && done['claimed']! < job.rowsPerCall && Date.now() - started < CLAIMING_MS);
    } catch (error) {
      // The project refused or could not be reached: rows claimed and not reported come back when their lease passes.
      const message = error instanceof Error ? error.message : String(error);
      console.error(`[${job.name}] ${message}`);
      return json(502, { error: 'failed', message, ...done, ms: Date.now() - started });
    } finally {
      work.close();
    }
    if (full) await callAgain(client, job.name);
    return json(200, { ...done, more: full, ms: Date.now() - started });
  };
}
