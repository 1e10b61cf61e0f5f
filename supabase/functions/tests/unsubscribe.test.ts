// The unsubscribe handler when the project does not answer as it should (`npm run test:functions`,
// Deno): a fetch that throws, an error status, or a 200 without JSON is a 502 with the "try again
// later" message, never a 500. The whole way through a real backend is tests/functions/emails.test.ts.
import assert from 'node:assert/strict';
import { handleUnsubscribe } from '../unsubscribe/handler.ts';

const ENV = { supabaseUrl: 'http://project.invalid', apiKey: 'anon-key', siteUrl: 'https://site.invalid' };
const TOKEN = '0b6f2a52-6d1e-4c36-9f53-4b1a3c7f2e10';
const LATER = { message: 'Could not unsubscribe now. Please try again later.' };

/** Answers one POST with the project's fetch replaced by `fetchStub`. */
async function answerWith(fetchStub: typeof fetch): Promise<{ status: number; body: unknown }> {
  const realFetch = globalThis.fetch;
  const realError = console.error;
  globalThis.fetch = fetchStub;
  console.error = () => {};
  try {
    const req = new Request('https://functions.invalid/unsubscribe', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: TOKEN }) });
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
