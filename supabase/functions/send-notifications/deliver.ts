// One round of delivery: claim due rows (public.claim_notifications: `for update skip locked` and
// a lease, so two workers never take the same row and a killed worker's rows come back), then
// for each one read its subject row, render its email, send it over SMTP and record the outcome
// (public.complete_notification: sent, or queued again with backoff, or failed after the last try).
import { createHash } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createTransport, type Transporter } from 'nodemailer';
import { loadBrand, type Brand } from './emails/brand.ts';
import { renderEmail, TEMPLATES, type NotificationKind } from './emails/index.ts';
import type { SubscriberRow } from './emails/types.ts';
import { oneMailbox, RefusedRecipient } from './recipients.ts';
import { smtpOptions } from '../../supabase/local/mail/smtp.ts';
import { claim, complete, type Queue } from '../queue.ts';
import type { WorkerSettings } from '../settings.ts';

/** The notifications queue. A send the worker could not record comes back when its lease passes and is sent again, with the same Message-ID. */
const NOTIFICATIONS: Queue = { claim: 'claim_notifications', complete: 'complete_notification', rowParameter: 'notification_id' };

/** A row of public.notifications as claim_notifications returns it. */
export interface Notification {
  id: string;
  kind: NotificationKind;
  recipient: string | null;
  subject_table: string;
  subject_id: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/**
 * The Message-ID of a notification's email: the same on every attempt, so a resend after a crash
 * can be recognised. A staff notification is one message per staff address, each with its own id
 * made from the address (not its place in the list, which an edit of content/site.json can change).
 */
export function messageId(notificationId: string, staffAddress?: string): string {
  if (staffAddress === undefined) return `<${notificationId}@bridgewayvisa.com>`;
  const tag = createHash('sha256').update(staffAddress.toLowerCase()).digest('hex').slice(0, 12);
  return `<${notificationId}.${tag}@bridgewayvisa.com>`;
}

/** Most SMTP connections one round opens; sends beyond it wait for a free one. */
const CONNECTIONS = 2;

/** SMTP steps a send may wait on, each up to the SMTP timeout: connect, greeting and a reply. */
const STEPS_PER_SEND = 3;

/** Seconds added to the worst case for reading subject rows and recording outcomes. */
const LEASE_MARGIN_SECONDS = 30;

/**
 * The lease a claim asks for: the configured one, raised to the batch's worst case, so a second
 * worker never reclaims (and re-sends) rows this one is still sending. The worst case is the
 * batch sent over CONNECTIONS connections, each send waiting STEPS_PER_SEND × the SMTP timeout:
 * ceil(batch / CONNECTIONS) × STEPS_PER_SEND × timeout + LEASE_MARGIN_SECONDS (330 s with the
 * defaults: 20 rows, 10 s). The batch is not lowered instead, so throughput stays as configured.
 * At most claim_notifications' limit of a day.
 */
export function leaseSecondsFor(settings: WorkerSettings): number {
  const worstCase = Math.ceil(settings.batchSize / CONNECTIONS) * STEPS_PER_SEND * Math.ceil(settings.smtpTimeoutMs / 1000) + LEASE_MARGIN_SECONDS;
  return Math.min(Math.max(settings.leaseSeconds, worstCase), 86_400);
}

/** The subject rows of a batch by id, or the reason a table could not be read. */
type Subjects = Map<string, Record<string, unknown> | Error>;

/** Claims one batch and delivers it; returns how many rows were claimed (0: the queue has nothing due). */
export async function deliverBatch(client: SupabaseClient, settings: WorkerSettings): Promise<number> {
  const rows = await claim<Notification>(client, NOTIFICATIONS, settings.batchSize, leaseSecondsFor(settings));
  if (rows.length === 0) return 0;
  // Read once per batch: the staff list and brand of content/site.json, and the subject rows (one query per table).
  const brand = loadBrand();
  const subjects = await readSubjects(client, rows);
  const transport = smtpTransport(settings);
  try {
    await Promise.all(rows.map((row) => deliverOne(client, transport, { settings, brand, subjects }, row)));
  } finally {
    transport.close();
  }
  return rows.length;
}

interface Round {
  settings: WorkerSettings;
  brand: Brand;
  subjects: Subjects;
}

async function readSubjects(client: SupabaseClient, rows: Notification[]): Promise<Subjects> {
  const subjects: Subjects = new Map();
  const tables = new Map<string, string[]>();
  for (const row of rows) {
    const table = TEMPLATES[row.kind]?.table;
    if (table) tables.set(table, [...(tables.get(table) ?? []), row.subject_id]);
  }
  await Promise.all(
    [...tables].map(async ([table, ids]) => {
      const { data, error } = await client.from(table).select('*').in('id', [...new Set(ids)]);
      if (error) for (const id of ids) subjects.set(id, new Error(`reading ${table}: ${error.message}`));
      else for (const subject of data as Record<string, unknown>[]) subjects.set(subject.id as string, subject);
    }),
  );
  return subjects;
}

async function deliverOne(client: SupabaseClient, transport: Transporter, round: Round, row: Notification): Promise<void> {
  let failure: string | null = null;
  try {
    await send(transport, round, row);
  } catch (error) {
    // What the row records as its last error: the mail server's reply or the reason, one line.
    failure = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 1000);
    // A recipient that is not one mailbox never will be: the row fails now, not after five tries.
    if (error instanceof RefusedRecipient) return complete(client, NOTIFICATIONS, row, failure, { giveUp: true });
  }
  await complete(client, NOTIFICATIONS, row, failure);
}

async function send(transport: Transporter, { settings, brand, subjects }: Round, row: Notification): Promise<void> {
  if (!TEMPLATES[row.kind]) throw new Error(`Unknown notification kind ${row.kind}`);
  const subject = subjects.get(row.subject_id);
  if (subject instanceof Error) throw subject;
  // The lead was deleted, or the subscriber left before their welcome went out: nothing to say.
  if (!subject || (row.kind === 'newsletter_welcome' && (subject as unknown as SubscriberRow).unsubscribed_at)) return;
  // Every address is checked before anything is sent, so a bad staff address sends to no one.
  const recipients = row.recipient === null ? brand.staff.map((address) => ({ to: oneMailbox(address), id: messageId(row.id, address) })) : [{ to: oneMailbox(row.recipient), id: messageId(row.id) }];
  const email = renderEmail(row.kind, { row: subject, payload: row.payload, brand, siteUrl: settings.siteUrl, apiUrl: settings.supabaseUrl });
  // One message per address: a mailbox never sees who else was told. A failure retries the row,
  // and staff who already had it get it again with the same Message-ID.
  for (const { to, id } of recipients) await sendTo(transport, settings, email, to, id);
}

async function sendTo(transport: Transporter, settings: WorkerSettings, email: ReturnType<typeof renderEmail>, to: string, id: string): Promise<void> {
  await transport.sendMail({
    messageId: id,
    from: settings.from,
    to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    headers: email.headers,
    attachments: email.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
    // Base64 bodies keep every line short and every byte intact whatever a user typed.
    textEncoding: 'base64',
  });
}

/** A pooled transport for one round: its connections close with the round. A slow or silent server fails a send after smtpTimeoutMs; the row is retried later. */
function smtpTransport(settings: WorkerSettings): Transporter {
  return createTransport({ ...smtpOptions(settings.smtp, settings.smtpTimeoutMs), pool: true, maxConnections: CONNECTIONS });
}
