// The notifications outbox as /admin reads and changes it: the emails queued for a booking, a
// message or an application, how each kind and status reads to staff, and Retry for a failed one.
// Each call takes the client and answers a Result (src/islands/admin/query-result.ts hands it to
// react-query, which holds a failure and offers Retry).
import type { SupabaseClient } from '@supabase/supabase-js';
import type { BadgeTone } from './badges.ts';
import { staffFailure } from './forms/errors.ts';
import { succeeded, type Result } from './result.ts';

/** The tables whose rows are notified about and show their notifications in /admin. */
export type SubjectTable = 'visa_applications' | 'bookings' | 'contact_messages';
export type NotificationStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** One queued email, as /admin shows it. */
export interface NotificationRow {
  id: string;
  kind: string;
  subject_id: string;
  status: NotificationStatus;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
}

/** Whom each kind of email goes to and why, as staff read it. */
const KIND_LABELS: Record<string, string> = {
  staff_new_booking: 'Staff: new booking',
  staff_new_contact_message: 'Staff: new message',
  staff_new_application: 'Staff: new application',
  applicant_application_received: 'Applicant: received',
  applicant_status_changed: 'Applicant: status changed',
  applicant_document_needs_replacing: 'Applicant: document to replace',
  applicant_documents_requested: 'Applicant: documents requested',
  staff_documents_provided: 'Staff: requested documents provided',
  booking_confirmation: 'Visitor: booking confirmation',
  newsletter_welcome: 'Subscriber: welcome',
};

/** How a kind of notification reads ("Staff: new booking"). */
export function notificationKindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind;
}

const STATUS_BADGES: Record<NotificationStatus, { label: string; tone: BadgeTone }> = {
  queued: { label: 'Queued', tone: 'neutral' },
  sending: { label: 'Sending', tone: 'progress' },
  sent: { label: 'Sent', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

/** A notification status's label and tone. */
export function notificationBadge(status: NotificationStatus): { label: string; tone: BadgeTone } {
  return STATUS_BADGES[status] ?? { label: String(status), tone: 'neutral' };
}

/** The notifications of every row in `ids` (one page of a list): one request for the page. */
export async function fetchNotifications(supabase: SupabaseClient, table: SubjectTable, ids: string[]): Promise<Result<NotificationRow[]>> {
  if (ids.length === 0) return succeeded([]);
  const { data, error } = await supabase
    .from('notifications')
    .select('id, kind, subject_id, status, attempts, last_error, sent_at, created_at')
    .eq('subject_table', table)
    .in('subject_id', ids)
    .order('created_at', { ascending: true });
  if (error) return staffFailure(error);
  return succeeded((data ?? []) as NotificationRow[]);
}

/**
 * Puts a failed notification back in the queue (the database refuses any other change); false
 * when it was no longer failed (queued by another click already).
 */
export async function retryNotification(supabase: SupabaseClient, id: string): Promise<Result<boolean>> {
  const { data, error } = await supabase.rpc('retry_notification', { notification_id: id });
  if (error) return staffFailure(error);
  return succeeded(data === true);
}
