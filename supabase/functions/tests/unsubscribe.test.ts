// The unsubscribe handler when the project does not answer as it should (`npm run test:functions`,
// Deno): a fetch that throws, an error status, or a 200 without JSON is a 502 with the "try again
// later" message, never a 500. The key it calls the project with: the legacy anon key or, without
// it, the publishable key, sent in `apikey` alone. The whole way through a real backend is
// tests/functions/emails.test.ts.
import assert from 'node:assert/strict';
import { Misconfigured } from '../_shared/settings.ts';
import { handleUnsubscribe } from '../unsubscribe/handler.ts';
import { readUnsubscribeSettings } from '../unsubscribe/settings.ts';

const ENV = { supabaseUrl: 'http://project.invalid', apiKey: 'anon-key', siteUrl: 'https://site.invalid' };
// A token as the database makes them (private.new_link_token): 64 hex digits.
const TOKEN = '3f'.repeat(32);
const LATER = { message: 'Could not unsubscribe now. Please try again later.' };

/** Answers one POST with the project's fetch replaced by `fetchStub`. */
async function answerWith(fetchStub: typeof fetch, token = TOKEN): Promise<{ status: number; body: unknown }> {
  const realFetch = globalThis.fetch;
  const realError = console.error;
  globalThis.fetch = fetchStub;
  console.error = () => {};
  try {
    const req = new Request('https://functions.invalid/unsubscribe', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
    const res = await handleUnsubscribe(req, ENV);
    return { status: res.status, body: await res.json() };
  } finally {
    globalThis.fetch = realFetch;
    console.error = realError;
  }
}

Deno.test('a project that cannot be reached: 502, try again later', async () => {
  assert.deepEqual(await answerWith(() => Promise.reject(new TypeError('connection refused'))), { status: 502, body: LATER });
});

Deno.test('a 200 whose body is not JSON: 502, try again later', async () => {
  assert.deepEqual(await answerWith(() => Promise.resolve(new Response('<html>gateway</html>', { status: 200 }))), { status: 502, body: LATER });
});

Deno.test('an error status: 502, try again later', async () => {
  assert.deepEqual(await answerWith(() => Promise.resolve(new Response('{}', { status: 503 }))), { status: 502, body: LATER });
});

Deno.test('the project answers true: 200; false: 404', async () => {
  assert.deepEqual(await answerWith(() => Promise.resolve(Response.json(true))), { status: 200, body: { unsubscribed: true } });
  assert.deepEqual(await answerWith(() => Promise.resolve(Response.json(false))), { status: 404, body: { unsubscribed: false, message: 'No subscription has this link' } });
});

Deno.test('a value not shaped like a token (an old UUID, upper case, SQL, too short or long): 400, and the project is not called', async () => {
  let calls = 0;
  const counting = () => {
    calls += 1;
    return Promise.resolve(Response.json(true));
  };
  for (const token of ['0b6f2a52-6d1e-4c36-9f53-4b1a3c7f2e10', TOKEN.toUpperCase(), "x' or 1=1 --", TOKEN.slice(1), `${TOKEN}0`, '']) {
    assert.deepEqual(await answerWith(counting, token), { status: 400, body: { message: 'The unsubscribe link is not valid' } }, token);
  }
  assert.equal(calls, 0);
});

const ANON_KEY = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJl';
const PUBLISHABLE_KEY = 'sb_publishable_0123456789abcdefghijkl';
const BASE_ENV = { SUPABASE_URL: 'http://project.invalid', SITE_URL: 'https://site.invalid' };

/** The settings an environment of these variables gives. */
const settingsOf = (variables: Record<string, string>) => readUnsubscribeSettings((name) => variables[name]);

/** The headers of the one request the handler makes with the settings `variables` give. */
async function headersSentWith(variables: Record<string, string>): Promise<Headers> {
  const settings = settingsOf(variables);
  const realFetch = globalThis.fetch;
  let sent: Headers | undefined;
  globalThis.fetch = (_input, init) => {
    sent = new Headers(init?.headers);
    return Promise.resolve(Response.json(true));
  };
  try {
    const req = new Request('https://functions.invalid/unsubscribe', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: TOKEN }) });
    assert.equal((await handleUnsubscribe(req, settings)).status, 200);
  } finally {
    globalThis.fetch = realFetch;
  }
  return sent!;
}

Deno.test('the legacy anon key goes in apikey only, never as a bearer token', async () => {
  const headers = await headersSentWith({ ...BASE_ENV, SUPABASE_ANON_KEY: ANON_KEY, SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: PUBLISHABLE_KEY }) });
  assert.equal(headers.get('apikey'), ANON_KEY);
  assert.equal(headers.get('authorization'), null);
});

Deno.test('without the anon key, the publishable key (default, else the first) goes in apikey only', async () => {
  const headers = await headersSentWith({ ...BASE_ENV, SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ web: 'sb_publishable_another_key_123456', default: PUBLISHABLE_KEY }) });
  assert.equal(headers.get('apikey'), PUBLISHABLE_KEY);
  assert.equal(headers.get('authorization'), null);
  assert.equal(settingsOf({ ...BASE_ENV, SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ web: PUBLISHABLE_KEY }) }).apiKey, PUBLISHABLE_KEY);
});

Deno.test('no public key, or a malformed key list, is misconfigured, naming the variables', () => {
  assert.throws(() => settingsOf(BASE_ENV), (error: unknown) => {
    assert.ok(error instanceof Misconfigured);
    assert.deepEqual(error.problems, ['SUPABASE_ANON_KEY and SUPABASE_PUBLISHABLE_KEYS are not set; one of them must hold a public key of the project.']);
    return true;
  });
  assert.throws(
    () => settingsOf({ ...BASE_ENV, SUPABASE_PUBLISHABLE_KEYS: 'sb_publishable_x' }),
    (error: unknown) => error instanceof Misconfigured && error.problems[0]!.startsWith('SUPABASE_PUBLISHABLE_KEYS'),
  );
});
