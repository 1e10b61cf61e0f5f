// One template per notification kind (the table its subject row lives in: subjects.ts), and the rendering every
// kind shares: the layout around the body as HTML (react-dom/server escapes every value) and the
// same markup as plain text.
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { accountDeleted } from './account-deleted.ts';
import { applicantApplicationReceived } from './applicant-application-received.ts';
import { applicantDocumentNeedsReplacing } from './applicant-document-needs-replacing.ts';
import { applicantDocumentsRequested } from './applicant-documents-requested.ts';
import { applicantStatusChanged } from './applicant-status-changed.ts';
import { bookingChanged } from './booking-changed.ts';
import { bookingConfirmation } from './booking-confirmation.ts';
import { bookingReminder } from './booking-reminder.ts';
import { Layout } from './layout.ts';
import { newsletterConfirmation } from './newsletter-confirmation.ts';
import { newsletterWelcome } from './newsletter-welcome.ts';
import { plainText } from '../../_shared/plain-text.ts';
import { staffBookingCeiling } from './staff-booking-ceiling.ts';
import { staffBookingChanged } from './staff-booking-changed.ts';
import { staffDocumentsProvided } from './staff-documents-provided.ts';
import { staffNewApplication } from './staff-new-application.ts';
import { staffNewBooking } from './staff-new-booking.ts';
import { staffNewContactMessage } from './staff-new-contact-message.ts';
import type { NotificationKind, SubjectTables } from './subjects.ts';
import type { Email, EmailAttachment, EmailInput, SubjectRows } from './types.ts';

export type { NotificationKind } from './subjects.ts';

/** The row the template of `Kind` reads. */
export type TemplateRow<Kind extends NotificationKind> = SubjectRows[SubjectTables[Kind]];

type Templates = { readonly [Kind in NotificationKind]: (input: EmailInput<TemplateRow<Kind>>) => Email };

/** Every kind's template, each checked against the row of its subject table (SUBJECT_TABLES). */
export const TEMPLATES: Templates = {
  staff_new_booking: staffNewBooking,
  booking_confirmation: bookingConfirmation,
  booking_changed: bookingChanged,
  staff_booking_changed: staffBookingChanged,
  staff_booking_ceiling: staffBookingCeiling,
  booking_reminder: bookingReminder,
  staff_new_contact_message: staffNewContactMessage,
  staff_new_application: staffNewApplication,
  applicant_application_received: applicantApplicationReceived,
  applicant_status_changed: applicantStatusChanged,
  applicant_document_needs_replacing: applicantDocumentNeedsReplacing,
  applicant_documents_requested: applicantDocumentsRequested,
  staff_documents_provided: staffDocumentsProvided,
  newsletter_confirmation: newsletterConfirmation,
  newsletter_welcome: newsletterWelcome,
  account_deleted: accountDeleted,
};

/** A notification ready to send. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  attachments: EmailAttachment[];
  headers: Record<string, string>;
}

/** Renders the template of `kind` for one subject row. */
export function renderEmail<Kind extends NotificationKind>(kind: Kind, input: EmailInput<TemplateRow<Kind>>): RenderedEmail {
  const email = TEMPLATES[kind](input);
  const body = renderToStaticMarkup(h(Layout, { brand: input.brand, siteUrl: input.siteUrl, title: email.title }, email.body));
  return {
    subject: email.subject,
    html: `<!doctype html>${body}`,
    // The text part is the same document read as text (the head's title would repeat the heading: skipped).
    text: plainText(body),
    attachments: email.attachments ?? [],
    headers: email.headers ?? {},
  };
}
