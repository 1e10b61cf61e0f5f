// Every email the backend would send lands here (newest last), so a developer can open the links
// at /mail and tests can read them from /mail.json, like the Supabase CLI's mail catcher.
import { escapeHtml } from './templates.ts';

/** A file attached to a message; text types keep their text, others are base64. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  encoding: 'utf8' | 'base64';
}

export interface MailMessage {
  id: number;
  /**
   * Why it was sent: `signup` (confirmation) or `recovery` from the auth API, or `notification`
   * for anything received by the SMTP catcher (the notification function's emails).
   */
  type: 'signup' | 'recovery' | 'notification';
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Every link of the body, in order (the first is the action link). */
  links: string[];
  /** The six-digit code the body shows, for verifyOtp({ email, token }); empty for notifications. */
  token: string;
  /** Headers as received, lower-case names (notifications only; auth emails have none). */
  headers: Record<string, string>;
  attachments: MailAttachment[];
  sent_at: string;
}

/** A message as a sender hands it to the outbox: the outbox adds the id, time and links. */
export type NewMailMessage = Omit<MailMessage, 'id' | 'sent_at' | 'links' | 'headers' | 'attachments'> & Partial<Pick<MailMessage, 'headers' | 'attachments'>>;

/** A bounded in-memory list of sent messages. */
export class Outbox {
  private messages: MailMessage[] = [];
  private nextId = 1;
  private readonly limit: number;

  constructor(limit = 1000) {
    this.limit = limit;
  }

  /** Stores a message and returns it with its id and time. */
  add(message: NewMailMessage): MailMessage {
    const stored: MailMessage = { headers: {}, attachments: [], ...message, id: this.nextId++, sent_at: new Date().toISOString(), links: linksOf(message.html) };
    this.messages.push(stored);
    if (this.messages.length > this.limit) this.messages.splice(0, this.messages.length - this.limit);
    return stored;
  }

  /** Messages, optionally only those to one address (case-insensitive). */
  list(to?: string | null): MailMessage[] {
    if (!to) return [...this.messages];
    const wanted = to.toLowerCase();
    return this.messages.filter((m) => m.to.toLowerCase() === wanted);
  }

  /** Forgets every message. */
  clear(): void {
    this.messages = [];
  }
}

function linksOf(html: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

/** The outbox as a readable page: newest first, each message's links, code and body. */
export function outboxPage(messages: MailMessage[]): string {
  const items = messages
    .slice()
    .reverse()
    .map(
      (m) => `
    <article aria-labelledby="m${m.id}">
      <h2 id="m${m.id}">${escapeHtml(m.subject)}</h2>
      <p>To <strong>${escapeHtml(m.to)}</strong> · <time datetime="${m.sent_at}">${m.sent_at.replace('T', ' ').slice(0, 19)} UTC</time>${m.token ? ` · code <code>${escapeHtml(m.token)}</code>` : ''}${m.attachments.map((a) => ` · attached <code>${escapeHtml(a.filename)}</code>`).join('')}</p>
      <ul>${m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('')}</ul>
      <details><summary>Message body</summary><iframe title="Body of ${escapeHtml(m.subject)} to ${escapeHtml(m.to)}" sandbox srcdoc="${escapeHtml(m.html)}"></iframe></details>
    </article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Local outbox (${messages.length})</title>
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1b2333; }
    article { border: 1px solid #c9d1e0; border-radius: 8px; padding: 1rem; margin: 1rem 0; }
    h2 { margin: 0 0 .25rem; font-size: 1.15rem; }
    a { color: #0b4a8b; word-break: break-all; }
    iframe { width: 100%; height: 28rem; border: 1px solid #c9d1e0; margin-top: .5rem; }
  </style>
</head>
<body>
  <main>
    <h1>Local outbox</h1>
    <p>Emails the local backend would have sent, newest first. JSON: <a href="/mail.json">/mail.json</a>.</p>
    ${messages.length === 0 ? '<p>No messages yet.</p>' : items}
  </main>
</body>
</html>`;
}
