// One batch of delivery: claim due rows (public.claim_notifications: `for update skip locked` and
// a lease, so two calls never take the same row and a killed call's rows come back), then for
// each one read its subject row, render its email, send it and record the outcome
// (public.complete_notification: sent, or queued again with backoff, or failed after the last try).
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.119.1';
import { claim, type Queue, Reporter } from '../_shared/queue.ts';
import { BRAND, type Brand } from './emails/brand.ts';
import { renderEmail, TEMPLATES, type NotificationKind } from './emails/index.ts';
import type { SubscriberRow } from './emails/types.ts';
import type { MailSender } from './mail/sender.ts';
import { messageId } from './message-id.ts';
import { oneMailbox, RefusedRecipient } from './recipients.ts';
import type { SenderSettings } from './settings.ts';

/** The notifications queue. A send the function could not record comes back when its lease passes and is sent again, with the same Message-ID. */
const NOTIFICATIONS: Queue = { claim: 'claim_notifications', completeMany: 'complete_notifications' };

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

/** Rows one claim takes. */
export const BATCH_SIZE = 25;

/** SMTP connections a call opens at most; sends beyond them wait for a free one. */
export const CONNECTIONS = 5;

/** SMTP steps a send may wait on, each up to the SMTP timeout: connect, greeting and a reply. */
const STEPS_PER_SEND = 3;

/** Seconds added to the worst case for reading subject rows and recording outcomes. */
const LEASE_MARGIN_SECONDS = 30;

/**
 * The lease of a claim: the batch's worst case, so that no other call reclaims (and re-sends) rows
 * this one is still sending. The worst case is the batch sent over CONNECTIONS connections, each
 * send waiting STEPS_PER_SEND × the SMTP timeout: ceil(25 / 5) × 3 × 5 s + 30 s = 105 s with the
 * default timeout, within hosted's 150 s of wall clock for the whole call.
 */
export function leaseSecondsFor(settings: SenderSettings): number {
  return Math.ceil(BATCH_SIZE / CONNECTIONS) * STEPS_PER_SEND * Math.ceil(settings.smtpTimeoutMs / 1000) + LEASE_MARGIN_SECONDS;
}

/** What one batch did: rows claimed, emails sent, rows with nothing to send, and tries that failed (retried later, or failed for good). */
export type DeliveryReport = {
  claimed: number;
  sent: number;
  skipped: number;
  failed: number;
};

/** The subject rows of a batch by id, or the reason a table could not be read. */
type Subjects = Map<string, Record<string, unknown> | Error>;

interface Batch {
  settings: SenderSettings;
  apiUrl: string;
  brand: Brand;
  subjects: Subjects;
  mail: MailSender;
  reporter: Reporter;
}

/** Claims one batch and delivers it through `mail`. */
export async function deliverBatch(client: SupabaseClient, settings: SenderSettings, apiUrl: string, mail: MailSender): Promise<DeliveryReport> {
  const rows = await claim<Notification>(client, NOTIFICATIONS, BATCH_SIZE, leaseSecondsFor(settings));
  const report: DeliveryReport = { claimed: rows.length, sent: 0, skipped: 0, failed: 0 };
  if (rows.length === 0) return report;
  const batch: Batch = { settings, apiUrl, brand: BRAND, subjects: await readSubjects(client, rows), mail, reporter: new Reporter(client, NOTIFICATIONS) };
  const outcomes = await Promise.all(rows.map((row) => deliverOne(batch, row)));
  await batch.reporter.settled();
  for (const outcome of outcomes) report[outcome] += 1;
  return report;
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
      else for (const subject of data as Record<string, unknown>[]) subjects.set(subject['id'] as string, subject);
    }),
  );
  return subjects;
}

async function deliverOne(batch: Batch, row: Notification): Promise<'sent' | 'skipped' | 'failed'> {
  try {
    const sent = await send(batch, row);
    batch.reporter.report({ row, failure: null });
    return sent ? 'sent' : 'skipped';
  } catch (error) {
    // What the row records as its last error: the mail server's reply or the reason, one line.
    const failure = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 1000);
    // A recipient that is not one mailbox never will be: the row fails now, not after five tries.
    batch.reporter.report({ row, failure, giveUp: error instanceof RefusedRecipient });
    return 'failed';
  }
}

/** True when a newsletter email no longer applies to its subscriber (see send). */
function isStale(kind: NotificationKind, subscriber: SubscriberRow): boolean {
  if (kind === 'newsletter_welcome') return subscriber.unsubscribed_at !== null;
  if (kind === 'newsletter_confirmation') return subscriber.confirmed_at !== null;
  return false;
}

/** Sends the row's email; false when there is nothing to send (the subject is gone, or unsubscribed). */
async function send({ settings, apiUrl, brand, subjects, mail }: Batch, row: Notification): Promise<boolean> {
  if (!TEMPLATES[row.kind]) throw new Error(`Unknown notification kind ${row.kind}`);
  const subject = subjects.get(row.subject_id);
  if (subject instanceof Error) throw subject;
  // The lead was deleted, the subscriber left before their welcome went out, or confirmed before
  // this confirmation went out: nothing to say.
  if (!subject || isStale(row.kind, subject as unknown as SubscriberRow)) return false;
  // Every address is checked before anything is sent, so a bad staff address sends to no one.
  const recipients = row.recipient === null ? brand.staff.map((address) => ({ to: oneMailbox(address), id: messageId(row.id, address) })) : [{ to: oneMailbox(row.recipient), id: messageId(row.id) }];
  const email = renderEmail(row.kind, { row: subject, payload: row.payload, brand, siteUrl: settings.siteUrl, apiUrl });
  // One message per address: a mailbox never sees who else was told. A failure retries the row,
  // and staff who already had it get it again with the same Message-ID.
  for (const { to, id } of recipients) {
    await mail.send({ messageId: id, from: { name: brand.name, address: settings.from.address }, to, ...email });
  }
  return true;
}
