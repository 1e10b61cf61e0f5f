// One template per notification kind, the table its subject row lives in, and the rendering every
// kind shares: the layout around the body as HTML (react-dom/server escapes every value) and the
// same markup as plain text.
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { applicantApplicationReceived } from './applicant-application-received.ts';
import { applicantDocumentNeedsReplacing } from './applicant-document-needs-replacing.ts';
import { applicantDocumentsRequested } from './applicant-documents-requested.ts';
import { applicantStatusChanged } from './applicant-status-changed.ts';
import { bookingConfirmation } from './booking-confirmation.ts';
import { Layout } from './layout.ts';
import { newsletterConfirmation } from './newsletter-confirmation.ts';
import { newsletterWelcome } from './newsletter-welcome.ts';
import { plainText } from '../../_shared/plain-text.ts';
import { staffDocumentsProvided } from './staff-documents-provided.ts';
import { staffNewApplication } from './staff-new-application.ts';
import { staffNewBooking } from './staff-new-booking.ts';
import { staffNewContactMessage } from './staff-new-contact-message.ts';
import type { Email, EmailAttachment, EmailInput, SubjectRows } from './types.ts';

/** Every kind of notification (the database's kinds) and the table its subject row lives in. */
interface SubjectTables {
  staff_new_booking: 'bookings';
  booking_confirmation: 'bookings';
  staff_new_contact_message: 'contact_messages';
  staff_new_application: 'visa_applications';
  applicant_application_received: 'visa_applications';
  applicant_status_changed: 'visa_applications';
  applicant_document_needs_replacing: 'visa_applications';
  applicant_documents_requested: 'visa_applications';
  staff_documents_provided: 'visa_applications';
  newsletter_confirmation: 'newsletter_subscribers';
  newsletter_welcome: 'newsletter_subscribers';
}

export type NotificationKind = keyof SubjectTables;

/** The row the template of `Kind` reads. */
export type TemplateRow<Kind extends NotificationKind> = SubjectRows[SubjectTables[Kind]];

type Templates = { readonly [Kind in NotificationKind]: { table: SubjectTables[Kind]; render: (input: EmailInput<TemplateRow<Kind>>) => Email } };

/** Every kind's subject table and template: each template is checked against its table's row. */
export const TEMPLATES: Templates = {
  staff_new_booking: { table: 'bookings', render: staffNewBooking },
  booking_confirmation: { table: 'bookings', render: bookingConfirmation },
  staff_new_contact_message: { table: 'contact_messages', render: staffNewContactMessage },
  staff_new_application: { table: 'visa_applications', render: staffNewApplication },
  applicant_application_received: { table: 'visa_applications', render: applicantApplicationReceived },
  applicant_status_changed: { table: 'visa_applications', render: applicantStatusChanged },
  applicant_document_needs_replacing: { table: 'visa_applications', render: applicantDocumentNeedsReplacing },
  applicant_documents_requested: { table: 'visa_applications', render: applicantDocumentsRequested },
  staff_documents_provided: { table: 'visa_applications', render: staffDocumentsProvided },
  newsletter_confirmation: { table: 'newsletter_subscribers', render: newsletterConfirmation },
  newsletter_welcome: { table: 'newsletter_subscribers', render: newsletterWelcome },
};

/** True when `kind` is a kind of notification this function knows. */
export function isNotificationKind(kind: string): kind is NotificationKind {
  return Object.hasOwn(TEMPLATES, kind);
}

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
  const email = TEMPLATES[kind].render(input);
  const body = renderToStaticMarkup(h(Layout, { brand: input.brand, title: email.title }, email.body));
  return {
    subject: email.subject,
    html: `<!doctype html>${body}`,
    // The text part is the same document read as text (the head's title would repeat the heading: skipped).
    text: plainText(body),
    attachments: email.attachments ?? [],
    headers: email.headers ?? {},
  };
}
