// /recover and /resend must not tell who has an account (account enumeration): the same status and
// body for known and unknown addresses, also within the per-user email interval (where GoTrue
// answers 429 only for existing accounts), and the same timing because the work happens after
// the answer. The lock test below proves that order without a clock; `npm run bench:api` times
// known against unknown addresses from another process (tests/bench/lib/enumeration-timing.ts). A
// timed test here measured the queued work of the server sharing this process's event loop, and
// failed whenever the machine was busy.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { authFetch, localOnlyTest, startBackend, uniqueEmail, type TestBackend } from './support.ts';

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

localOnlyTest('recover answers known and unknown addresses alike, the second request within the email interval too', async () => {
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

const LOCKED_CASES = [
  { path: 'recover', body: (email: string) => ({ email }), mailType: 'recovery', confirmed: true },
  { path: 'resend', body: (email: string) => ({ type: 'signup', email }), mailType: 'signup', confirmed: false },
];

localOnlyTest.each(LOCKED_CASES)('$path answers without waiting for the account look-up: it arrives while the user row is locked', async ({ path, body, mailType, confirmed }) => {
  const email = uniqueEmail('locked');
  if (confirmed) await backend.confirmedUser(email);
  else await backend.client().auth.signUp({ email, password: 'correct-horse-battery' });
  const before = (await backend.mail(email)).filter((m) => m.type === mailType).length;
  // A resend right after the signup's own email would fall within the per-user email interval.
  if (!confirmed) await backend.db.query(`update auth.users set confirmation_sent_at = null where email = $1`, [email]);
  await backend.db.transaction(async (tx) => {
    // PGlite runs one transaction at a time and PostgreSQL waits on the row lock: any database
    // work before the answer would hang here until the timeout.
    await tx.query(`select id from auth.users where email = $1 for update`, [email]);
    const res = await fetch(`${backend.url}/auth/v1/${path}`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify(body(email)),
      signal: AbortSignal.timeout(5000),
    });
    expect(res.status).toBe(200);
  });
  // Once the database is free again, the queued email goes out.
  expect((await backend.mail(email)).filter((m) => m.type === mailType)).toHaveLength(before + 1);
});

test('a signup for a confirmed address and a recovery for an unknown one leave no row and send no email', async () => {
  const count = async () =>
    (await backend.db.query<{ users: number; profiles: number }>(
      `select (select count(*) from auth.users)::int as users, (select count(*) from public.profiles)::int as profiles`,
    )).rows[0];
  const before = await count();
  const mailbox = (await (await fetch(`${backend.url}/mail.json`)).json()) as { messages: unknown[] };
  const { data, error } = await backend.client().auth.signUp({ email: confirmed, password: 'another-password-1' });
  expect(error).toBeNull();
  // GoTrue's made-up user; the rehearsal of a new user behind it is rolled back.
  expect(data.user?.identities).toEqual([]);
  expect((await authFetch(backend, 'recover', { body: { email: uniqueEmail('ghost') } })).status).toBe(200);
  await backend.settled();
  expect(await count()).toEqual(before);
  const after = (await (await fetch(`${backend.url}/mail.json`)).json()) as { messages: unknown[] };
  expect(after.messages).toHaveLength(mailbox.messages.length);
  // The confirmed account's password is unchanged.
  expect((await backend.client().auth.signInWithPassword({ email: confirmed, password: 'correct-horse-battery' })).error).toBeNull();
});
