// What each kind of email said, in the words the export gives its reader: the outbox keeps the
// kind, not the subject line the template wrote at sending time. `satisfies` makes a kind the
// database adds and this map lacks a type error.
import type { Enums } from '../_shared/client.ts';

export const EMAIL_ABOUT = {
  staff_new_booking: 'To staff: your new booking',
  staff_new_contact_message: 'To staff: your new message',
  staff_new_application: 'To staff: your new application',
  staff_documents_provided: 'To staff: you provided the documents asked for',
  applicant_application_received: 'We received your application',
  applicant_status_changed: "Your application's status changed",
  applicant_document_needs_replacing: 'A document of yours needs replacing',
  applicant_documents_requested: 'We asked for more documents',
  booking_confirmation: 'Your booking',
  newsletter_confirmation: 'Confirm your newsletter subscription',
  newsletter_welcome: 'Welcome to the newsletter',
  booking_changed: 'Your booking changed',
  staff_booking_changed: 'To staff: you changed your booking',
  booking_reminder: 'A reminder of your booking',
  staff_booking_ceiling: 'To staff: many bookings in an hour',
  account_deleted: 'Your account has been deleted',
} as const satisfies Record<Enums<'notification_kind'>, string>;
