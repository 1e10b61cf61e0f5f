// What the notification sender needs of a mail service: send one message, and close when the
// call ends. SMTP is one adapter (smtp.ts); an HTTP email API would be another file implementing
// MailSender, chosen in settings.ts, with nothing else changed: a message carries everything as
// data (its Message-ID, headers and attachments included), never as MIME.

import type { EmailAttachment } from '../emails/types.ts';

/** One message to one mailbox. */
export interface OutgoingEmail {
  /** The same on every attempt (deliver.ts messageId), so a resend is recognisable. */
  messageId: string;
  from: { name: string; address: string };
  to: string;
  /** Where an answer goes (Reply-To), when not to `from`. */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  attachments: EmailAttachment[];
}

export interface MailSender {
  /** Resolves once the service accepted the message; rejects with its reply (one line is recorded). */
  send(email: OutgoingEmail): Promise<void>;
  /** Ends the connections of this call. */
  close(): void;
}
