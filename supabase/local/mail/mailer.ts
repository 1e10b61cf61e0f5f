// Composes the confirmation and recovery emails from supabase/templates and delivers them to the
// outbox, and also to an SMTP server when SMTP_HOST is set.
import type { BackendConfig } from '../config.ts';
import { Outbox, type MailMessage, type NewMailMessage } from './mailbox.ts';
import { sendSmtp } from './smtp.ts';
import { renderTemplate } from './templates.ts';
// The same plain-text conversion as the notification emails, so every email reads alike as text.
import { plainText } from '../../functions/_shared/plain-text.ts';

export interface AuthEmail {
  type: 'signup' | 'recovery';
  to: string;
  /** Six-digit code shown in the body. */
  token: string;
  /** hex(sha224(email + code)): the link's token. */
  tokenHash: string;
  /** Where the verify endpoint sends the browser afterwards (already checked against the allow-list). */
  redirectTo: string;
}

/** Sends auth emails: always into the outbox, optionally through SMTP. */
export class Mailer {
  readonly outbox: Outbox;
  private readonly config: BackendConfig;

  constructor(config: BackendConfig, outbox = new Outbox(config.outboxLimit)) {
    this.config = config;
    this.outbox = outbox;
  }

  /** Renders and delivers one email; SMTP failures are logged, never lost from the outbox. */
  async send(email: AuthEmail): Promise<MailMessage> {
    const message = this.outbox.add(await this.compose(email));
    if (this.config.smtp) {
      // Delivery happens after the answer so a slow mail server never holds up signup.
      const smtp = this.config.smtp;
      sendSmtp(smtp, { from: message.from, fromName: this.config.senderName, to: message.to, subject: message.subject, html: message.html, text: message.text }).catch(
        (err: unknown) => console.error(`[mail] SMTP delivery to ${message.to} failed: ${err instanceof Error ? err.message : String(err)}`),
      );
    }
    return message;
  }

  /**
   * Renders one email without delivering it. Auth also renders the email it does not send (a
   * signup for a confirmed address), so that both answers take the same work.
   */
  async compose(email: AuthEmail): Promise<NewMailMessage> {
    const template = email.type === 'signup' ? this.config.templates.confirmation : this.config.templates.recovery;
    const link = new URL(`${this.config.apiUrl}/auth/v1/verify`);
    link.searchParams.set('token', email.tokenHash);
    link.searchParams.set('type', email.type);
    link.searchParams.set('redirect_to', email.redirectTo);
    const html = await renderTemplate(template.path, {
      ConfirmationURL: link.toString(),
      Token: email.token,
      TokenHash: email.tokenHash,
      SiteURL: this.config.siteUrl,
      RedirectTo: email.redirectTo,
      Email: email.to,
    });
    return {
      type: email.type,
      from: this.config.senderEmail,
      to: email.to,
      subject: template.subject,
      html,
      text: plainText(html),
      token: email.token,
    };
  }
}
