// One batch of delivery: claim due rows (public.claim_notifications: `for update skip locked` and
// a lease, so two calls never take the same row and a killed call's rows come back), then for
// each one read its subject row, render its email, send it and record the outcome
// (public.complete_jobs: sent, or skipped with the reason, or queued again with backoff,
// or failed after the last try).
import type { FunctionReturns, Json, ServiceClient } from '../_shared/client.ts';
import { claim, type Queue, Reporter } from '../_shared/queue.ts';
import { BRAND, type Brand } from './emails/brand.ts';
import { currentBrand } from './emails/published-brand.ts';
import { renderEmail, type NotificationKind } from './emails/index.ts';
import type { SubjectRows, SubjectTable } from './emails/types.ts';
import type { MailSender } from './mail/sender.ts';
import { messageId } from './message-id.ts';
import { oneMailbox, RefusedRecipient } from './recipients.ts';
import type { SenderSettings } from './settings.ts';

/** The notifications queue. A send the function could not record comes back when its lease passes and is sent again, with the same Message-ID. */
const NOTIFICATIONS: Queue<'claim_notifications'> = { name: 'send-notifications', claim: 'claim_notifications' };

/** A row of public.notifications as claim_notifications returns it. */
export type Notification = FunctionReturns<'claim_notifications'>[number];

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
 * this one is still sending. The worst case is a batch of staff rows (each sends one message per
 * staff address, one after another) sent over CONNECTIONS connections, each send waiting
 * STEPS_PER_SEND × the SMTP timeout: ceil(25 / 5) × staff addresses × 3 × 5 s + 30 s, 105 s for
 * one staff address with the default timeout. A lease longer than hosted's 150 s of wall clock
 * only delays the reclaim of a call that was killed.
 */
export function leaseSecondsFor(settings: Pick<SenderSettings, 'smtpTimeoutMs'>, staffAddresses: number = BRAND.staff.length): number {
  const sendsPerRow = Math.max(1, staffAddresses);
  return Math.ceil(BATCH_SIZE / CONNECTIONS) * sendsPerRow * STEPS_PER_SEND * Math.ceil(settings.smtpTimeoutMs / 1000) + LEASE_MARGIN_SECONDS;
}

/** What one batch did: rows claimed, emails sent, rows with nothing to send, and tries that failed (retried later, or failed for good). */
export type DeliveryReport = {
  claimed: number;
  sent: number;
  skipped: number;
  failed: number;
};

/** The subject rows of a batch by id, or the reason a table could not be read. */
type Subjects = Map<string, SubjectRows[SubjectTable] | Error>;

interface Batch {
  settings: SenderSettings;
  apiUrl: string;
  brand: Brand;
  subjects: Subjects;
  mail: MailSender;
  reporter: Reporter;
}

/** Claims one batch and delivers it through `mail`. */
export async function deliverBatch(client: ServiceClient, settings: SenderSettings, apiUrl: string, mail: MailSender): Promise<DeliveryReport> {
  const rows = await claim(client, NOTIFICATIONS, BATCH_SIZE, leaseSecondsFor(settings));
  const report: DeliveryReport = { claimed: rows.length, sent: 0, skipped: 0, failed: 0 };
  if (rows.length === 0) return report;
  const [brand, subjects] = await Promise.all([currentBrand(settings.siteUrl), readSubjects(client, rows)]);
  const batch: Batch = { settings, apiUrl, brand, subjects, mail, reporter: new Reporter(client, NOTIFICATIONS) };
  const outcomes = await Promise.all(rows.map((row) => deliverOne(batch, row)));
  await batch.reporter.settled();
  for (const outcome of outcomes) report[outcome] += 1;
  return report;
}

async function readSubjects(client: ServiceClient, rows: Notification[]): Promise<Subjects> {
  const subjects: Subjects = new Map();
  const tables = new Map<SubjectTable, string[]>();
  for (const row of rows) tables.set(row.subject_table, [...(tables.get(row.subject_table) ?? []), row.subject_id]);
  await Promise.all(
    [...tables].map(async ([table, ids]) => {
      const { data, error } = await client.from(table).select('*').in('id', [...new Set(ids)]);
      if (error) for (const id of ids) subjects.set(id, new Error(`reading ${table}: ${error.message}`));
      else for (const subject of data) subjects.set(subject.id, subject);
    }),
  );
  return subjects;
}

