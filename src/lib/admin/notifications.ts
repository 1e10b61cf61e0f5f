// The notifications outbox as /admin reads and changes it: the emails queued for a booking, a
// message or an application, how each kind and status reads to staff, and Retry for a failed one.
// Each call takes the client and answers a Result (src/islands/admin/query-result.ts hands it to
// react-query, which holds a failure and offers Retry).
import type { BadgeTone } from '../badges.ts';
import type { Enums, SiteClient, Tables } from '../database.ts';
import { staffFailure } from '../forms/errors.ts';
import { succeeded, type Result } from '../result.ts';

/** The tables whose rows show their notifications in /admin (a subscriber's and a deleted account's are not shown). */
export type SubjectTable = Exclude<Enums<'notification_subject'>, 'newsletter_subscribers' | 'account_deletions'>;
/** A notification's state in the queue (public.job_status). */
export type NotificationStatus = Enums<'job_status'>;
/** A kind of notification (public.notification_kind). */
export type NotificationKind = Enums<'notification_kind'>;

/** One queued email, as /admin shows it. */
export type NotificationRow = Pick<Tables<'notifications'>, 'id' | 'kind' | 'subject_id' | 'status' | 'attempts' | 'last_error' | 'sent_at' | 'created_at'>;

/** Whom each kind of email goes to and why, as staff read it. */
const KIND_LABELS: Record<NotificationKind, string> = {
  staff_new_booking: 'Staff: new booking',
  staff_new_contact_message: 'Staff: new message',
  staff_new_application: 'Staff: new application',
  applicant_application_received: 'Applicant: received',
  applicant_status_changed: 'Applicant: status changed',
  applicant_document_needs_replacing: 'Applicant: document to replace',
  applicant_documents_requested: 'Applicant: documents requested',
  staff_documents_provided: 'Staff: requested documents provided',
  booking_confirmation: 'Visitor: booking confirmation',
  booking_changed: 'Visitor: booking changed',
  staff_booking_changed: 'Staff: visitor changed a booking',
  booking_reminder: 'Visitor: reminder',
  staff_booking_ceiling: 'Staff: hourly ceiling of bookings reached',
  newsletter_confirmation: 'Subscriber: confirmation',
  newsletter_welcome: 'Subscriber: welcome',
  account_deleted: 'Former applicant: account deleted',
};

/** How a kind of notification reads ("Staff: new booking"). */
export function notificationKindLabel(kind: NotificationKind): string {
  return KIND_LABELS[kind];
}

const STATUS_BADGES = {
  queued: { label: 'Queued', tone: 'neutral' },
  sending: { label: 'Sending', tone: 'progress' },
  sent: { label: 'Sent', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
} as const satisfies Record<NotificationStatus, { label: string; tone: BadgeTone }>;

/** A notification status's label and tone. */
export function notificationBadge(status: NotificationStatus): { label: string; tone: BadgeTone } {
  return STATUS_BADGES[status];
}

/** The notifications of every row in `ids` (one page of a list): one request for the page. */
export async function fetchNotifications(supabase: SiteClient, table: SubjectTable, ids: string[]): Promise<Result<NotificationRow[]>> {
  if (ids.length === 0) return succeeded([]);
  const { data, error } = await supabase
    .from('notifications')
    .select('id, kind, subject_id, status, attempts, last_error, sent_at, created_at')
    .eq('subject_table', table)
    .in('subject_id', ids)
    .order('created_at', { ascending: true });
  if (error) return staffFailure(error);
  return succeeded(data ?? []);
}

/**
 * Puts a failed notification back in the queue (the database refuses any other change); false
 * when it was no longer failed (queued by another click already).
 */
export async function retryNotification(supabase: SiteClient, id: string): Promise<Result<boolean>> {
  const { data, error } = await supabase.rpc('retry_notification', { notification_id: id });
  if (error) return staffFailure(error);
  return succeeded(data === true);
}
