// Anonymous sign-in on the local backend, as GoTrue answers it (POST /auth/v1/signup with neither
// email nor phone), and the booking it lets through where a CAPTCHA is required: the booking form
// signs in anonymously with the solved challenge's token (hosted Auth checks it there; this backend
// accepts any) and books with that session, while the bare anon key is refused (RF013).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { consultancyToday } from '../../common/domain.ts';
import { authFetch, startBackend, uniqueEmail, type TestBackend } from './support.ts';
import type { SiteClient } from '../../src/lib/database.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startBackend({ enableAnonymousSignIns: true });
});
afterAll(() => backend?.close());

function claims(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
}

/** A Tuesday two weeks or more after Lagos's today, at 10:00: open on a fresh database. */
function bookableDay(): string {
  let day = Date.parse(`${consultancyToday()}T00:00:00Z`) + 14 * 86_400_000;
  while (new Date(day).getUTCDay() !== 2) day += 86_400_000;
  return new Date(day).toISOString().slice(0, 10);
}

const book = (client: SiteClient, name: string) =>
  client.from('bookings').insert({ full_name: name, phone: '+234 801 234 5678', email: uniqueEmail('captcha'), country: 'UK', date: bookableDay(), time: '10:00' });

test('signs in with no email or phone: a session whose user and token say is_anonymous', async () => {
  const client = backend.client();
  const { data, error } = await client.auth.signInAnonymously({ options: { captchaToken: 'any-token' } });
  expect(error).toBeNull();
  expect(data.user).toMatchObject({ is_anonymous: true, role: 'authenticated', email: '', app_metadata: { provider: 'anonymous' } });
  expect(claims(data.session!.access_token)).toMatchObject({ is_anonymous: true, role: 'authenticated', sub: data.user!.id });
  expect(claims(data.session!.access_token).amr).toEqual([expect.objectContaining({ method: 'anonymous' })]);
  // No account: no profile, so staff's lists never show it.
  expect((await backend.db.query('select 1 from public.profiles where id = $1', [data.user!.id])).rows).toHaveLength(0);
  expect((await authFetch(backend, 'settings', { method: 'GET' })).body.external).toMatchObject({ anonymous_users: true });
});

describe('where a CAPTCHA is required for bookings', () => {
  beforeAll(() => backend.db.exec('update public.booking_rules set captcha_required = true'));
  afterAll(() => backend.db.exec('update public.booking_rules set captcha_required = false'));

  test('the bare anon key is refused with 400 and RF013; the anonymous session books', async () => {
    const bare = await book(backend.client(), 'Bare Key');
    expect(bare.status).toBe(400);
    expect(bare.error?.code).toBe('RF013');

    const client = backend.client();
    expect((await client.auth.signInAnonymously({ options: { captchaToken: 'solved' } })).error).toBeNull();
    const booked = await book(client, 'Signed In');
    expect(booked.error).toBeNull();
    expect(booked.status).toBe(201);
  });
});

describe('with anonymous sign-ins off (config.toml enable_anonymous_sign_ins = false, the default)', () => {
  let closed: TestBackend;
  beforeAll(async () => {
    closed = await startBackend();
  });
  afterAll(() => closed?.close());

  test('answers 422 anonymous_provider_disabled, as GoTrue does', async () => {
    const res = await authFetch(closed, 'signup', { body: { data: {} } });
    expect(res).toMatchObject({ status: 422, body: { code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' } });
    expect((await authFetch(closed, 'settings', { method: 'GET' })).body.external).toMatchObject({ anonymous_users: false });
  });
});
