// Second factors through supabase-js's auth.mfa against the local backend, with the answers hosted
// GoTrue gives (internal/api/mfa.go): enrol, challenge, verify (aal2, amr), unenrol, the user's
// factors, the admin API's list and removal, a challenge's expiry, the verify rate limit, and
// what another user's factor or a wrong code gets.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SiteClient } from '../../src/lib/database.ts';
import { totpCode } from '../support/totp.ts';
import { authFetch, localOnlyTest, startBackend, TEST_CONFIG, uniqueEmail, type TestBackend } from './support.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend?.close());

/** A confirmed, signed-in user with one TOTP factor enrolled (unverified); its id and secret. */
async function enrolled(label: string, friendlyName = 'Phone'): Promise<{ client: SiteClient; userId: string; factorId: string; secret: string }> {
  const { client, userId } = await backend.confirmedUser(uniqueEmail(label));
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName });
  if (error) throw error;
  return { client, userId, factorId: data.id, secret: data.totp.secret };
}

/** Challenges and verifies `code`; the error's code and status, or the new session. */
async function verify(client: SiteClient, factorId: string, code: string) {
  const challenge = await client.auth.mfa.challenge({ factorId });
  if (challenge.error) throw challenge.error;
  return client.auth.mfa.verify({ factorId, challengeId: challenge.data.id, code });
}

const claimsOf = (token: string) => decodeJwt(token) as { aal: string; amr: { method: string; timestamp: number }[]; session_id: string };

describe('enrolling a TOTP factor', () => {
  test('answers the factor with its secret, an otpauth URI and a QR code as an SVG data URI', async () => {
    const { client } = await backend.confirmedUser(uniqueEmail('enrol'));
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Work phone', issuer: 'Bridgeway' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), type: 'totp', friendly_name: 'Work phone' });
    expect(data!.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data!.totp.uri).toMatch(new RegExp(`^otpauth://totp/Bridgeway:[^?]+\\?.*secret=${data!.totp.secret}`));
    // supabase-js makes the SVG a data URI, which an <img> shows only if nothing in it starts a fragment.
    expect(data!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg[\s\S]*<\/svg>$/);
    expect(data!.totp.qr_code).not.toContain('#');
  });

  test('lists the new factor unverified in the user, and not among the verified TOTP factors', async () => {
    const { client, factorId } = await enrolled('listed');
    const { data, error } = await client.auth.mfa.listFactors();
    expect(error).toBeNull();
    expect(data!.all).toEqual([expect.objectContaining({ id: factorId, status: 'unverified', factor_type: 'totp', friendly_name: 'Phone' })]);
    expect(data!.totp).toEqual([]);
    expect(JSON.stringify(data)).not.toContain('secret');
  });

  test('refuses a second factor of the same name, an unknown type, and an anonymous caller', async () => {
    const { client } = await enrolled('names', 'Phone');
    const same = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect({ status: same.error?.status, code: same.error?.code, message: same.error?.message }).toEqual({
      status: 422,
      code: 'mfa_factor_name_conflict',
      message: 'A factor with the friendly name "Phone" for this user already exists',
    });
    const token = (await client.auth.getSession()).data.session!.access_token;
    const odd = await authFetch(backend, 'factors', { body: { factor_type: 'sms' }, headers: { authorization: `Bearer ${token}` } });
    expect(odd).toMatchObject({ status: 400, body: { code: 'validation_failed', message: 'factor_type needs to be totp, phone, or webauthn' } });
    const none = await authFetch(backend, 'factors', { body: { factor_type: 'totp' } });
    expect(none).toMatchObject({ status: 401, body: { code: 'no_authorization' } });
  });
});

