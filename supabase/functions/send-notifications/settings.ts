// What send-notifications needs besides the project (../_shared/project.ts), from its environment
// only (../_shared/secrets.ts lists the names): the site's origin for links, the From address, and
// the SMTP server. Each missing or malformed value stops the call before any row is claimed.
// Hosted Edge Functions cannot open connections to ports 25 and 587, so those are refused here
// rather than left to time out on every send: use 465 (implicit TLS) or 2525.
import * as z from 'zod';
import { type Env, httpUrl, readSettings, wholeNumber } from '../_shared/settings.ts';
import type { SmtpServer } from '../_shared/smtp-options.ts';

export interface SenderSettings {
  /** The site's origin: links in emails point at its pages. */
  siteUrl: string;
  from: { address: string };
  smtp: SmtpServer;
  /** Milliseconds one SMTP step (connect, greeting, each reply) may take before the send fails. */
  smtpTimeoutMs: number;
}

const BLOCKED_PORTS = new Set([25, 587]);
const HOST = 'a host name or address, without a scheme or port';

const senderSchema = z
  .object({
    SITE_URL: httpUrl(),
    MAIL_FROM_EMAIL: z.email({ error: 'an email address' }),
    MAIL_SMTP_HOST: z.string({ error: HOST }).regex(/^[^\s/:]+$/, { error: HOST }),
    MAIL_SMTP_PORT: wholeNumber(1, 65535, 'a port number').refine((port) => !BLOCKED_PORTS.has(port), {
      error: 'a port hosted Edge Functions may connect to: 465 (implicit TLS) or 2525, not 25 or 587',
    }),
    MAIL_SMTP_USER: z.string().optional(),
    MAIL_SMTP_PASS: z.string().optional(),
    MAIL_SMTP_TIMEOUT_MS: wholeNumber(100, 30_000, 'milliseconds').default(5_000),
  })
  .refine((s) => (s.MAIL_SMTP_USER === undefined) === (s.MAIL_SMTP_PASS === undefined), {
    path: ['MAIL_SMTP_PASS'],
    error: 'set together with MAIL_SMTP_USER (both or neither)',
  });

/** Reads the sender's settings; throws Misconfigured naming each bad variable. */
export function readSenderSettings(env: Env): SenderSettings {
  const s = readSettings(senderSchema, env);
  return {
    siteUrl: s.SITE_URL,
    from: { address: s.MAIL_FROM_EMAIL },
    smtp: {
      host: s.MAIL_SMTP_HOST,
      port: s.MAIL_SMTP_PORT,
      secure: s.MAIL_SMTP_PORT === 465,
      ...(s.MAIL_SMTP_USER !== undefined && s.MAIL_SMTP_PASS !== undefined
        ? { user: s.MAIL_SMTP_USER, pass: s.MAIL_SMTP_PASS }
        : {}),
    },
    smtpTimeoutMs: s.MAIL_SMTP_TIMEOUT_MS,
  };
}
