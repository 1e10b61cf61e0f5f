// Removing a staff member's lost second factor (supabase/functions/remove-factor) in Deno behind
// the backend: an admin at aal2 removes an adviser's factor, which the Auth server then no longer
// lists, and the activity record holds exactly one factor_removed row naming it; without a token,
// at aal1, as an adviser, for their own factor, for a factor that is not the user's or with a
// malformed body, the function refuses with a 4xx and nothing is removed or recorded.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SiteClient } from '../../src/lib/database.ts';
import { startBackend, type TestBackend } from '../api/support.ts';
import { reachAal2 } from '../support/totp.ts';

let backend: TestBackend;
let fn: string;
let admin: { client: SiteClient; userId: string };
let adviser: { client: SiteClient; userId: string };
let adminToken: string;
let factorId: string;

beforeAll(async () => {
  backend = await startBackend();
  fn = `${backend.url}/functions/v1/remove-factor`;
  admin = await backend.confirmedUser('factor-admin@example.com', 'admin-password', { full_name: 'Admin' });
  adviser = await backend.confirmedUser('factor-adviser@example.com', 'adviser-password', { full_name: 'Adviser' });
  await backend.makeAdmin(admin.userId);
  await backend.db.query(`update public.profiles set role = 'adviser' where id = $1`, [adviser.userId]);
  adminToken = (await reachAal2(admin.client)).access_token;
  await reachAal2(adviser.client);
  const { data } = await adviser.client.auth.mfa.listFactors();
  factorId = data!.totp[0]!.id;
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

async function call(token: string | null, body: unknown, method = 'POST'): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(fn, {
    method,
    headers: { 'content-type': 'application/json', apikey: backend.anonKey, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function removals(): Promise<{ actor: string; subject_user_id: string; detail: Record<string, unknown> }[]> {
  const { rows } = await backend.db.query<{ actor: string; subject_user_id: string; detail: Record<string, unknown> }>(
    `select actor, subject_user_id, detail from public.activity_record where kind = 'factor_removed' order by id`,
  );
  return rows;
}

async function adviserFactors(): Promise<string[]> {
  const { rows } = await backend.db.query<{ id: string }>(`select id from auth.mfa_factors where user_id = $1`, [adviser.userId]);
  return rows.map((row) => row.id);
}

describe('refusals: nothing removed, nothing recorded', () => {
  test('without a token 401, at aal1 403, by another method 405', async () => {
    expect((await call(null, { user_id: adviser.userId, factor_id: factorId })).status).toBe(401);
    const { data } = await backend.client().auth.signInWithPassword({ email: 'factor-admin@example.com', password: 'admin-password' });
    expect((await call(data.session!.access_token, { user_id: adviser.userId, factor_id: factorId })).status).toBe(403);
    expect((await call(adminToken, null, 'GET')).status).toBe(405);
    expect(await adviserFactors()).toEqual([factorId]);
    expect(await removals()).toEqual([]);
  });

  test('a malformed body 400; an adviser 403; a factor not the user’s 404', async () => {
    for (const body of [null, {}, { user_id: 'x', factor_id: factorId }, { user_id: adviser.userId }]) {
      expect((await call(adminToken, body)).status).toBe(400);
    }
    const adviserToken = (await adviser.client.auth.getSession()).data.session!.access_token;
    expect((await call(adviserToken, { user_id: admin.userId, factor_id: factorId })).status).toBe(403);
    expect((await call(adminToken, { user_id: admin.userId, factor_id: factorId })).status).toBe(400);
    expect((await call(adminToken, { user_id: adviser.userId, factor_id: crypto.randomUUID() })).status).toBe(404);
    expect(await adviserFactors()).toEqual([factorId]);
    expect(await removals()).toEqual([]);
  });
});

test('an admin at aal2 removes an adviser’s factor: gone from Auth, one factor_removed row', async () => {
  const answer = await call(adminToken, { user_id: adviser.userId, factor_id: factorId });
  expect(answer).toEqual({ status: 200, body: { removed: true } });
  expect(await adviserFactors()).toEqual([]);
  expect(await removals()).toEqual([
    { actor: admin.userId, subject_user_id: adviser.userId, detail: expect.objectContaining({ factor_id: factorId, factor_type: 'totp' }) },
  ]);
});
