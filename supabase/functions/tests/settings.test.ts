// The functions' settings refuse, never guess (`npm run test:functions`, Deno): each missing or
// malformed variable is named (a secret's value never repeated), ports hosted functions cannot
// reach are refused, and the project's keys come from what Supabase injects.
import assert from 'node:assert/strict';
import { readProject } from '../_shared/project.ts';
import { Misconfigured, type VariableName } from '../_shared/settings.ts';
import { readSenderSettings } from '../send-notifications/settings.ts';

const SENDER: Partial<Record<VariableName, string>> = {
  SITE_URL: 'https://www.bridgewayvisa.com/',
  MAIL_FROM_EMAIL: 'notifications@bridgewayvisa.com',
  MAIL_SMTP_HOST: 'smtp.example.com',
  MAIL_SMTP_PORT: '465',
  MAIL_SMTP_USER: 'apikey',
  MAIL_SMTP_PASS: 'very-secret-password',
};

const env = (values: Partial<Record<VariableName, string | undefined>>) => (name: VariableName) => values[name];

/** The problems Misconfigured lists for `read`, or a failure when it does not throw one. */
function problems(read: () => unknown): string[] {
  try {
    read();
  } catch (error) {
    if (error instanceof Misconfigured) return error.problems;
    throw error;
  }
  throw new Error('no Misconfigured was thrown');
}

Deno.test('a complete sender: implicit TLS on 465, the login, the default timeout, no trailing slash', () => {
  assert.deepEqual(readSenderSettings(env(SENDER)), {
    siteUrl: 'https://www.bridgewayvisa.com',
    from: { address: 'notifications@bridgewayvisa.com' },
    smtp: { host: 'smtp.example.com', port: 465, secure: true, user: 'apikey', pass: 'very-secret-password' },
    smtpTimeoutMs: 5000,
  });
  assert.equal(readSenderSettings(env({ ...SENDER, MAIL_SMTP_PORT: '2525' })).smtp.secure, false);
});

Deno.test('every missing setting is named, and a blank one counts as missing', () => {
  assert.deepEqual(problems(() => readSenderSettings(env({ ...SENDER, MAIL_SMTP_HOST: ' ', SITE_URL: undefined }))), [
    'SITE_URL: is not set; it must be an http(s) URL.',
    'MAIL_SMTP_HOST: is not set; it must be a host name or address, without a scheme or port.',
  ]);
});

Deno.test('ports 25 and 587, which hosted functions cannot reach, are refused', () => {
  for (const port of ['25', '587']) {
    assert.deepEqual(problems(() => readSenderSettings(env({ ...SENDER, MAIL_SMTP_PORT: port }))), [
      `MAIL_SMTP_PORT="${port}": must be a port hosted Edge Functions may connect to: 465 (implicit TLS) or 2525, not 25 or 587.`,
    ]);
  }
});

Deno.test('a login needs its password, and a password is never repeated', () => {
  assert.deepEqual(problems(() => readSenderSettings(env({ ...SENDER, MAIL_SMTP_PASS: undefined }))), [
    'MAIL_SMTP_PASS: is not set; it must be set together with MAIL_SMTP_USER (both or neither).',
  ]);
  const shown = problems(() => readSenderSettings(env({ ...SENDER, MAIL_FROM_EMAIL: 'not an address' })));
  assert.deepEqual(shown, ['MAIL_FROM_EMAIL="not an address": must be an email address.']);
});

Deno.test('the project: the service key, or the secret keys Supabase injects as JSON, or neither named', () => {
  const url = 'https://abcd.supabase.co';
  assert.deepEqual(readProject(env({ SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: 'eyJ-legacy-service-role-key' })), {
    url,
    serviceKey: 'eyJ-legacy-service-role-key',
    secretKeys: ['eyJ-legacy-service-role-key'],
  });
  assert.deepEqual(readProject(env({ SUPABASE_URL: url, SUPABASE_SECRET_KEYS: '{"default":"sb_secret_aaaaaaaaaaaaaaaaaaaa","cron":"sb_secret_bbbbbbbbbbbbbbbbbbbb"}' })), {
    url,
    serviceKey: 'sb_secret_aaaaaaaaaaaaaaaaaaaa',
    secretKeys: ['sb_secret_aaaaaaaaaaaaaaaaaaaa', 'sb_secret_bbbbbbbbbbbbbbbbbbbb'],
  });
  assert.deepEqual(problems(() => readProject(env({ SUPABASE_URL: url }))), [
    'SUPABASE_SERVICE_ROLE_KEY and SUPABASE_SECRET_KEYS are not set; one of them must hold a secret key.',
  ]);
  assert.deepEqual(problems(() => readProject(env({ SUPABASE_URL: url, SUPABASE_SECRET_KEYS: 'sb_secret_x' }))), ['SUPABASE_SECRET_KEYS: must be a JSON object of secret keys.']);
  assert.deepEqual(problems(() => readProject(env({ SUPABASE_SERVICE_ROLE_KEY: 'eyJ-legacy-service-role-key' }))), ['SUPABASE_URL: is not set; it must be an http(s) URL.']);
});
