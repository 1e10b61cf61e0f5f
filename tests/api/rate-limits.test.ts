// Auth rate limits, as hosted GoTrue has them: the [auth.rate_limit] values of supabase/config.toml
// per client address, GoTrue's 429 over_request_rate_limit, and a six-digit code that stops
// working for a client after a handful of wrong guesses. The per-account limits that cannot be
// turned against the owner are in guessing.test.ts. Every other test file raises the
// limits (tests/api/support.ts); these use the real ones, each test on its own server.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import { postFrom, repeat, startBackend, uniqueEmail, type TestBackend } from './support.ts';

// Each test starts its own server and sends up to 151 requests one after another, which can take
// longer than the default 30 s on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

/** config.toml's values, read without the environment (which may raise them). */
const REAL = loadConfig({}, {}).rateLimits;

let backend: TestBackend | undefined;
afterEach(async () => {
  await backend?.close();
  backend = undefined;
});

async function start(rateLimits = REAL): Promise<TestBackend> {
  backend = await startBackend({ rateLimits });
  return backend;
}

const LIMITED_V2 = { code: 'over_request_rate_limit', message: 'Request rate limit reached' };
const LIMITED_LEGACY = { code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' };

test('the limits are config.toml [auth.rate_limit], and the failure limits of supabase/local/README.md', () => {
  expect(REAL).toEqual({
    emailSent: 30,
    signInSignUps: 30,
    tokenVerifications: 30,
    tokenRefresh: 150,
    signInFailuresPerClient: 30,
    signInFailuresPerAccount: 100,
    codeFailuresPerClient: 5,
    codeFailuresPerAccount: 30,
    mfaChallengeAndVerify: 15,
  });
});

test('the AUTH_RATE_LIMIT_* variables override config.toml and the defaults', () => {
  const env = {
    AUTH_RATE_LIMIT_EMAIL_SENT: '1000',
    AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1001',
    AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '1002',
    AUTH_RATE_LIMIT_TOKEN_REFRESH: '1003',
    AUTH_RATE_LIMIT_SIGN_IN_FAILURES_PER_CLIENT: '1004',
    AUTH_RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT: '1005',
    AUTH_RATE_LIMIT_CODE_FAILURES_PER_CLIENT: '1006',
    AUTH_RATE_LIMIT_CODE_FAILURES_PER_ACCOUNT: '1007',
    AUTH_RATE_LIMIT_MFA_CHALLENGE_AND_VERIFY: '1008',
  };
  expect(loadConfig({}, env).rateLimits).toEqual({
    emailSent: 1000,
    signInSignUps: 1001,
    tokenVerifications: 1002,
    tokenRefresh: 1003,
    signInFailuresPerClient: 1004,
    signInFailuresPerAccount: 1005,
    codeFailuresPerClient: 1006,
    codeFailuresPerAccount: 1007,
    mfaChallengeAndVerify: 1008,
  });
});

describe('six-digit codes', () => {
  test('guessing codes gets 429 after token_verifications tries per address, in both error shapes', async () => {
    const b = await start();
    const email = uniqueEmail('guess');
    const guess = (i: number, versioned = true) =>
      postFrom(b, 'verify', { type: 'recovery', email, token: String(100000 + i) }, { versioned });
    const statuses = await repeat(REAL.tokenVerifications, guess);
    expect(new Set(statuses)).toEqual(new Set([403]));
    expect(await guess(-1)).toEqual({ status: 429, body: LIMITED_V2 });
    expect(await guess(-2, false)).toEqual({ status: 429, body: LIMITED_LEGACY });
    // X-Forwarded-For is not trusted: anyone could send a fresh one with every guess.
    expect((await postFrom(b, 'verify', { type: 'recovery', email, token: '123456' }, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(429);
    // Another address has its own allowance.
    expect((await postFrom(b, 'verify', { type: 'recovery', email, token: '123456' }, { from: '127.0.0.2' })).status).toBe(403);
  });

  test('after five wrong guesses the code no longer works for that client, even the right one; it still works for its owner', async () => {
    const b = await start();
    const email = uniqueEmail('void');
    await b.confirmedUser(email);
    await b.client().auth.resetPasswordForEmail(email);
    const code = (await b.lastMail(email)).token;
    const wrong = code === '000000' ? '111111' : '000000';
    const guesser = '127.0.0.4';
    for (let i = 0; i < REAL.codeFailuresPerClient; i++) {
      expect(await postFrom(b, 'verify', { type: 'recovery', email, token: wrong }, { from: guesser })).toEqual({
        status: 403,
        body: { code: 'otp_expired', message: 'Token has expired or is invalid' },
      });
    }
    expect((await postFrom(b, 'verify', { type: 'recovery', email, token: code }, { from: guesser })).status).toBe(403);
    // The guesses did not void the code: its owner, on another address, still verifies with it.
    expect((await postFrom(b, 'verify', { type: 'recovery', email, token: code })).status).toBe(200);
  });
});

describe('sign-ins', () => {
  test('wrong passwords get 429 after sign_in_sign_ups tries per address; other addresses keep their own allowance', async () => {
    const b = await start();
    const victim = uniqueEmail('victim');
    const bystander = uniqueEmail('bystander');
    await b.confirmedUser(victim);
    await b.confirmedUser(bystander);
    // confirmedUser signed up and in twice from 127.0.0.1 already; the rest of the window:
    const guesses = await repeat(REAL.signInSignUps - 4, (i) => postFrom(b, 'token?grant_type=password', { email: victim, password: `guess-${i}-xxxx` }));
    expect(new Set(guesses)).toEqual(new Set([400]));
    expect(await postFrom(b, 'token?grant_type=password', { email: victim, password: 'guess-last-xxx' })).toEqual({ status: 429, body: LIMITED_V2 });
    expect((await postFrom(b, 'token?grant_type=password', { email: bystander, password: 'correct-horse-battery' })).status).toBe(429);
    // From another address the bystander signs in.
    expect((await postFrom(b, 'token?grant_type=password', { email: bystander, password: 'correct-horse-battery' }, { from: '127.0.0.3' })).status).toBe(200);
  });

  test('signups count against sign_in_sign_ups', async () => {
    const b = await start();
    const statuses = await repeat(REAL.signInSignUps, () => postFrom(b, 'signup', { email: uniqueEmail('many'), password: 'correct-horse-battery' }));
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(await postFrom(b, 'signup', { email: uniqueEmail('one-more'), password: 'correct-horse-battery' })).toEqual({ status: 429, body: LIMITED_V2 });
  });
});

test('refreshes get 429 after token_refresh tries per address', async () => {
  const b = await start();
  const statuses = await repeat(REAL.tokenRefresh, () => postFrom(b, 'token?grant_type=refresh_token', { refresh_token: 'no-such-token' }));
  expect(new Set(statuses)).toEqual(new Set([400]));
  expect(await postFrom(b, 'token?grant_type=refresh_token', { refresh_token: 'no-such-token' })).toEqual({ status: 429, body: LIMITED_V2 });
});

test('recover and resend count against the email budget per address, known and unknown addresses alike', async () => {
  const b = await start({ ...REAL, emailSent: 3 });
  const known = uniqueEmail('budget');
  await b.confirmedUser(known);
  // The signup above spent one email of the budget.
  expect((await postFrom(b, 'recover', { email: known })).status).toBe(200);
  expect((await postFrom(b, 'recover', { email: uniqueEmail('nobody') })).status).toBe(200);
  const over = { status: 429, body: { code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' } };
  expect(await postFrom(b, 'recover', { email: known })).toEqual(over);
  expect(await postFrom(b, 'resend', { type: 'signup', email: uniqueEmail('nobody') })).toEqual(over);
});
