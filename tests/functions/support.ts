// A backend with its SMTP catcher and the Edge Functions' local secrets for the functions' tests,
// the functions run by Deno (the backend's own, or one started with other settings), calls made as
// the database makes them, and helpers that read the queue and the outbox.
import { once } from 'node:events';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { expect } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import { localFunctionSecrets } from '../../supabase/local/functions/local-secrets.ts';
import { startFunctionsRuntime, type FunctionsRuntime } from '../../supabase/local/functions/runtime.ts';
import type { MailMessage } from '../../supabase/local/mail/mailbox.ts';
import { startBackend, type TestBackend } from '../api/support.ts';
import { loadSettings } from '../content/content-files.ts';

/** The first staff address of content/site.json: lead notifications go to each, one message each. */
export const STAFF = loadSettings().notifications.staff[0]!;

/**
 * A backend whose catcher feeds its outbox (which keeps enough for the 1,000-row test), with the
 * functions' local secrets pointing at that catcher. With databaseCalls the database calls the
 * queues' functions itself, as in production (Vault holds the backend's address and key);
 * without, rows wait until a test calls a function.
 */
export async function notificationBackend({ databaseCalls = false } = {}): Promise<TestBackend> {
  // The functions' settings name the catcher's port before it listens, so a free port is chosen
  // first; another process may take it in between (test files run side by side): then another.
  for (let attempt = 1; ; attempt += 1) {
    const catcherPort = await closedPort();
    try {
      return await startBackend({
        smtpCatcherPort: catcherPort,
        outboxLimit: 10_000,
        callQueueFunctions: databaseCalls,
        functionSecrets: localFunctionSecrets(loadConfig(), catcherPort),
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 5) throw error;
    }
  }
}

/**
 * The functions in a Deno process of their own, working for `backend`, with the backend's local
 * secrets changed by `changes` (undefined removes a variable): a mail server that refuses or
 * hangs, or a setting left out.
 */
export function functionsWith(backend: TestBackend, changes: Record<string, string | undefined> = {}, log: (line: string) => void = () => {}): Promise<FunctionsRuntime> {
  const env: Record<string, string | undefined> = {
    SUPABASE_URL: backend.url,
    SUPABASE_ANON_KEY: backend.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey,
    ...localFunctionSecrets(loadConfig(), backend.smtpPort!),
    ...changes,
  };
  return startFunctionsRuntime({ env: Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined)), log });
}

/** What a function answered: its status and JSON body. */
export interface Answer {
  status: number;
  body: Record<string, unknown> & { claimed?: number; more?: boolean };
}

/** Calls a function at `baseUrl` (a backend or a runtime) as the database does: POST with a key as bearer token (the service key unless given). */
export async function callFunction(baseUrl: string, name: string, key: string | null): Promise<Answer> {
  const res = await fetch(`${baseUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}`, apikey: key } : {}) },
    body: '{}',
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/** Calls `name` until a call claims nothing; returns the answers. */
export async function drain(backend: TestBackend, name = 'send-notifications', baseUrl = backend.url): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (;;) {
    const answer = await callFunction(baseUrl, name, backend.serviceRoleKey);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    answers.push(answer);
    if (answer.body.claimed === 0) return answers;
  }
}

export interface QueueRow {
  id: string;
  kind: string;
  recipient: string | null;
  subject_id: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

/** Rows of public.notifications, optionally only one subject's. */
export async function queue(backend: TestBackend, subjectId?: string): Promise<QueueRow[]> {
  const { rows } = await backend.db.query<QueueRow>(
    `select id, kind, recipient, subject_id, status, attempts, last_error from public.notifications
      where $1::uuid is null or subject_id = $1::uuid order by created_at, kind::text`,
    [subjectId ?? null],
  );
  return rows;
}

/** Rows not yet handled (queued or sending). */
export async function pending(backend: TestBackend): Promise<number> {
  const { rows } = await backend.db.query<{ n: number }>(`select count(*)::int as n from public.notifications where status in ('queued', 'sending')`);
  return rows[0]!.n;
}

/** Makes every queued row due now, as if its backoff had passed. */
export async function makeDue(backend: TestBackend): Promise<void> {
  await backend.db.query(`update public.notifications set next_attempt_at = now() where status = 'queued'`);
}

/** Every notification email in the outbox (all recipients). */
export async function notificationMail(backend: TestBackend): Promise<MailMessage[]> {
  const res = await fetch(`${backend.url}/mail.json`);
  return ((await res.json()) as { messages: MailMessage[] }).messages.filter((m) => m.type === 'notification');
}

/** The notification emails to `to`, once there are `count` of them (the database's call delivers them after the commit). */
export async function mailTo(backend: TestBackend, to: string, count = 1): Promise<MailMessage[]> {
  let found: MailMessage[] = [];
  await expect.poll(async () => (found = (await notificationMail(backend)).filter((m) => m.to === to)).length, { timeout: 20_000, interval: 50 }).toBe(count);
  return found;
}

/** The Message-ID of each message, in order. */
export function messageIds(messages: MailMessage[]): string[] {
  return messages.map((m) => m.headers['message-id']!);
}

/** Queues `count` staff_new_contact_message rows by storing that many contact messages in one statement (distinct senders: the spam limit counts per address). */
export async function queueContactMessages(backend: TestBackend, count: number): Promise<void> {
  await backend.db.query(
    `insert into public.contact_messages (name, email, subject, phone, message, page)
     select 'Sender ' || n, 'sender' || n || '.' || $2 || '@example.com', 'Question ' || n, '+234 800 000 0000', 'Hello', '/contact'
       from generate_series(1, $1::int) as n`,
    [count, Math.random().toString(36).slice(2, 8)],
  );
}

/** A TCP server that accepts connections and never answers: an SMTP server too slow to greet. */
export async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const open = new Set<Socket>();
  const server: Server = createServer((socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of open) socket.destroy();
      }),
  };
}

/** A port nothing listens on: an SMTP server that is down (or a free port to listen on). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
