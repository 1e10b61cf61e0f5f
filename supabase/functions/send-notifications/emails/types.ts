// What a template gets and gives back.
import type { ReactNode } from 'react';
import type { Tables } from '../../_shared/client.ts';
import type { Brand } from './brand.ts';

/** A template's input: the stored row the notification is about, its payload, and where links go. */
export interface EmailInput<Row> {
  row: Row;
  payload: Record<string, unknown>;
  brand: Brand;
  /** The site's origin (its pages: /admin, /profile, /unsubscribe). */
  siteUrl: string;
  /** The Supabase project's API URL (its Edge Functions). */
  apiUrl: string;
}

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** A rendered notification before it is framed by the layout and sent. */
export interface Email {
  /** Trusted text and values passed through oneLine() only. */
  subject: string;
  /** The heading inside the email. */
  title: string;
  body: ReactNode;
  attachments?: EmailAttachment[];
  headers?: Record<string, string>;
}

// The columns of each subject table that the templates read, typed as the generated Database says.
export type BookingRow = Pick<Tables<'bookings'>, 'id' | 'full_name' | 'email' | 'phone' | 'country' | 'date' | 'time' | 'status'>;
export type ContactMessageRow = Pick<Tables<'contact_messages'>, 'id' | 'name' | 'email' | 'phone' | 'subject' | 'message' | 'page'>;
export type ApplicationRow = Pick<Tables<'visa_applications'>, 'id' | 'name' | 'email' | 'phone' | 'visa_type' | 'nationality' | 'status' | 'submitted_at'>;
export type SubscriberRow = Pick<
  Tables<'newsletter_subscribers'>,
  'id' | 'email' | 'unsubscribed_at' | 'confirmed_at'
>;

export type AccountDeletionRow = Pick<Tables<'account_deletions'>, 'id' | 'email' | 'deleted_at' | 'by_staff' | 'applications_kept' | 'files_removed'>;

/** The row a template reads, by the table notifications name as their subject. */
export interface SubjectRows {
  bookings: BookingRow;
  contact_messages: ContactMessageRow;
  visa_applications: ApplicationRow;
  newsletter_subscribers: SubscriberRow;
  account_deletions: AccountDeletionRow;
}

/** A table whose rows notifications are about. */
export type SubjectTable = keyof SubjectRows;
