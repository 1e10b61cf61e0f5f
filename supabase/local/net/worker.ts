// The background worker of the pg_net stand-in (db/extension-stand-ins.sql), as pg_net's own
// worker does it (its src/worker.c): net.http_post only queues a row in net.http_request_queue and
// notifies 'pg_net_wake', which Postgres delivers when that transaction commits (a rolled-back one
// sends nothing); woken, this takes a batch of up to 200 queued requests, sends them (a few at a
// time, IN_FLIGHT below, where pg_net sends them all at once), each with its timeout, waits until every one has its answer recorded in net._http_response
// (status and body, or timed_out / error_msg), then waits for the next wake (a second at most:
// at once when one came during the batch), and takes the next batch until the queue is empty.
// So, as with pg_net, a burst of requests is sent a batch at a time, not all at once. Answers are
// kept for pg_net's default TTL of 6 hours. It also looks every second, for requests queued while
// no one listened.
import type { Db } from '../db/types.ts';

interface QueuedRequest {
  id: number;
  method: string;
  url: string;
  headers: Record<string, string> | null;
  body: Uint8Array | null;
  timeout_milliseconds: number;
}

export interface NetWorker {
  /** Resolves once every request taken so far has its answer recorded. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

/** Requests taken per batch, as pg_net's default batch_size. */
const BATCH = 200;
/** pg_net's longest wait after a batch for a wake ("slow down queue processing"), and how often it looks unwoken. */
const PAUSE_MS = 1_000;
/**
 * Requests of a batch in flight at once. pg_net sends a whole batch at once, to a gateway in front
 * of many function workers; here the calls come back to this same process, whose one event loop
 * and one database connection answer them one after another anyway. A batch of 200 calls at once
 * (200 booking inserts each ask for one) opened 200 connections to this server and as many from
 * Deno back to it: its listen queue filled (new connections of other clients timed out) and its
 * event loop stayed busy past the keep-alive timeout of its other clients' connections, which
 * were closed with their next request unread, a reset on the client's side (docs/performance.md).
 * A few at a time send the batch just as fast.
 */
const IN_FLIGHT = 8;

/** Starts sending the requests db queues through net.http_post. */
export async function startNetWorker(db: Db): Promise<NetWorker> {
  let looking: Promise<void> | null = null;
  // pg_net's latch: set by a wake, and what the wait after a batch waits for.
  let woken = false;
  let wakeWaiter: (() => void) | null = null;
  let stopped = false;

  /** Sends batches until the queue is empty. */
  async function take(): Promise<void> {
    while (!stopped) {
      woken = false;
      const { rows } = await db.query<QueuedRequest>(
        `delete from net.http_request_queue
          where id in (select id from net.http_request_queue order by id limit ${BATCH})
          returning id, method, url, headers, body, timeout_milliseconds`,
      );
      if (rows.length === 0) return;
      await record(db, await sendAll(rows));
      if (!woken) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, PAUSE_MS);
          wakeWaiter = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wakeWaiter = null;
      }
    }
  }

  /** Starts the batches unless they run; `wake` is a commit's notice (not the once-a-second look). */
  function look(wake: boolean): void {
    if (stopped) return;
    // Woken during the batches: they go on until the queue is empty, and look once more after, for
    // a request committed just as they found it empty.
    if (looking) {
      if (wake) {
        woken = true;
        wakeWaiter?.();
      }
      return;
    }
    woken = false;
    looking = take()
      .catch((error: unknown) => console.error(`[pg_net] ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        looking = null;
        if (woken) look(true);
      });
  }

  const unlisten = await db.listen('pg_net_wake', () => look(true));
  const timer = setInterval(() => {
    look(false);
    db.query(`delete from net._http_response where created < now() - interval '6 hours'`).catch(() => {});
  }, PAUSE_MS);
  timer.unref();
  look(false);

  const settled = async () => {
    while (looking) await looking;
  };
  return {
    settled,
    stop: async () => {
      stopped = true;
      wakeWaiter?.();
      clearInterval(timer);
      await unlisten();
      await settled();
    },
  };
}

interface Answer {
  id: number;
  status_code: number | null;
  content_type: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timed_out: boolean;
  error_msg: string | null;
}

/** Sends the requests, IN_FLIGHT at a time; their answers in the same order. */
async function sendAll(requests: QueuedRequest[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  let next = 0;
  const sender = async () => {
    while (next < requests.length) {
      const i = next++;
      answers[i] = await send(requests[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, requests.length) }, sender));
  return answers;
}

/** Sends one request; its answer, or why there is none (pg_net's words for a timeout). */
async function send(request: QueuedRequest): Promise<Answer> {
  const started = performance.now();
  try {
    const res = await fetch(request.url, {
      method: request.method,
      headers: request.headers ?? {},
      ...(request.body ? { body: Buffer.from(request.body) } : {}),
      signal: AbortSignal.timeout(request.timeout_milliseconds),
      redirect: 'manual',
    });
    return { id: request.id, status_code: res.status, content_type: res.headers.get('content-type'), headers: Object.fromEntries(res.headers), content: await res.text(), timed_out: false, error_msg: null };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    const message = timedOut
      ? `Timeout of ${request.timeout_milliseconds} ms reached. Total time: ${Math.round(performance.now() - started)} ms`
      : error instanceof Error
        ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}`
        : String(error);
    return { id: request.id, status_code: null, content_type: null, headers: null, content: null, timed_out: timedOut, error_msg: message };
  }
}

/** Records a batch's answers in net._http_response, in one statement. */
async function record(db: Db, answers: Answer[]): Promise<void> {
  await db
    .query(
      `insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
       select id, status_code, content_type, headers, content, timed_out, error_msg
         from jsonb_to_recordset($1::jsonb) as a(id bigint, status_code integer, content_type text, headers jsonb, content text, timed_out bool, error_msg text)`,
      [JSON.stringify(answers)],
    )
    .catch((error: unknown) => console.error(`[pg_net] recording ${answers.length} answers: ${error instanceof Error ? error.message : String(error)}`));
}
