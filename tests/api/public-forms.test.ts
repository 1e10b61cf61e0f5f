// The public forms over REST as an outsider probes them: newsletter membership cannot be read
// from any answer, and a form's errors never show the private spam log.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pgToHttpError } from '../../supabase/local/rest/pg-errors.ts';
import { startBackend, uniqueEmail, type TestBackend } from './support.ts';
import { openSlot } from '../support/open-slots.ts';

let backend: TestBackend;
let userToken: string;
const subscribed = uniqueEmail('subscribed');

beforeAll(async () => {
  backend = await startBackend();
  const { client } = await backend.confirmedUser(uniqueEmail('member'));
  userToken = (await client.auth.getSession()).data.session!.access_token;
  const { error } = await backend.client().rpc('subscribe_newsletter', { email: subscribed });
  if (error) throw error;
});
afterAll(() => backend?.close());

async function post(path: string, body: unknown, token = backend.anonKey) {
  const res = await fetch(`${backend.url}/rest/v1/${path}`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

describe('newsletter membership cannot be read', () => {
  test('a direct anonymous insert is 401 for a subscribed and an unknown address alike', async () => {
    const known = await post('newsletter_subscribers', { email: subscribed.toUpperCase() });
    const unknown = await post('newsletter_subscribers', { email: uniqueEmail('unknown') });
    expect(known.status).toBe(401);
    expect(unknown).toEqual(known);
    expect(JSON.parse(known.text)).toMatchObject({ code: '42501', message: 'permission denied for table newsletter_subscribers' });
  });

  test('a direct insert by a signed-in user is 403 for both', async () => {
    const known = await post('newsletter_subscribers', { email: subscribed }, userToken);
    const unknown = await post('newsletter_subscribers', { email: uniqueEmail('unknown') }, userToken);
    expect(known.status).toBe(403);
    expect(unknown).toEqual(known);
  });

  test.each([
    ['an anonymous visitor', () => backend.anonKey],
    ['a signed-in user', () => userToken],
  ])('subscribe_newsletter answers %s 204 with no body for both', async (_label, token) => {
    const known = await post('rpc/subscribe_newsletter', { email: subscribed }, token());
    const unknown = await post('rpc/subscribe_newsletter', { email: uniqueEmail('new') }, token());
    expect(known).toEqual({ status: 204, text: '' });
    expect(unknown).toEqual(known);
  });
});

describe('form errors never show the private spam log', () => {
  test('a booking without an email is 400 23502 about bookings alone', async () => {
    const res = await post('bookings', { full_name: 'No Mail', phone: '+1 555 0100', country: 'Canada', ...openSlot() });
    expect(res.status).toBe(400);
    // Postgres quotes no failing row to a role that may not read the table.
    expect(JSON.parse(res.text)).toEqual({
      code: '23502',
      details: null,
      hint: null,
      message: 'null value in column "email" of relation "bookings" violates not-null constraint',
    });
    expect(res.text).not.toMatch(/form_submissions|, bookings, null/);
  });

  test('an error about a table outside schema public keeps its code and status but none of its text', () => {
    const leak = {
      code: '23502',
      message: 'null value in column "email" of relation "form_submissions" violates not-null constraint',
      detail: 'Failing row contains (27, bookings, null, 2026-11-23 10:00:00+00).',
      hint: 'a hint',
      schema: 'private',
    };
    const err = pgToHttpError(leak, 'anon');
    expect(err.status).toBe(400);
    expect(err.payload(false)).toEqual({ code: '23502', details: null, hint: null, message: 'The database refused the request' });
    const own = pgToHttpError({ ...leak, message: 'about bookings', schema: 'public' }, 'anon');
    expect(own.payload(false)).toMatchObject({ message: 'about bookings', details: leak.detail });
  });
});

describe('one address per email, at every public entry point', () => {
  const entries: [string, string, (email: string) => unknown][] = [
    ['a booking', 'bookings', (email) => ({ full_name: 'Ada Obi', phone: '+234 800 000 0001', email, country: 'UK', ...openSlot() })],
    ['a contact message', 'contact_messages', (email) => ({ name: 'Ada Obi', email, subject: 'Visa', phone: '+234 800 000 0001', message: 'Hello', page: '/contact' })],
    ['a newsletter sign-up', 'rpc/subscribe_newsletter', (email) => ({ email })],
  ];
  test.each(entries)('%s with a list, a display name or a quoted comma is 400 23514, and queues nothing', async (_label, path, body) => {
    for (const email of ['someone,victim@y.example', 'Victim <victim@y.example>', '"a,victim"@y.example', 'someone;victim@y.example']) {
      const res = await post(path, body(email));
      expect(res.status, email).toBe(400);
      expect(JSON.parse(res.text), email).toMatchObject({ code: '23514', message: expect.stringContaining('email_address_format') });
    }
    const { rows } = await backend.db.query(`select 1 from public.notifications where recipient like '%victim%'`);
    expect(rows).toEqual([]);
  });
});
