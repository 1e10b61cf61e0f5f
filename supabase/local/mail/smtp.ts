// A minimal SMTP client (RFC 5321): EHLO, STARTTLS when offered, AUTH PLAIN, one message.
// It exists so local emails can also reach a real mailbox or a mail catcher without a dependency.
import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { SmtpConfig } from '../config.ts';

export interface SmtpMessage {
  from: string;
  fromName: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Reads SMTP replies (possibly multi-line) from a socket. */
class ReplyReader {
  private buffer = '';
  private waiting: ((reply: { code: number; text: string }) => void) | null = null;
  private failed: ((err: Error) => void) | null = null;

  attach(socket: Socket): void {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.flush();
    });
    socket.on('error', (err) => this.failed?.(err));
    socket.on('close', () => this.failed?.(new Error('SMTP connection closed')));
  }

  next(): Promise<{ code: number; text: string }> {
    return new Promise((resolve, reject) => {
      this.waiting = resolve;
      this.failed = reject;
      this.flush();
    });
  }

  private flush(): void {
    if (!this.waiting) return;
    const lines = this.buffer.split('\r\n');
    for (let i = 0; i < lines.length - 1; i++) {
      if (/^\d{3} /.test(lines[i]!)) {
        const text = lines.slice(0, i + 1).join('\n');
        this.buffer = lines.slice(i + 1).join('\r\n');
        const resolve = this.waiting;
        this.waiting = null;
        this.failed = null;
        resolve({ code: Number(lines[i]!.slice(0, 3)), text });
        return;
      }
    }
  }
}

/** Sends one message; rejects with the server's reply when a step fails. */
export async function sendSmtp(config: SmtpConfig, message: SmtpMessage, timeoutMs = 10_000): Promise<void> {
  let socket: Socket = config.secure
    ? tlsConnect({ host: config.host, port: config.port, servername: config.host })
    : netConnect({ host: config.host, port: config.port });
  socket.setTimeout(timeoutMs, () => socket.destroy(new Error('SMTP timeout')));
  let reader = new ReplyReader();
  reader.attach(socket);
  const expect = async (codes: number[], command?: string) => {
    if (command !== undefined) socket.write(command + '\r\n');
    const reply = await reader.next();
    if (!codes.includes(reply.code)) throw new Error(`SMTP ${command?.split(' ')[0] ?? 'greeting'} failed: ${reply.text}`);
    return reply.text;
  };
  try {
    await expect([220]);
    let features = await expect([250], 'EHLO localhost');
    if (!config.secure && /STARTTLS/i.test(features)) {
      await expect([220], 'STARTTLS');
      socket.removeAllListeners('data');
      socket = tlsConnect({ socket, servername: config.host });
      reader = new ReplyReader();
      reader.attach(socket);
      features = await expect([250], 'EHLO localhost');
    }
    if (config.user) {
      const token = Buffer.from(`\u0000${config.user}\u0000${config.pass ?? ''}`).toString('base64');
      await expect([235], `AUTH PLAIN ${token}`);
    }
    await expect([250], `MAIL FROM:<${message.from}>`);
    await expect([250, 251], `RCPT TO:<${message.to}>`);
    await expect([354], 'DATA');
    await expect([250], formatMessage(message) + '\r\n.');
    await expect([221], 'QUIT').catch(() => undefined);
  } finally {
    socket.destroy();
  }
}

/** A multipart/alternative message with text and HTML parts; lines starting with '.' are doubled. */
export function formatMessage(m: SmtpMessage): string {
  const boundary = `b${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  const encodedSubject = `=?UTF-8?B?${Buffer.from(m.subject).toString('base64')}?=`;
  const encodedName = `=?UTF-8?B?${Buffer.from(m.fromName).toString('base64')}?=`;
  const part = (type: string, body: string) =>
    `--${boundary}\r\nContent-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.from(body)
      .toString('base64')
      .replace(/.{76}/g, '$&\r\n')}\r\n`;
  const raw = [
    `From: ${encodedName} <${m.from}>`,
    `To: <${m.to}>`,
    `Subject: ${encodedSubject}`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    part('text/plain', m.text) + part('text/html', m.html) + `--${boundary}--`,
  ].join('\r\n');
  return raw.replace(/^\./gm, '..');
}
