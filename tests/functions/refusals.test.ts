// What the queue functions refuse before any work, through HTTP with real keys and tokens: a
// caller that is not the database (no key, the anon key, a signed-in user's token) gets 401 and
// nothing is claimed, even when a setting is missing (the caller is checked first); a missing or malformed setting is a 500 "misconfigured" whose log names the
// variable, again with nothing claimed; and only POST is answered.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { uniqueEmail, type TestBackend } from '../api/support.ts';
import { callFunction, functionsWith, notificationBackend, queue, queueContactMessages } from './support.ts';

let backend: TestBackend;
let userToken: string;
beforeAll(async () => {
  backend = await notificationBackend();
  const user = await backend.confirmedUser(uniqueEmail('user'));
  userToken = (await user.client.auth.getSession()).data.session!.access_token;
  await queueContactMessages(backend, 3);
});
afterAll(() => backend.close());

/** Nothing was claimed: every row is still queued with no attempt. */
async function untouched(): Promise<void> {
  expect((await queue(backend)).map((row) => [row.status, row.attempts])).toEqual([
    ['queued', 0],
    ['queued', 0],
    ['queued', 0],
  ]);
}

describe.each(['send-notifications', 'remove-documents'])('%s', (name) => {
  test.each([
    ['no key', () => null],
    ['the anon key', () => backend.anonKey],
    ["a signed-in user's token", () => userToken],
  ])('refuses a call with %s: 401, nothing claimed', async (_who, key) => {
    const answer = await callFunction(backend.url, name, key());
    expect(answer).toEqual({ status: 401, body: { error: 'unauthorized', message: `Only the database calls ${name}, with a secret key of the project.` } });
    await untouched();
  });

  test('answers POST only', async () => {
    const res = await fetch(`${backend.url}/functions/v1/${name}`, { headers: { authorization: `Bearer ${backend.serviceRoleKey}` } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});

describe('a missing or malformed setting', () => {
  test('is not told to a caller that is not the database: 401, as with every setting right', async () => {
    const functions = await functionsWith(backend, { MAIL_SMTP_HOST: undefined });
    try {
      for (const key of [null, backend.anonKey, userToken]) {
        expect(await callFunction(functions.url, 'send-notifications', key)).toEqual({
          status: 401,
          body: { error: 'unauthorized', message: 'Only the database calls send-notifications, with a secret key of the project.' },
        });
      }
      await untouched();
    } finally {
      await functions.stop();
    }
  });

  test.each([
    ['MAIL_SMTP_HOST unset', { MAIL_SMTP_HOST: undefined }, 'MAIL_SMTP_HOST: is not set; it must be a host name or address, without a scheme or port.'],
    ['SITE_URL unset', { SITE_URL: undefined }, 'SITE_URL: is not set; it must be an http(s) URL.'],
    ['port 587, blocked on hosted', { MAIL_SMTP_PORT: '587' }, 'MAIL_SMTP_PORT="587": must be a port hosted Edge Functions may connect to: 465 (implicit TLS) or 2525, not 25 or 587.'],
    ['no key of the project', { SUPABASE_SERVICE_ROLE_KEY: undefined }, 'SUPABASE_SERVICE_ROLE_KEY and SUPABASE_SECRET_KEYS are not set; one of them must hold a secret key.'],
  ])('%s: 500 "misconfigured", the log names it, nothing is claimed', async (_case, changes, logged) => {
    const lines: string[] = [];
    const functions = await functionsWith(backend, changes, (line) => lines.push(line));
    try {
      const answer = await callFunction(functions.url, 'send-notifications', backend.serviceRoleKey);
      expect(answer).toEqual({ status: 500, body: { error: 'misconfigured', message: 'send-notifications is misconfigured: its log names the setting to fix.' } });
      await expect.poll(() => lines).toContain(`[send-notifications] misconfigured: ${logged}`);
      await untouched();
    } finally {
      await functions.stop();
    }
  });
});
