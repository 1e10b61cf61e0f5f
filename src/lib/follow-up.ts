// What happens after a submission, as the admin dashboard reads and changes it (issue 17's schema,
// supabase/migrations/ *_notifications, *_application_timeline, *_lead_handling and
// *_admin_overview.sql): the notifications queued for a row, the
// handled state of bookings and messages, an application's timeline and notes, and the counts of
// what is waiting. Each call takes the client and throws on failure: the dashboard runs them in
// react-query, which holds the error and offers Retry (as src/islands/admin/server-query.ts does).
import type { FunctionReturns, SiteClient, Tables } from './database.ts';
import type { BadgeTone } from './badges.ts';
import { fetchDocumentRequests, type DocumentRequest, type RequestedItem } from './documents/requests.ts';

/** The tables whose rows are notified about and show their notifications in /admin. */
export type SubjectTable = 'visa_applications' | 'bookings' | 'contact_messages';
/** The tables whose rows staff mark handled. */
export type LeadTable = 'bookings' | 'contact_messages';

/** The statuses public.notifications allows (a check constraint on text, so the generated type says string). */
export type NotificationStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** One queued email, as /admin shows it. */
export type NotificationRow = Pick<Tables<'notifications'>, 'id' | 'kind' | 'subject_id' | 'status' | 'attempts' | 'last_error' | 'sent_at' | 'created_at'>;

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

const STATUS_BADGES = {
  queued: { label: 'Queued', tone: 'neutral' },
  sending: { label: 'Sending', tone: 'progress' },
  sent: { label: 'Sent', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
} as const satisfies Record<NotificationStatus, { label: string; tone: BadgeTone }>;

function isNotificationStatus(status: string): status is NotificationStatus {
  return Object.hasOwn(STATUS_BADGES, status);
}

/** A notification status's label and tone. */
export function notificationBadge(status: string): { label: string; tone: BadgeTone } {
  return isNotificationStatus(status) ? STATUS_BADGES[status] : { label: status, tone: 'neutral' };
}

/** The notifications of every row in `ids` (one page of a list): one request for the page. */
export async function fetchNotifications(supabase: SiteClient, table: SubjectTable, ids: string[]): Promise<NotificationRow[]> {
  if (ids.length === 0) return [];
  const { data, error } = await supabase
    .from('notifications')
    .select('id, kind, subject_id, status, attempts, last_error, sent_at, created_at')
    .eq('subject_table', table)
    .in('subject_id', ids)
    .order('created_at', { ascending: true });
  if (error) throw error;
  return data ?? [];
}

/**
 * Puts a failed notification back in the queue (the database refuses any other change); false
 * when it was no longer failed (queued by another click already).
 */
export async function retryNotification(supabase: SiteClient, id: string): Promise<boolean> {
  const { data, error } = await supabase.rpc('retry_notification', { notification_id: id });
  if (error) throw error;
  return data === true;
}

/** Marks a booking or message handled by the signed-in admin (now), or new again. */
export async function setLeadHandled(supabase: SiteClient, table: LeadTable, id: string, handled: boolean): Promise<void> {
  const { error } = await supabase.rpc('set_lead_handled', { lead_table: table, lead_id: id, handled });
  if (error) throw error;
}

/** The display names of the given accounts (admins read every profile); a missing one is absent. */
export async function fetchNames(supabase: SiteClient, ids: string[]): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  const { data, error } = await supabase.from('profiles').select('id, full_name, email').in('id', ids);
  if (error) throw error;
  return Object.fromEntries((data ?? []).map((row) => [row.id, row.full_name || row.email || 'an admin']));
}

/**
 * What is waiting for an answer (admin_overview: "today" in the consultancy's time zone), and
 * whether the queues move. admin_overview returns one json object, which the generated types know
 * only as Json: this is its shape.
 */
export type Overview = {
  new_applications: number;
  new_messages: number;
  bookings_today: number;
  bookings_upcoming: number;
  /** Open applications with a request for missing documents not yet fulfilled. */
  waiting_on_applicant: number;
  /** Emails that failed for good (each row shows its reason and Retry). */
  emails_failed: number;
  /** Emails queued or being sent, and when the oldest of them was queued (null: none). */
  emails_waiting: number;
  oldest_email_waiting_since: string | null;
  /** Files of deleted applications still to remove from Storage, and since when. */
  removals_waiting: number;
  oldest_removal_waiting_since: string | null;
};

/** The dashboard's counts of what is waiting. */
export async function fetchOverview(supabase: SiteClient): Promise<Overview> {
  const { data, error } = await supabase.rpc('admin_overview');
  if (error) throw error;
  return data as Overview;
}

/** The leads of one week (admin_leads_by_week): its Monday in Lagos (YYYY-MM-DD) and what arrived. */
export type WeekLeads = FunctionReturns<'admin_leads_by_week'>[number];

/** The leads of the last 12 weeks, oldest first, the current week last. */
export async function fetchLeadsByWeek(supabase: SiteClient): Promise<WeekLeads[]> {
  const { data, error } = await supabase.rpc('admin_leads_by_week');
  if (error) throw error;
  return data ?? [];
}

/**
 * One entry of an application's timeline: a status change, an internal note, a request for
 * missing documents (with staff's line), or the arrival of a request's last document.
 */
export type TimelineEntry =
  | { type: 'status'; id: string; at: string; by: string | null; from: string | null; to: string }
  | { type: 'note'; id: string; at: string; by: string | null; body: string }
  | { type: 'request'; id: string; at: string; by: string | null; items: RequestedItem[]; note: string | null }
  | { type: 'provided'; id: string; at: string; by: null; items: RequestedItem[] };

/** A request's entries: when it was made, and when its last document arrived (if it has). */
export function requestEntries(request: DocumentRequest): TimelineEntry[] {
  const asked: TimelineEntry = { type: 'request', id: request.id, at: request.requested_at, by: request.requested_by, items: request.items, note: request.note };
  if (!request.fulfilled_at) return [asked];
  return [asked, { type: 'provided', id: `${request.id}:provided`, at: request.fulfilled_at, by: null, items: request.items }];
}

/** An application's status changes, notes and document requests, oldest first, interleaved by time. */
export async function fetchTimeline(supabase: SiteClient, applicationId: string): Promise<TimelineEntry[]> {
  const [changes, notes, requests] = await Promise.all([
    supabase
      .from('application_status_changes')
      .select('id, from_status, to_status, changed_by, changed_at')
      .eq('application_id', applicationId)
      .order('changed_at', { ascending: true }),
    supabase.from('application_notes').select('id, body, author_id, created_at').eq('application_id', applicationId).order('created_at', { ascending: true }),
    fetchDocumentRequests(supabase, [applicationId]),
  ]);
  if (changes.error) throw changes.error;
  if (notes.error) throw notes.error;
  const entries: TimelineEntry[] = [
    ...(changes.data ?? []).map((row) => ({
      type: 'status' as const,
      id: row.id,
      at: row.changed_at,
      by: row.changed_by,
      from: row.from_status,
      to: row.to_status,
    })),
    ...(notes.data ?? []).map((row) => ({ type: 'note' as const, id: row.id, at: row.created_at, by: row.author_id, body: row.body })),
    ...requests.flatMap(requestEntries),
  ];
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** Adds an internal note to an application, written by the signed-in admin. */
export async function addNote(supabase: SiteClient, applicationId: string, body: string): Promise<void> {
  const { error } = await supabase.from('application_notes').insert({ application_id: applicationId, body });
  if (error) throw error;
}
