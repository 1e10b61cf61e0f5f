// Hostile input to /auth/v1 (malformed bodies, wrong types, oversized values): each gets a specific 4xx in the error envelope of
// supabase/local/README.md before any SQL runs, and nothing is spent or signed in on the way.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { authFetch, localOnlyTest, startBackend, uniqueEmail, verifyUrl, type TestBackend } from './support.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend?.close());

const PASSWORD = 'correct-horse-battery';

describe('passwords longer than bcrypt reads (72 bytes)', () => {
  test('signup refuses one, and sign-in with a longer password that starts like the real one fails', async () => {
    const email = uniqueEmail('long');
    const exact = 'p'.repeat(72);
    await backend.confirmedUser(email, exact);
    const refused = await authFetch(backend, 'signup', { body: { email: uniqueEmail('long2'), password: `${exact}x` } });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('validation_failed');
    // bcrypt alone would compare only the first 72 bytes and accept this.
    const longer = await authFetch(backend, 'token?grant_type=password', { body: { email, password: `${exact}-anything` } });
    expect(longer).toMatchObject({ status: 400, body: { code: 'invalid_credentials', message: 'Invalid login credentials' } });
    expect((await authFetch(backend, 'token?grant_type=password', { body: { email, password: exact } })).status).toBe(200);
  });
});

describe('a NUL character is a 400, not a database error', () => {
  const NUL = '\u0000';
  const cases: [string, string, () => Record<string, unknown> | Promise<Record<string, unknown>>][] = [
    ['email at signup', 'signup', () => ({ email: `a${NUL}b@example.com`, password: PASSWORD })],
    ['metadata value at signup', 'signup', () => ({ email: uniqueEmail('nul'), password: PASSWORD, data: { full_name: `Ada${NUL}` } })],
    ['metadata key at signup', 'signup', () => ({ email: uniqueEmail('nul'), password: PASSWORD, data: { nested: { [`k${NUL}`]: 1 } } })],
    ['email at sign-in', 'token?grant_type=password', () => ({ email: `a${NUL}@example.com`, password: PASSWORD })],
    ['refresh_token', 'token?grant_type=refresh_token', () => ({ refresh_token: `abc${NUL}def` })],
    ['token_hash', 'verify', () => ({ type: 'signup', token_hash: `abc${NUL}` })],
    ['email at verify', 'verify', () => ({ type: 'recovery', email: `a${NUL}@example.com`, token: '123456' })],
    ['email at recover', 'recover', () => ({ email: `a${NUL}@example.com` })],
    ['email at resend', 'resend', () => ({ type: 'signup', email: `a${NUL}@example.com` })],
  ];
  test.each(cases)('%s', async (_name, path, body) => {
    const v2 = await authFetch(backend, path, { body: await body() });
    expect(v2.status).toBe(400);
    expect(v2.body).toMatchObject({ code: 'validation_failed', message: expect.stringContaining('NUL') });
    const legacy = await authFetch(backend, path, { body: await body(), versioned: false });
    expect(legacy.body).toMatchObject({ code: 400, error_code: 'validation_failed', msg: expect.stringContaining('NUL') });
  });

  test('in PUT /user metadata', async () => {
    const { client } = await backend.confirmedUser(uniqueEmail('nulput'));
    const token = (await client.auth.getSession()).data.session!.access_token;
    const res = await authFetch(backend, 'user', { method: 'PUT', body: { data: { city: `La${NUL}gos` } }, headers: { authorization: `Bearer ${token}` } });
    expect(res).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
  });

  test('in the token of an email link', async () => {
    const res = await fetch(`${backend.url}/auth/v1/verify?type=signup&token=abc%00`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect((await res.json()).error_code).toBe('validation_failed');
  });
});

describe('redirect_to of an email link', () => {
  /** Signs up and returns the emailed verify link with its redirect_to replaced (raw, already encoded). */
  async function linkWithRedirect(encodedTarget: string): Promise<{ email: string; link: string }> {
    const email = uniqueEmail('redirect');
    await backend.client().auth.signUp({ email, password: PASSWORD });
    const link = new URL(verifyUrl(backend, await backend.lastMail(email)));
    return { email, link: `${link.origin}${link.pathname}?token=${link.searchParams.get('token')}&type=signup&redirect_to=${encodedTarget}` };
  }

  localOnlyTest.each([
    ['a Cyrillic path', 'http%3A%2F%2Flocalhost%3A4321%2F%D0%BF%D1%80%D0%BE%D1%84%D0%B8%D0%BB%D1%8C', 'http://localhost:4321/%D0%BF%D1%80%D0%BE%D1%84%D0%B8%D0%BB%D1%8C#'],
    ['CR and LF', 'http%3A%2F%2Flocalhost%3A4321%2Fa%0D%0ASet-Cookie%3A%20x%3D1', 'http://localhost:4321/aSet-Cookie:%20x=1#'],
  ])('with %s is made safe for Location, and the link signs in', async (_name, target, expected) => {
    const { link } = await linkWithRedirect(target);
    const { status, location, fragment } = await backend.follow(link);
    expect(status).toBe(303);
    expect(location.startsWith(expected)).toBe(true);
    expect(fragment.get('access_token')).toBeTruthy();
  });

  localOnlyTest('with a NUL is refused before the token is spent', async () => {
    const { email, link } = await linkWithRedirect('http%3A%2F%2Flocalhost%3A4321%2F%00');
    const refused = await fetch(link, { redirect: 'manual' });
    expect(refused.status).toBe(400);
    const rows = await backend.db.query<{ confirmed: boolean }>(`select email_confirmed_at is not null as confirmed from auth.users where email = $1`, [email]);
    expect(rows.rows[0]!.confirmed).toBe(false);
    // The same link without the NUL still works.
    const { fragment } = await backend.follow(link.replace('%00', ''));
    expect(fragment.get('access_token')).toBeTruthy();
  });
});

describe('deeply nested metadata', () => {
  const deep = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

  test('signup data 3000 levels deep is a 400', async () => {
    const body = `{"email":"${uniqueEmail('deep')}","password":"${PASSWORD}","data":${deep(3000)}}`;
    const res = await authFetch(backend, 'signup', { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  test('PUT /user data 3000 levels deep is a 400', async () => {
    const { client } = await backend.confirmedUser(uniqueEmail('deepput'));
    const token = (await client.auth.getSession()).data.session!.access_token;
    const res = await authFetch(backend, 'user', { method: 'PUT', body: `{"data":${deep(3000)}}`, headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});
