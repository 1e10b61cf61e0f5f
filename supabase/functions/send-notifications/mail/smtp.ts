// The SMTP adapter of MailSender, with nodemailer: a pool of connections for one call, closed
// with it. A slow or silent server fails a send after the SMTP timeout; the row is retried later.
import { createTransport } from 'nodemailer';
import { type SmtpServer, smtpOptions } from '../../_shared/smtp-options.ts';
import type { MailSender, OutgoingEmail } from './sender.ts';

/** A sender over `connections` pooled connections to `server`. */
export function smtpSender(server: SmtpServer, timeoutMs: number, connections: number): MailSender {
  const transport = createTransport({ ...smtpOptions(server, timeoutMs), pool: true, maxConnections: connections });
  return {
    async send(email: OutgoingEmail) {
      await transport.sendMail({
        messageId: email.messageId,
        from: email.from,
        to: email.to,
        ...(email.replyTo ? { replyTo: email.replyTo } : {}),
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: email.headers,
        attachments: email.attachments,
        // Base64 bodies keep every line short and every byte intact whatever a user typed.
        textEncoding: 'base64',
      });
    },
    close: () => transport.close(),
  };
}
