// /recover and /resend must not tell who has an account (issue 11, item 5): the same status and
// body for known and unknown addresses, also within the per-user email interval (where GoTrue
// answers 429 only for existing accounts), and the same timing because the work happens after
// the answer.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { authFetch, startBackend, uniqueEmail, type TestBackend } from './support.ts';

let backend: TestBackend;
let confirmed: string;
let unconfirmed: string;
beforeAll(async () => {
  backend = await startBackend();
  confirmed = uniqueEmail('known');
  await backend.confirmedUser(confirmed);
  unconfirmed = uniqueEmail('pending');
  await backend.client().auth.signUp({ email: unconfirmed, password: 'correct-horse-battery' });
});
afterAll(() => backend?.close());

/** Status and body of a request, in both error-envelope versions. */
async function answer(path: string, body: unknown) {
  const [v2, legacy] = [await authFetch(backend, path, { body }), await authFetch(backend, path, { body, versioned: false })];
  return { v2: [v2.status, v2.body], legacy: [legacy.status, legacy.body] };
}

test('recover answers known and unknown addresses alike, the second request within the email interval too', async () => {
  const unknown = uniqueEmail('ghost');
  const expected = { v2: [200, {}], legacy: [200, {}] };
  expect(await answer('recover', { email: confirmed })).toEqual(expected);
  expect(await answer('recover', { email: unknown })).toEqual(expected);
  // Within max_frequency of the email just sent (GoTrue: 429 for this address only).
  expect(await answer('recover', { email: confirmed })).toEqual(expected);
  expect(await answer('recover', { email: unknown })).toEqual(expected);
  expect((await backend.mail(confirmed)).filter((m) => m.type === 'recovery')).toHaveLength(1);
  expect(await backend.mail(unknown)).toHaveLength(0);
});

test('resend answers pending, confirmed and unknown addresses alike', async () => {
  const expected = { v2: [200, {}], legacy: [200, {}] };
  for (const email of [unconfirmed, confirmed, uniqueEmail('ghost'), unconfirmed]) {
    expect(await answer('resend', { type: 'signup', email })).toEqual(expected);
  }
});

test('the answer does not wait for the account look-up: it arrives while the user row is locked', async () => {
  const email = uniqueEmail('locked');
  await backend.confirmedUser(email);
  await backend.db.transaction(async (tx) => {
    // PGlite runs one transaction at a time and PostgreSQL waits on the row lock: any database
    // work before the answer would hang here until the timeout.
    await tx.query(`select id from auth.users where email = $1 for update`, [email]);
    const res = await fetch(`${backend.url}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
      signal: AbortSignal.timeout(5000),
    });
    expect(res.status).toBe(200);
  });
  // Once the database is free again, the queued email goes out.
  expect((await backend.mail(email)).filter((m) => m.type === 'recovery')).toHaveLength(1);
});

test('known and unknown addresses take the same time (medians, generous bound)', async () => {
  const known: number[] = [];
  const unknown: number[] = [];
  const time = async (email: string) => {
    const started = performance.now();
    await authFetch(backend, 'recover', { body: { email } });
    const ms = performance.now() - started;
    // The queued work of one request must not slow the next one down.
    await backend.settled();
    return ms;
  };
  for (let i = 0; i < 15; i++) {
    const email = uniqueEmail('timed');
    await backend.db.query(`update auth.users set recovery_sent_at = null where email = $1`, [confirmed]);
    known.push(await time(confirmed));
    unknown.push(await time(email));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  // Before the work moved after the answer, a known address took the look-up, a token update
  // and rendering the email longer. Now both are an answer from memory.
  expect(Math.abs(median(known) - median(unknown))).toBeLessThan(Math.max(5, median(unknown)));
});
