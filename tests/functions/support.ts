// A backend with its SMTP catcher for the worker's tests, the worker's settings pointing at it,
// and helpers that run delivery rounds and read the queue and the outbox.
import { once } from 'node:events';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { startBackend, type TestBackend } from '../api/support.ts';
import { deliverBatch } from '../../workers/notifications/deliver.ts';
import type { WorkerSettings } from '../../workers/settings.ts';
import { createClient } from '@supabase/supabase-js';
import type { MailMessage } from '../../supabase/local/mail/outbox.ts';

/** The staff address of content/site.json that lead notifications go to. */
export const STAFF = 'bookings@bridgewayvisa.com';

/** A backend whose catcher feeds its outbox; the outbox keeps enough for the 1,000-row test. */
export function notificationBackend(): Promise<TestBackend> {
  return startBackend({ smtpCatcherPort: 0, outboxLimit: 10_000 });
}

/** Worker settings for the backend: its service key, its catcher, short timeouts. */
export function settingsFor(backend: TestBackend, overrides: Partial<WorkerSettings> = {}): WorkerSettings {
  return {
    supabaseUrl: backend.url,
    serviceRoleKey: backend.serviceRoleKey,
    smtp: { host: '127.0.0.1', port: backend.smtpPort!, secure: false },
    smtpTimeoutMs: 5_000,
    from: { name: 'Bridgeway Visa & Immigration', address: 'notifications@bridgewayvisa.com' },
    siteUrl: 'http://localhost:4321',
    pollMs: 50,
    batchSize: 50,
    leaseSeconds: 60,
    ...overrides,
  };
}

/** Runs delivery rounds until no row is due; returns how many rows were handled. */
export async function drain(settings: WorkerSettings): Promise<number> {
  const client = createClient(settings.supabaseUrl, settings.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  let total = 0;
  for (;;) {
    const handled = await deliverBatch(client, settings);
    if (handled === 0) return total;
    total += handled;
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
      where $1::uuid is null or subject_id = $1::uuid order by created_at, kind`,
    [subjectId ?? null],
  );
  return rows;
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

/** The Message-ID of each message, in order. */
export function messageIds(messages: MailMessage[]): string[] {
  return messages.map((m) => m.headers['message-id']!);
}

/** Queues `count` staff_new_contact_message rows by storing that many contact messages (distinct senders: the spam limit counts per address). */
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

/** A port nothing listens on: an SMTP server that is down. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
