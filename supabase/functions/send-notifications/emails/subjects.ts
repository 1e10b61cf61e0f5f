// Each kind of notification and the table its subject row lives in: what the templates' types read
// (each template is checked against its table's row). The database says the same in
// private.notification_subject(kind) (supabase/migrations/20261122000500_notifications.sql), which a
// CHECK on public.notifications applies to every row; tests/db/notification-kinds.test.ts holds the
// two equal. `satisfies` makes a kind the database adds and this file lacks a type error.
import type { Enums } from '../../../../common/database.types.ts';

/** A kind of notification (public.notification_kind). */
export type NotificationKind = Enums<'notification_kind'>;

export const SUBJECT_TABLES = {
  staff_new_booking: 'bookings',
  booking_confirmation: 'bookings',
  booking_changed: 'bookings',
  staff_booking_changed: 'bookings',
  booking_reminder: 'bookings',
  staff_booking_ceiling: 'bookings',
  staff_new_contact_message: 'contact_messages',
  staff_new_application: 'visa_applications',
  applicant_application_received: 'visa_applications',
  applicant_status_changed: 'visa_applications',
  applicant_document_needs_replacing: 'visa_applications',
  applicant_documents_requested: 'visa_applications',
  staff_documents_provided: 'visa_applications',
  newsletter_confirmation: 'newsletter_subscribers',
  newsletter_welcome: 'newsletter_subscribers',
  account_deleted: 'account_deletions',
} as const satisfies Record<NotificationKind, Enums<'notification_subject'>>;

export type SubjectTables = typeof SUBJECT_TABLES;