describe('verifying a code', () => {
  test('a right code verifies the factor and answers a new session at aal2 with totp then password in amr', async () => {
    const { client, factorId, secret } = await enrolled('right');
    const before = claimsOf((await client.auth.getSession()).data.session!.access_token);
    expect(before.aal).toBe('aal1');
    const { data, error } = await verify(client, factorId, totpCode(secret));
    expect(error).toBeNull();
    const after = claimsOf(data!.access_token);
    expect(after.aal).toBe('aal2');
    expect(after.session_id).toBe(before.session_id);
    expect(after.amr.map((entry) => entry.method)).toEqual(['totp', 'password']);
    expect(data!.user.factors).toEqual([expect.objectContaining({ id: factorId, status: 'verified' })]);
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    // The session itself is at aal2, so a refreshed token stays there.
    const refreshed = await client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal2');
    const row = await backend.db.query<{ aal: string; factor_id: string }>(`select aal::text, factor_id from auth.sessions where id = $1`, [after.session_id]);
    expect(row.rows).toEqual([{ aal: 'aal2', factor_id: factorId }]);
  });

  test('a later sign-in is at aal1 with aal2 next, until its code is verified', async () => {
    const email = uniqueEmail('later');
    const made = await backend.confirmedUser(email);
    const { data } = await made.client.auth.mfa.enroll({ factorType: 'totp' });
    await verify(made.client, data!.id, totpCode(data!.totp.secret));
    const [factorId, secret, client] = [data!.id, data!.totp.secret, backend.client()];
    await client.auth.signInWithPassword({ email, password: 'correct-horse-battery' });
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret) });
    expect(error).toBeNull();
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal2' });
  });

  test('a wrong code, an empty code and an unknown challenge get GoTrue’s answers, and leave the factor unverified', async () => {
    const { client, factorId, secret } = await enrolled('wrong');
    const good = totpCode(secret);
    const wrong = String((Number(good) + 500_000) % 1_000_000).padStart(6, '0');
    const refused = await verify(client, factorId, wrong);
    expect({ status: refused.error?.status, code: refused.error?.code, message: refused.error?.message }).toEqual({
      status: 422,
      code: 'mfa_verification_failed',
      message: 'Invalid TOTP code entered',
    });
    const empty = await verify(client, factorId, '');
    expect({ status: empty.error?.status, code: empty.error?.code }).toEqual({ status: 400, code: 'validation_failed' });
    const unknown = await client.auth.mfa.verify({ factorId, challengeId: crypto.randomUUID(), code: good });
    expect({ status: unknown.error?.status, code: unknown.error?.code, message: unknown.error?.message }).toEqual({
      status: 422,
      code: 'mfa_factor_not_found',
      message: 'MFA factor with the provided challenge ID not found',
    });
    expect((await client.auth.mfa.listFactors()).data!.all[0]!.status).toBe('unverified');
  });

  test('a challenge is spent once verified', async () => {
    const { client, factorId, secret } = await enrolled('spent');
    const challenge = await client.auth.mfa.challenge({ factorId });
    const first = await client.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: totpCode(secret) });
    expect(first.error).toBeNull();
    const again = await client.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: totpCode(secret) });
    expect({ status: again.error?.status, code: again.error?.code }).toEqual({ status: 422, code: 'mfa_ip_address_mismatch' });
  });

  localOnlyTest('a challenge expires after 300 seconds and is then removed', async () => {
    const { client, factorId, secret } = await enrolled('expired');
    const challenge = await client.auth.mfa.challenge({ factorId });
    expect(challenge.data!.expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(295);
    await backend.db.query(`update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1`, [challenge.data!.id]);
    const late = await client.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: totpCode(secret) });
    expect({ status: late.error?.status, code: late.error?.code, message: late.error?.message }).toEqual({
      status: 422,
      code: 'mfa_challenge_expired',
      message: `MFA challenge ${challenge.data!.id} has expired, verify against another challenge or create a new challenge.`,
    });
    const left = await backend.db.query(`select 1 from auth.mfa_challenges where id = $1`, [challenge.data!.id]);
    expect(left.rows).toEqual([]);
  });

  test('another user’s factor is not found, whatever the call', async () => {
    const owner = await enrolled('owner');
    const { client: other } = await backend.confirmedUser(uniqueEmail('other'));
    const challenge = await other.auth.mfa.challenge({ factorId: owner.factorId });
    expect({ status: challenge.error?.status, code: challenge.error?.code, message: challenge.error?.message }).toEqual({
      status: 404,
      code: 'mfa_factor_not_found',
      message: 'Factor not found',
    });
    const removed = await other.auth.mfa.unenroll({ factorId: owner.factorId });
    expect({ status: removed.error?.status, code: removed.error?.code }).toEqual({ status: 404, code: 'mfa_factor_not_found' });
    const malformed = await other.auth.mfa.challenge({ factorId: 'not-a-uuid' });
    expect({ status: malformed.error?.status, code: malformed.error?.code }).toEqual({ status: 404, code: 'validation_failed' });
  });

  test('verifying ends the user’s other sessions still at aal1, as hosted Auth does', async () => {
    const email = uniqueEmail('others');
    const { client, userId } = await backend.confirmedUser(email);
    const other = backend.client();
    const otherToken = (await other.auth.signInWithPassword({ email, password: 'correct-horse-battery' })).data.session!.access_token;
    const { data } = await client.auth.mfa.enroll({ factorType: 'totp' });
    await verify(client, data!.id, totpCode(data!.totp.secret));
    const sessions = await backend.db.query<{ aal: string }>(`select aal::text from auth.sessions where user_id = $1`, [userId]);
    expect(sessions.rows).toEqual([{ aal: 'aal2' }]);
    const answer = await authFetch(backend, 'user', { method: 'GET', headers: { authorization: `Bearer ${otherToken}` } });
    expect(answer).toMatchObject({ status: 403, body: { code: 'session_not_found' } });
  });
});

