// The local mail catcher: an SMTP server on 127.0.0.1 (like the Supabase CLI's, port 54325) that
// accepts every message and puts it into the outbox, so the send-notifications function sends
// locally exactly as it does in production (SMTP), and a developer reads the result at /mail. It
// always listens on loopback, whatever BACKEND_HOST is, and passes nothing on: it accepts mail for
// any address without a login, so anything more would be an open relay. npm start gives the
// function this catcher as its SMTP server (functions/local-secrets.ts).
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { MailAttachment, Outbox } from './mailbox.ts';

/** The catcher's only address: loopback, never BACKEND_HOST (it takes mail from anyone who reaches it). */
const LOOPBACK = '127.0.0.1';

export interface CatcherOptions {
  /** 0 picks a free port. */
  port: number;
  outbox: Outbox;
  /** Recipients refused at RCPT TO with 550, as a real server refuses an unknown mailbox (fault tests). */
  refuse?: RegExp;
  /** Milliseconds before each message is accepted, as a slow real server takes (fault tests); none by default. */
  acceptAfterMs?: number;
}

export interface SmtpCatcher {
  port: number;
  close(): Promise<void>;
}

/** Largest message accepted: a notification with its calendar file is a few kilobytes. */
const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;

/** Starts the catcher; resolves once it listens. */
export async function startSmtpCatcher({ port, outbox, refuse, acceptAfterMs = 0 }: CatcherOptions): Promise<SmtpCatcher> {
  const server = new SMTPServer({
    // Loopback only, nothing to protect: no TLS upgrade and no login, as with the CLI's catcher.
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: MAX_MESSAGE_BYTES,
    onRcptTo(address, _session, callback) {
      if (refuse?.test(address.address)) {
        callback(Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const recipients = session.envelope.rcptTo.map((r) => r.address);
      readAll(stream)
        .then(async (raw) => {
          const mail = await simpleParser(raw);
          // One outbox entry per envelope recipient, so /mail.json?to= finds each one's copy.
          for (const to of recipients) outbox.add(toMessage(mail, to));
          if (acceptAfterMs > 0) await new Promise((resolve) => setTimeout(resolve, acceptAfterMs));
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOOPBACK, () => resolve());
  });
  // A client that drops its connection is no reason to stop the backend.
  server.on('error', (error) => console.error(`[mail] SMTP catcher: ${error.message}`));
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function readAll(stream: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function toMessage(mail: ParsedMail, to: string) {
  const headers: Record<string, string> = {};
  for (const { key, line } of mail.headerLines) headers[key] = line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim();
  const attachments: MailAttachment[] = mail.attachments.map((a) => {
    const text = a.contentType.startsWith('text/');
    return {
      filename: a.filename ?? 'attachment',
      contentType: a.contentType,
      content: a.content.toString(text ? 'utf8' : 'base64'),
      encoding: text ? 'utf8' : 'base64',
    };
  });
  return {
    type: 'notification' as const,
    from: mail.from?.value[0]?.address ?? '',
    to,
    subject: mail.subject ?? '',
    html: mail.html || '',
    text: mail.text ?? '',
    token: '',
    headers,
    attachments,
  };
}
