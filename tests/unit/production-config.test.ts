// supabase/config.toml's production override ([remotes.production], docs/deploy.md step 4), as
// `npm run deploy:check` checks it (scripts/deploy-checks/production-config.ts): refused when it is
// missing, still the committed placeholder, or pointing at this machine; and the embedded backend
// reads the same file with the override in it and keeps the local settings.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PLACEHOLDER_PROJECT_REF, productionConfigProblems } from '../../scripts/deploy-checks/production-config.ts';
import { loadConfig } from '../../supabase/local/config.ts';
import { parseToml } from '../../supabase/local/config-toml.ts';
import { PROJECT_ROOT } from '../../common/env.ts';

const committed = readFileSync(join(PROJECT_ROOT, 'supabase', 'config.toml'), 'utf8');

/** A config whose production override is `remote` (TOML text of [remotes.production] and its tables). */
const withRemote = (remote: string) => parseToml(`[auth]\nsite_url = "http://localhost:4321"\n${remote}`);

const READY = `
[remotes.production]
project_id = "qwertyuiopasdfghjklz"
[remotes.production.auth]
site_url = "https://www.bridgewayvisa.com"
additional_redirect_urls = ["https://www.bridgewayvisa.com/**", "https://bridgewayvisa.com/**"]
[remotes.production.auth.rate_limit]
email_sent = 30
[remotes.production.auth.email.smtp]
enabled = true
host = "env(SUPABASE_AUTH_SMTP_HOST)"
port = 465
user = "env(SUPABASE_AUTH_SMTP_USER)"
pass = "env(SUPABASE_AUTH_SMTP_PASS)"
admin_email = "accounts@bridgewayvisa.com"
sender_name = "Bridgeway Visa & Immigration"
[remotes.production.auth.mfa.totp]
enroll_enabled = true
verify_enabled = true
`;

describe('the production override, as deploy:check reads it', () => {
  test('a filled-in override passes', () => {
    expect(productionConfigProblems(withRemote(READY))).toEqual([]);
  });

  test('no override: config push would send the local site_url', () => {
    expect(productionConfigProblems(withRemote(''))).toEqual([
      'supabase/config.toml has no [remotes.production]: without it `supabase config push` sends the local site_url and redirect URLs to production',
    ]);
  });

  test('the committed file is refused for its placeholder ref only', () => {
    expect(productionConfigProblems(parseToml(committed))).toEqual([
      `[remotes.production] project_id is still the placeholder "${PLACEHOLDER_PROJECT_REF}": put the project's ref in its place`,
    ]);
  });

  test.each([
    ['a ref that is not one', 'project_id = "qwertyuiopasdfghjklz"', 'project_id = "my-project"', '[remotes.production] project_id "my-project" is not a project ref (20 lowercase letters)'],
    ['site_url on localhost', '"https://www.bridgewayvisa.com"\n', '"http://localhost:4321"\n', '[remotes.production.auth] site_url points at this machine (http://localhost:4321)'],
    ['site_url on a loopback address', '"https://www.bridgewayvisa.com"\n', '"http://127.0.0.1:4321"\n', '[remotes.production.auth] site_url points at this machine (http://127.0.0.1:4321)'],
    ['a plain-http site_url', '"https://www.bridgewayvisa.com"\n', '"http://www.bridgewayvisa.com"\n', '[remotes.production.auth] site_url must be an https:// origin, not http://www.bridgewayvisa.com'],
    ['a localhost redirect', '"https://bridgewayvisa.com/**"]', '"http://localhost:4321/**"]', '[remotes.production.auth] additional_redirect_urls point at this machine: http://localhost:4321/**'],
    ['SMTP switched off', 'enabled = true', 'enabled = false', "[remotes.production.auth.email.smtp] is missing or not enabled: hosted Auth's own sender mails only the organisation's members"],
    ['a password written in the file', 'pass = "env(SUPABASE_AUTH_SMTP_PASS)"', 'pass = "hunter2"', '[remotes.production.auth.email.smtp] pass must be "env(NAME)", never the password itself'],
    ['TOTP verification off', 'verify_enabled = true', 'verify_enabled = false', '[remotes.production.auth.mfa.totp] verify_enabled must be true: staff sign in with a TOTP code'],
    ['TOTP enrolment off', 'enroll_enabled = true', 'enroll_enabled = false', '[remotes.production.auth.mfa.totp] enroll_enabled must be true: staff sign in with a TOTP code'],
    ['port 25', 'port = 465', 'port = 25', '[remotes.production.auth.email.smtp] port must be 465 or 587, not 25'],
    ['no rate limit', 'email_sent = 30', '', '[remotes.production.auth.rate_limit] has no email_sent: set how many Auth emails an hour the project may send'],
  ])('%s is refused, saying what to change', (_case, from, to, problem) => {
    expect(READY).toContain(from);
    expect(productionConfigProblems(withRemote(READY.replace(from, to)))).toEqual([problem]);
  });

  test('a missing site_url and redirect list are each named', () => {
    expect(productionConfigProblems(withRemote(READY.replace(/site_url = .*\n/, '').replace(/additional_redirect_urls = .*\n/, '')))).toEqual([
      '[remotes.production.auth] has no site_url: set the production origin',
      '[remotes.production.auth] has no additional_redirect_urls: list the production origins with /**',
    ]);
  });
});

describe('the embedded backend reads config.toml with the override in it', () => {
  test('the local site_url and redirect URLs, none of production’s', () => {
    const config = loadConfig({}, {});
    expect(config.siteUrl).toBe('http://localhost:4321');
    expect(config.additionalRedirectUrls).toEqual(['http://127.0.0.1:4321/**', 'http://localhost:4321/**']);
    expect(config.minPasswordLength).toBe(8);
  });

  test('npm start on another SITE_PORT: email links and their allowed redirects follow the site', () => {
    const config = loadConfig({}, { SITE_PORT: '4350' });
    expect(config.siteUrl).toBe('http://localhost:4350');
    expect(config.additionalRedirectUrls).toEqual(['http://127.0.0.1:4350/**', 'http://localhost:4350/**']);
    // A site address given outright stays as it is.
    expect(loadConfig({}, { SITE_PORT: '4350', SITE_URL: 'http://127.0.0.1:9999' }).siteUrl).toBe('http://127.0.0.1:9999');
  });
});