describe('removing a factor', () => {
  test('a verified factor needs aal2; removed, the session falls back to aal1 on its next token', async () => {
    const email = uniqueEmail('remove');
    const { client } = await backend.confirmedUser(email);
    const { data } = await client.auth.mfa.enroll({ factorType: 'totp' });
    await verify(client, data!.id, totpCode(data!.totp.secret));
    const password = backend.client();
    await password.auth.signInWithPassword({ email, password: 'correct-horse-battery' });
    const early = await password.auth.mfa.unenroll({ factorId: data!.id });
    expect({ status: early.error?.status, code: early.error?.code, message: early.error?.message }).toEqual({
      status: 422,
      code: 'insufficient_aal',
      message: 'AAL2 required to unenroll verified factor',
    });
    const removed = await client.auth.mfa.unenroll({ factorId: data!.id });
    expect(removed).toEqual({ data: { id: data!.id }, error: null });
    const refreshed = await client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal1', amr: [expect.objectContaining({ method: 'password' })] });
    expect(refreshed.data.session!.user.factors ?? []).toEqual([]);
  });

  test('a second factor needs aal2 once one is verified', async () => {
    const email = uniqueEmail('second');
    const { client } = await backend.confirmedUser(email);
    const { data } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'One' });
    await verify(client, data!.id, totpCode(data!.totp.secret));
    const password = backend.client();
    await password.auth.signInWithPassword({ email, password: 'correct-horse-battery' });
    const refused = await password.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Two' });
    expect({ status: refused.error?.status, code: refused.error?.code, message: refused.error?.message }).toEqual({
      status: 403,
      code: 'insufficient_aal',
      message: 'AAL2 required to enroll a new factor',
    });
    const allowed = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Two' });
    expect(allowed.error).toBeNull();
  });
});

describe('the admin API (service_role)', () => {
  test('lists a user’s factors and removes one, which takes the user’s sessions back to aal1', async () => {
    const { client, userId, factorId, secret } = await enrolled('lost-phone');
    await verify(client, factorId, totpCode(secret));
    const service = backend.admin();
    const listed = await service.auth.admin.mfa.listFactors({ userId });
    expect(listed.error).toBeNull();
    expect(listed.data!.factors).toEqual([expect.objectContaining({ id: factorId, status: 'verified', factor_type: 'totp' })]);
    const removed = await service.auth.admin.mfa.deleteFactor({ userId, id: factorId });
    expect(removed.error).toBeNull();
    // supabase-js 2.119 wraps this answer once more: data is { data: <the factor>, error: null }.
    expect(removed.data).toMatchObject({ data: { id: factorId, status: 'verified' } });
    expect((await service.auth.admin.mfa.listFactors({ userId })).data!.factors).toEqual([]);
    const refreshed = await client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal1');
    const again = await service.auth.admin.mfa.deleteFactor({ userId, id: factorId });
    expect({ status: again.error?.status, code: again.error?.code }).toEqual({ status: 404, code: 'mfa_factor_not_found' });
  });

  test('refuses a user’s own token, and answers 404 for an unknown user', async () => {
    const { client, userId, factorId } = await enrolled('not-admin');
    const token = (await client.auth.getSession()).data.session!.access_token;
    const own = await authFetch(backend, `admin/users/${userId}/factors/${factorId}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(own).toMatchObject({ status: 403, body: { code: 'not_admin', message: 'User not allowed' } });
    const unknown = await backend.admin().auth.admin.mfa.listFactors({ userId: crypto.randomUUID() });
    expect({ status: unknown.error?.status, code: unknown.error?.code }).toEqual({ status: 404, code: 'user_not_found' });
  });
});

describe('the verify rate limit', () => {
  localOnlyTest('15 a minute per address with bursts of 30, as hosted; then 429 over_request_rate_limit', async () => {
    const limited = await startBackend({ rateLimits: { ...TEST_CONFIG.rateLimits!, mfaChallengeAndVerify: 15 } });
    try {
      const { client } = await limited.confirmedUser(uniqueEmail('limited'));
      const { data } = await client.auth.mfa.enroll({ factorType: 'totp' });
      const challenge = await client.auth.mfa.challenge({ factorId: data!.id });
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const { error } = await client.auth.mfa.verify({ factorId: data!.id, challengeId: challenge.data!.id, code: '000000' });
        statuses.push(error?.status ?? 200);
      }
      // 000000 may be the right code once in a million; every other try is refused until the burst is spent.
      expect(statuses.slice(0, 30).every((status) => status === 422 || status === 200)).toBe(true);
      expect(statuses[30]).toBe(429);
      const last = await client.auth.mfa.verify({ factorId: data!.id, challengeId: challenge.data!.id, code: '000000' });
      expect({ status: last.error?.status, code: last.error?.code, message: last.error?.message }).toEqual({
        status: 429,
        code: 'over_request_rate_limit',
        message: 'Request rate limit reached',
      });
    } finally {
      await limited.close();
    }
  });
});
