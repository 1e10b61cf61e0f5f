// The scheduler of the pg_cron stand-in (db/extension-stand-ins.sql), as pg_cron's launcher does
// it: every second it reads the active jobs of cron.job for this database, and runs each job whose
// schedule (five cron fields, read with the croner library, in UTC as pg_cron does, or pg_cron's
// 'N seconds') has come since the last look. A run executes the job's command in its own
// transaction as the job's user, and is recorded in cron.job_run_details: 'running', then
// 'succeeded' with the rows it returned or 'failed' with the error. A job still running is not
// started again. The command is one statement (the stand-in's limit; pg_cron takes a script).
import { Cron } from 'croner';
import type { Db } from '../db/types.ts';

interface Job {
  jobid: number;
  schedule: string;
  command: string;
  username: string;
}

export interface CronScheduler {
  stop(): Promise<void>;
}

const TICK_MS = 1_000;

/** True when `schedule` has a time in (after, upTo]. */
export function isDue(schedule: string, after: Date, upTo: Date): boolean {
  const seconds = /^(\d+) seconds?$/.exec(schedule.trim());
  if (seconds) {
    const period = Number(seconds[1]) * 1000;
    return Math.floor(upTo.getTime() / period) > Math.floor(after.getTime() / period);
  }
  const next = new Cron(schedule, { paused: true, timezone: 'UTC', legacyMode: true }).nextRun(after);
  return next !== null && next <= upTo;
}

/** Starts running the jobs of db's cron.job on their schedules. */
export function startCronScheduler(db: Db): CronScheduler {
  const running = new Map<number, Promise<void>>();
  let last = new Date();
  let ticking: Promise<void> | null = null;

  async function tick(): Promise<void> {
    const now = new Date();
    const { rows } = await db.query<Job>(`select jobid, schedule, command, username from cron.job where active and database = current_database()`);
    for (const job of rows) {
      if (running.has(job.jobid)) continue;
      let due: boolean;
      try {
        due = isDue(job.schedule, last, now);
      } catch (error) {
        console.error(`[pg_cron] job ${job.jobid} has a schedule the scheduler cannot read (${job.schedule}): ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      if (!due) continue;
      const run = runJob(db, job).finally(() => running.delete(job.jobid));
      running.set(job.jobid, run);
    }
    last = now;
  }

  const timer = setInterval(() => {
    if (ticking) return;
    ticking = tick()
      .catch((error: unknown) => console.error(`[pg_cron] ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (ticking = null));
  }, TICK_MS);
  timer.unref();

  return {
    stop: async () => {
      clearInterval(timer);
      await Promise.all([ticking, ...running.values()]);
    },
  };
}

async function runJob(db: Db, job: Job): Promise<void> {
  const { rows } = await db.query<{ runid: number }>(
    `insert into cron.job_run_details (jobid, job_pid, database, username, command, status, start_time)
     values ($1, $2, current_database(), $3, $4, 'running', now()) returning runid`,
    [job.jobid, process.pid, job.username, job.command],
  );
  const runid = rows[0]!.runid;
  let status = 'succeeded';
  let message: string;
  try {
    const result = await db.transaction(async (tx) => {
      await tx.query(`select set_config('role', $1, true)`, [job.username]);
      return tx.query(job.command);
    });
    const count = result.affectedRows || result.rows.length;
    message = `${count} row${count === 1 ? '' : 's'}`;
  } catch (error) {
    status = 'failed';
    message = error instanceof Error ? error.message : String(error);
  }
  await db.query(`update cron.job_run_details set status = $2, return_message = $3, end_time = now() where runid = $1`, [runid, status, message]);
}
