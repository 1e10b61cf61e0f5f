// One sample row and payload for every kind of notification, with values typed the way a person
// might type them, and the rendering of each kind the email tests share (plain-text.test.ts,
// email-footer.test.ts).
import { BRAND } from '../send-notifications/emails/brand.ts';
import { renderEmail, type NotificationKind } from '../send-notifications/emails/index.ts';
import { SUBJECT_TABLES } from '../send-notifications/emails/subjects.ts';
import type { SubjectRows } from '../send-notifications/emails/types.ts';

/** The site's origin the samples are rendered for. */
export const SITE_URL = 'https://www.bridgewayvisa.com';

/** What a person might type: React escapes it as &#x27; &amp; &lt; &gt; in the HTML. */
export const TYPED = "Ngozi O'Neil & Sons <Ltd> &lt;";

export const ROWS: SubjectRows = {
  bookings: { id: '00000000-0000-4000-8000-000000000001', full_name: TYPED, email: 'ngozi@example.com', phone: TYPED, country: 'UK', date: '2027-03-10', time: '09:30:00', status: 'requested' },
  contact_messages: { id: '00000000-0000-4000-8000-000000000002', name: TYPED, email: 'ngozi@example.com', phone: TYPED, subject: TYPED, message: TYPED, page: '/contact' },
  visa_applications: { id: '00000000-0000-4000-8000-000000000003', name: TYPED, email: 'ngozi@example.com', phone: TYPED, visa_type: 'Tourist Visa', nationality: TYPED, status: 'in_review', submitted_at: '2026-11-25T10:00:00Z' },
  newsletter_subscribers: { id: '00000000-0000-4000-8000-000000000004', email: 'ngozi@example.com', unsubscribed_at: null, confirmed_at: null },
  account_deletions: { id: '00000000-0000-4000-8000-000000000005', email: 'ngozi@example.com', deleted_at: '2026-11-29T09:00:00Z', by_staff: true, applications_kept: 2, files_removed: 7 },
};

/** What private.booking_email_payload adds to a booking's date and time: its instants and whether it holds its place. */
const BOOKED = { holds_place: true, starts_at: '2027-03-11T09:00:00+00:00', ends_at: '2027-03-11T09:30:00+00:00' };

const PAYLOADS: Partial<Record<NotificationKind, Record<string, unknown>>> = {
  booking_confirmation: { ...BOOKED, date: '2027-03-11', time: '10:00', status: 'requested', sequence: 0, link_token: 'a'.repeat(64) },
  booking_reminder: { ...BOOKED, date: '2027-03-11', time: '10:00', status: 'confirmed', sequence: 1, link_token: 'a'.repeat(64) },
  applicant_status_changed: { from_status: 'in_review', to_status: 'approved', documents_removal_at: '2027-05-28T09:00:00+00:00' },
  // Staff's words and the checklist's labels are typed too.
  applicant_document_needs_replacing: { item_key: 'passport', item_label: TYPED, file_name: 'passport (1).pdf', reason: TYPED },
  applicant_documents_requested: { request_id: '00000000-0000-4000-8000-000000000006', items: [{ key: 'passport', label: TYPED }, { key: 'photo', label: 'Passport photograph' }], note: TYPED },
  booking_changed: { ...BOOKED, change: 'moved', changed_by: 'staff', note: TYPED, date: '2027-03-11', time: '10:00', from_date: '2027-03-10', from_time: '09:30', status: 'confirmed', sequence: 1, link_token: 'a'.repeat(64) },
  staff_booking_changed: { ...BOOKED, change: 'moved', changed_by: 'visitor', date: '2027-03-11', time: '10:00', from_date: '2027-03-10', from_time: '09:30', status: 'requested', sequence: 1 },
  // The newsletter's links carry the token of their payload (the table keeps its hash only).
  newsletter_confirmation: { link_token: 'c'.repeat(64) },
  newsletter_welcome: { link_token: 'd'.repeat(64) },
  staff_documents_provided: { request_id: '00000000-0000-4000-8000-000000000006', items: [{ key: 'passport', label: TYPED }] },
};

export const render = (kind: NotificationKind) =>
  renderEmail(kind, { row: ROWS[SUBJECT_TABLES[kind]], payload: PAYLOADS[kind] ?? {}, brand: BRAND, siteUrl: SITE_URL, apiUrl: 'https://project.supabase.co' });

