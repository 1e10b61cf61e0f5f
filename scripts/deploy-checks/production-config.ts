// The production override of supabase/config.toml ([remotes.production], docs/deploy.md step 4):
// what `supabase config push` sends to the hosted project once the Supabase CLI has merged it over
// the file's local settings. Checked by `npm run deploy:check` before anything is pushed: a
// missing override, the committed placeholder ref or a localhost address would set the production
// project's Auth to the developer's machine, and without its SMTP table hosted Auth's own sender
// mails only the organisation's members; and with TOTP enrolment or verification off, no staff
// member could reach aal2.
import type { TomlTables, TomlValue } from '../../supabase/local/config-toml.ts';

/** The remote's name in config.toml: [remotes.production]. */
export const PRODUCTION_REMOTE = 'production';

/** The ref committed in config.toml until the project's is put in: the CLI's own example of a ref. */
export const PLACEHOLDER_PROJECT_REF = 'abcdefghijklmnopqrst';

/** A project ref as the CLI validates every remote's project_id (pkg/config, refPattern). */
const PROJECT_REF = /^[a-z]{20}$/;

/** What `supabase config push` needs in its environment: the override's env() values (an unset one is not sent). */
export const AUTH_SMTP_ENV = ['SUPABASE_AUTH_SMTP_HOST', 'SUPABASE_AUTH_SMTP_USER', 'SUPABASE_AUTH_SMTP_PASS'] as const;

/** Ports hosted Auth sends on: implicit TLS or submission (25 is blocked on most networks). */
const AUTH_SMTP_PORTS = [465, 587];

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']);

/** True when `url` points at this machine (localhost, a loopback address, or a *.localhost name). */
function isLocal(url: string): boolean {
  let host: string;
  try {
    // A redirect pattern's wildcards are not a URL's: read the host as a URL's with them replaced.
    host = new URL(url.replace(/\*+/g, 'x')).hostname;
  } catch {
    return /localhost|127\.0\.0\.1/.test(url);
  }
  return LOCAL_HOSTS.has(host) || host.endsWith('.localhost') || host.startsWith('127.');
}

const text = (value: TomlValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Each problem of config.toml's production override, in words that say what to change; none when
 * it is ready to push.
 */
export function productionConfigProblems(toml: TomlTables): string[] {
  const table = (name: string) => toml.get(`remotes.${PRODUCTION_REMOTE}${name ? `.${name}` : ''}`);
  const remote = table('');
  const where = `[remotes.${PRODUCTION_REMOTE}]`;
  if (!remote) return [`supabase/config.toml has no ${where}: without it \`supabase config push\` sends the local site_url and redirect URLs to production`];

  const problems: string[] = [];
  const ref = text(remote.get('project_id'));
  if (!ref) problems.push(`${where} has no project_id: set it to the project's ref (Project Settings → General)`);
  else if (ref === PLACEHOLDER_PROJECT_REF) problems.push(`${where} project_id is still the placeholder "${ref}": put the project's ref in its place`);
  else if (!PROJECT_REF.test(ref)) problems.push(`${where} project_id "${ref}" is not a project ref (20 lowercase letters)`);

  const auth = table('auth');
  const siteUrl = text(auth?.get('site_url'));
  if (!siteUrl) problems.push(`[remotes.${PRODUCTION_REMOTE}.auth] has no site_url: set the production origin`);
  else if (isLocal(siteUrl)) problems.push(`[remotes.${PRODUCTION_REMOTE}.auth] site_url points at this machine (${siteUrl})`);
  else if (!siteUrl.startsWith('https://')) problems.push(`[remotes.${PRODUCTION_REMOTE}.auth] site_url must be an https:// origin, not ${siteUrl}`);

  const redirects = auth?.get('additional_redirect_urls');
  if (!Array.isArray(redirects) || redirects.length === 0) {
    problems.push(`[remotes.${PRODUCTION_REMOTE}.auth] has no additional_redirect_urls: list the production origins with /**`);
  } else {
    const local = redirects.filter((url) => typeof url !== 'string' || isLocal(url));
    if (local.length) problems.push(`[remotes.${PRODUCTION_REMOTE}.auth] additional_redirect_urls point at this machine: ${local.join(', ')}`);
  }

  const smtp = table('auth.email.smtp');
  const smtpWhere = `[remotes.${PRODUCTION_REMOTE}.auth.email.smtp]`;
  if (!smtp || smtp.get('enabled') !== true) {
    problems.push(`${smtpWhere} is missing or not enabled: hosted Auth's own sender mails only the organisation's members`);
  } else {
    for (const key of ['host', 'user', 'admin_email', 'sender_name']) {
      if (!text(smtp.get(key))) problems.push(`${smtpWhere} has no ${key}`);
    }
    const port = smtp.get('port');
    if (typeof port !== 'number' || !AUTH_SMTP_PORTS.includes(port)) problems.push(`${smtpWhere} port must be ${AUTH_SMTP_PORTS.join(' or ')}, not ${String(port)}`);
    if (!/^env\([A-Z0-9_]+\)$/.test(text(smtp.get('pass')) ?? '')) problems.push(`${smtpWhere} pass must be "env(NAME)", never the password itself`);
  }
  // Staff act only at aal2 (private.session_is_aal2): with TOTP off, no staff member could give a
  // code and the admin would serve nobody. The CLI merges the override over [auth.mfa.totp].
  for (const key of ['enroll_enabled', 'verify_enabled']) {
    const value = table('auth.mfa.totp')?.get(key) ?? toml.get('auth.mfa.totp')?.get(key);
    if (value !== true) problems.push(`[remotes.${PRODUCTION_REMOTE}.auth.mfa.totp] ${key} must be true: staff sign in with a TOTP code`);
  }
  if (typeof table('auth.rate_limit')?.get('email_sent') !== 'number') {
    problems.push(`[remotes.${PRODUCTION_REMOTE}.auth.rate_limit] has no email_sent: set how many Auth emails an hour the project may send`);
  }
  return problems;
}
