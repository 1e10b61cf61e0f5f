// Where the backend answered differently from GoTrue in ways a supabase-js app can meet
// (its contract with supabase-js), and what it knowingly leaves out.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import { authFetch, startBackend, templatedLink, uniqueEmail, verifyUrl, type TestBackend } from './support.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend?.close());

const PASSWORD = 'correct-horse-battery';

function claims(jwt: string): { amr: { method: string; timestamp: number }[] } {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
}

test('a spent token_hash answers GoTrue\'s email-link message, in both shapes', async () => {
  const email = uniqueEmail('hash');
  await backend.client().auth.signUp({ email, password: PASSWORD });
  const { tokenHash } = templatedLink(await backend.lastMail(email));
  expect((await authFetch(backend, 'verify', { body: { type: 'signup', token_hash: tokenHash } })).status).toBe(200);
  const again = await authFetch(backend, 'verify', { body: { type: 'signup', token_hash: tokenHash } });
  expect(again).toMatchObject({ status: 403, body: { code: 'otp_expired', message: 'Email link is invalid or has expired' } });
  const legacy = await authFetch(backend, 'verify', { body: { type: 'signup', token_hash: tokenHash }, versioned: false });
  expect(legacy.body).toEqual({ code: 403, error_code: 'otp_expired', msg: 'Email link is invalid or has expired' });
});

describe('enable_signup', () => {
  test('is read from config.toml [auth]', async () => {
    const root = await mkdtemp(join(tmpdir(), 'enable-signup-'));
    try {
      await mkdir(join(root, 'supabase'));
      await writeFile(join(root, 'supabase', 'config.toml'), '[auth]\nenable_signup = false\n');
      expect(loadConfig({}, {}, root).enableSignup).toBe(false);
      expect(loadConfig({}, {}).enableSignup).toBe(true);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  describe('set to false', () => {
    // A second server, started in a hook: starting one can take long on a busy machine.
    let closed: TestBackend;
    beforeAll(async () => {
      closed = await startBackend({ enableSignup: false });
    });
    afterAll(() => closed?.close());

    test('refuses signups with 422 signup_disabled and is reported by /settings', async () => {
      const res = await authFetch(closed, 'signup', { body: { email: uniqueEmail('closed'), password: PASSWORD } });
      expect(res).toMatchObject({ status: 422, body: { code: 'signup_disabled', message: 'Signups not allowed for this instance' } });
      expect((await authFetch(closed, 'settings', { method: 'GET' })).body.disable_signup).toBe(true);
      expect((await authFetch(backend, 'settings', { method: 'GET' })).body.disable_signup).toBe(false);
    });
  });
});

test('a session begun from an email link keeps amr otp and its time across refreshes', async () => {
  const email = uniqueEmail('amr');
  await backend.client().auth.signUp({ email, password: PASSWORD });
  const { fragment } = await backend.follow(verifyUrl(backend, await backend.lastMail(email)));
  const first = claims(fragment.get('access_token')!).amr;
  expect(first).toHaveLength(1);
  expect(first[0]!.method).toBe('otp');
  // A refresh in a later second must still report the sign-in's own time.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const refreshed = await authFetch(backend, 'token?grant_type=refresh_token', { body: { refresh_token: fragment.get('refresh_token') } });
  expect(claims(refreshed.body.access_token as string).amr).toEqual(first);
  const password = await authFetch(backend, 'token?grant_type=password', { body: { email, password: PASSWORD } });
  expect(claims(password.body.access_token as string).amr[0]!.method).toBe('password');
});

test('resend with type email_change answers {} as GoTrue does without a pending change', async () => {
  const res = await authFetch(backend, 'resend', { body: { type: 'email_change', email: uniqueEmail('change') } });
  expect(res).toMatchObject({ status: 200, body: {} });
});

describe('what is knowingly not implemented answers 404 with a clear message', () => {
  test.each([
    ['POST', 'admin/users'],
    ['GET', 'admin/users'],
    ['PUT', 'admin/users/00000000-0000-0000-0000-000000000000'],
    ['POST', 'admin/generate_link'],
    ['POST', 'magiclink'],
    ['POST', 'otp'],
    ['GET', 'reauthenticate'],
  ])('%s /auth/v1/%s', async (method, path) => {
    const res = await authFetch(backend, path, { method, ...(method === 'GET' ? {} : { body: {} }) });
    expect(res).toMatchObject({ status: 404, body: { code: 'not_found', message: `No ${method} /auth/v1/${path} in this local Auth server` } });
  });

  test('asymmetric signing keys: the JWKS is empty', async () => {
    expect((await authFetch(backend, '.well-known/jwks.json', { method: 'GET' })).body).toEqual({ keys: [] });
  });
});
