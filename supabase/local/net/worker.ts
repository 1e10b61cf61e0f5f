// The background worker of the pg_net stand-in (db/extension-stand-ins.sql), as pg_net's own
// worker does it: net.http_post only queues a row in net.http_request_queue and notifies
// 'pg_net_wake', which Postgres delivers when that transaction commits (a rolled-back one sends
// nothing); this takes the queued requests, sends each with its timeout without waiting for the
// others, and records the answer in net._http_response (status, body, or timed_out / error_msg),
// keeping answers for pg_net's default TTL of 6 hours. It also looks every second, for requests
// queued while no one listened.
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

/** Requests taken per look, as pg_net's default batch size. */
const BATCH = 200;
const POLL_MS = 1_000;

/** Starts sending the requests db queues through net.http_post. */
export async function startNetWorker(db: Db): Promise<NetWorker> {
  const inFlight = new Set<Promise<void>>();
  let looking: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function take(): Promise<void> {
    do {
      again = false;
      const { rows } = await db.query<QueuedRequest>(
        `delete from net.http_request_queue
          where id in (select id from net.http_request_queue order by id limit ${BATCH})
          returning id, method, url, headers, body, timeout_milliseconds`,
      );
      for (const request of rows) {
        const sending = send(db, request).finally(() => inFlight.delete(sending));
        inFlight.add(sending);
      }
      if (rows.length === BATCH) again = true;
    } while (again && !stopped);
  }

  function look(): void {
    if (stopped) return;
    if (looking) {
      again = true;
      return;
    }
    looking = take()
      .catch((error: unknown) => console.error(`[pg_net] ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (looking = null));
  }

  const unlisten = await db.listen('pg_net_wake', look);
  const timer = setInterval(() => {
    look();
    db.query(`delete from net._http_response where created < now() - interval '6 hours'`).catch(() => {});
  }, POLL_MS);
  timer.unref();
  look();

  const settled = async () => {
    while (looking || inFlight.size > 0) await Promise.all([looking, ...inFlight]);
  };
  return {
    settled,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await unlisten();
      await settled();
    },
  };
}

async function send(db: Db, request: QueuedRequest): Promise<void> {
  let answer: { status_code: number | null; content_type: string | null; headers: Record<string, string> | null; content: string | null; timed_out: boolean; error_msg: string | null };
  const started = performance.now();
  try {
    const res = await fetch(request.url, {
      method: request.method,
      headers: request.headers ?? {},
      ...(request.body ? { body: Buffer.from(request.body) } : {}),
      signal: AbortSignal.timeout(request.timeout_milliseconds),
      redirect: 'manual',
    });
    answer = { status_code: res.status, content_type: res.headers.get('content-type'), headers: Object.fromEntries(res.headers), content: await res.text(), timed_out: false, error_msg: null };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    const message = timedOut
      ? `Timeout of ${request.timeout_milliseconds} ms reached. Total time: ${Math.round(performance.now() - started)} ms`
      : error instanceof Error
        ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}`
        : String(error);
    answer = { status_code: null, content_type: null, headers: null, content: null, timed_out: timedOut, error_msg: message };
  }
  await db
    .query(`insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg) values ($1, $2, $3, $4, $5, $6, $7)`, [
      request.id,
      answer.status_code,
      answer.content_type,
      answer.headers === null ? null : JSON.stringify(answer.headers),
      answer.content,
      answer.timed_out,
      answer.error_msg,
    ])
    .catch((error: unknown) => console.error(`[pg_net] recording the answer to request ${request.id}: ${error instanceof Error ? error.message : String(error)}`));
}
