// The Edge Functions' secrets for a local backend, which `npm start` (and the tests and benchmarks
// that start a backend) pass to it explicitly: links to the local site, the sender address of the
// backend's settings, and SMTP to the backend's mail catcher, so every email lands in the mailbox.
// The functions themselves have no local defaults: this is the only place local values are made.
import type { BackendConfig } from '../config.ts';

/** The secrets of supabase/functions/_shared/secrets.ts for a backend with `config` whose catcher listens on catcherPort. */
export function localFunctionSecrets(config: Pick<BackendConfig, 'siteUrl' | 'senderEmail'>, catcherPort: number): Record<string, string> {
  return {
    SITE_URL: config.siteUrl,
    MAIL_FROM_EMAIL: config.senderEmail,
    // The catcher listens on loopback only, whatever BACKEND_HOST is.
    MAIL_SMTP_HOST: '127.0.0.1',
    MAIL_SMTP_PORT: String(catcherPort),
  };
}
