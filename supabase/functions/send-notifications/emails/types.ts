// What a template gets and gives back.
import type { ReactNode } from 'npm:react@^19.3.1';
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

export interface BookingRow { id: string; full_name: string; email: string; phone: string; country: string; date: string; time: string }
export interface ContactMessageRow { id: string; name: string; email: string; phone: string; subject: string; message: string; page: string }
export interface ApplicationRow { id: string; name: string; email: string; phone: string; visa_type: string; nationality: string; status: string; submitted_at: string }
export interface SubscriberRow { id: string; email: string; unsubscribe_token: string; unsubscribed_at: string | null; confirmation_token: string; confirmed_at: string | null }
