// Refresh-token reuse detection (a stolen refresh token replayed): once an old token is replayed after the reuse
// interval, the whole token family stays dead, as GoTrue keeps it. Revoking the family used to
// touch updated_at of every token, which reopened the reuse window for all of them.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { authFetch, startBackend, uniqueEmail, type TestBackend } from './support.ts';

const REUSE_INTERVAL_SECONDS = 1;
let backend: TestBackend;
beforeAll(async () => {
  backend = await startBackend({ refreshTokenReuseIntervalSeconds: REUSE_INTERVAL_SECONDS });
});
afterAll(() => backend?.close());

const refresh = (token: string) => authFetch(backend, 'token?grant_type=refresh_token', { body: { refresh_token: token } });
const pastInterval = () => new Promise((resolve) => setTimeout(resolve, REUSE_INTERVAL_SECONDS * 1000 + 300));

test('after reuse is detected, neither the replayed token nor any newer one of the family starts a session', async () => {
  const email = uniqueEmail('family');
  await backend.confirmedUser(email);
  const login = await authFetch(backend, 'token?grant_type=password', { body: { email, password: 'correct-horse-battery' } });
  const r0 = login.body.refresh_token as string;
  const r1 = (await refresh(r0)).body.refresh_token as string;
  const r2 = (await refresh(r1)).body.refresh_token as string;
  await pastInterval();

  const detected = await refresh(r0);
  expect(detected.status).toBe(400);
  expect(detected.body).toEqual({ code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });
  // At once, within the interval that revoking the family used to reopen:
  for (const token of [r0, r1, r2, r0]) {
    const again = await refresh(token);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('refresh_token_already_used');
  }
  const live = await backend.db.query<{ live: number }>(
    `select count(*)::int as live from auth.refresh_tokens where session_id = (select session_id from auth.refresh_tokens where token = $1) and not revoked`,
    [r0],
  );
  expect(live.rows[0]!.live).toBe(0);
});

test('a token replayed within the interval still returns the active one (a client that lost the answer)', async () => {
  const email = uniqueEmail('lost');
  await backend.confirmedUser(email);
  const login = await authFetch(backend, 'token?grant_type=password', { body: { email, password: 'correct-horse-battery' } });
  const r0 = login.body.refresh_token as string;
  const r1 = (await refresh(r0)).body.refresh_token as string;
  const replay = await refresh(r0);
  expect(replay.status).toBe(200);
  expect(replay.body.refresh_token).toBe(r1);
  expect((await refresh(r1)).status).toBe(200);
});