async function deliverOne(batch: Batch, row: Notification): Promise<'sent' | 'skipped' | 'failed'> {
  try {
    const skipped = await send(batch, row);
    // A row with nothing to send is completed without sent_at, the reason recorded.
    batch.reporter.report(skipped === null ? { row, failure: null } : { row, failure: null, skipped });
    return skipped === null ? 'sent' : 'skipped';
  } catch (error) {
    // What the row records as its last error: the mail server's reply or the reason, one line.
    const failure = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 1000);
    // A recipient that is not one mailbox never will be: the row fails now, not after five tries.
    batch.reporter.report({ row, failure, giveUp: error instanceof RefusedRecipient });
    return 'failed';
  }
}

/** Why a newsletter email no longer applies to its subscriber, or a reminder to its booking, or null when it does (see send). */
export function staleReason(kind: NotificationKind, subject: SubjectRows[SubjectTable], payload: Record<string, unknown> = {}): string | null {
  if (kind === 'booking_reminder' && 'date' in subject && 'status' in subject) {
    // Cancelled, declined or moved since it was queued: the reminder would name a time that is no longer booked.
    const booked = (subject.status === 'requested' || subject.status === 'confirmed') && subject.date === payload.date && subject.time.slice(0, 5) === payload.time;
    return booked ? null : 'Not sent: the booking was changed after its reminder was queued.';
  }
  if (kind !== 'newsletter_welcome' && kind !== 'newsletter_confirmation') return null;
  if ('unsubscribed_at' in subject && subject.unsubscribed_at !== null) return 'Not sent: the address unsubscribed first.';
  // Marketing goes to confirmed subscribers only: the database queues a welcome on confirming
  // alone, and this holds even for a row queued some other way.
  if (kind === 'newsletter_welcome' && 'confirmed_at' in subject && subject.confirmed_at === null) return 'Not sent: the address has not confirmed its subscription.';
  if (kind === 'newsletter_confirmation' && 'confirmed_at' in subject && subject.confirmed_at !== null) return 'Not sent: the address confirmed first.';
  return null;
}

/** The payload's fields (a jsonb object; anything else reads as no fields). */
function payloadOf(payload: Json): Record<string, unknown> {
  return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? payload : {};
}

/** Sends the row's email: null once sent, or the reason there is nothing to send (the subject is gone, or unsubscribed). */
async function send({ settings, apiUrl, brand, subjects, mail }: Batch, row: Notification): Promise<string | null> {
  const kind = row.kind;
  const subject = subjects.get(row.subject_id);
  if (subject instanceof Error) throw subject;
  // The lead was deleted, the subscriber left before their welcome or confirmation went out, or
  // confirmed before this confirmation went out: nothing to say.
  if (!subject) return 'Not sent: what it was about has been deleted.';
  const payload = payloadOf(row.payload);
  const stale = staleReason(kind, subject, payload);
  if (stale !== null) return stale;
  // Every address is checked before anything is sent, so a bad staff address sends to no one.
  const recipients = row.recipient === null ? brand.staff.map((address) => ({ to: oneMailbox(address), id: messageId(row.id, address) })) : [{ to: oneMailbox(row.recipient), id: messageId(row.id) }];
  const email = renderEmail(kind, { row: subject, payload, brand, siteUrl: settings.siteUrl, apiUrl });
  // A visitor who answers any email of theirs reaches the consultancy's monitored address, never the
  // sending address nobody reads; staff emails are answered to no one in particular.
  const replyTo = row.recipient === null ? undefined : brand.contact.email;
  // One message per address: a mailbox never sees who else was told. A failure retries the row,
  // and staff who already had it get it again with the same Message-ID.
  for (const { to, id } of recipients) {
    await mail.send({ messageId: id, from: { name: brand.name, address: settings.from.address }, to, ...(replyTo ? { replyTo } : {}), ...email });
  }
  return null;
}
