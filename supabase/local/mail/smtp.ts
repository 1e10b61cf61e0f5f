// Delivers one email through an SMTP server with nodemailer: implicit TLS when `secure` (port 465
// style), otherwise STARTTLS whenever the server offers it, and AUTH when a user is configured.
import { createTransport } from 'nodemailer';
import type { SmtpConfig } from '../config.ts';

export interface SmtpMessage {
  from: string;
  fromName: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Nodemailer's options for a server: its address, TLS, login, and how long each step may take. */
function smtpOptions(config: SmtpConfig, timeoutMs = 10_000) {
  return {
    host: config.host,
    port: config.port,
    secure: config.secure,
    ...(config.user ? { auth: { user: config.user, pass: config.pass ?? '' } } : {}),
    // The name this machine gives in EHLO; the OS host name may be anything on a developer's laptop.
    name: 'localhost',
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  };
}

/** Sends one message as multipart/alternative (text and HTML); rejects with the server's reply when a step fails. */
export async function sendSmtp(config: SmtpConfig, message: SmtpMessage, timeoutMs = 10_000): Promise<void> {
  const transport = createTransport(smtpOptions(config, timeoutMs));
  try {
    await transport.sendMail({
      from: { name: message.fromName, address: message.from },
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      // Base64 bodies keep every line short and every byte intact whatever the template holds.
      textEncoding: 'base64',
    });
  } finally {
    transport.close();
  }
}
