// Auth rate limits (issue 11, items 2 and 4): the [auth.rate_limit] values of supabase/config.toml
// per client address, GoTrue's 429 over_request_rate_limit, sign-ins limited per account too,
// and a six-digit code that dies after a handful of wrong guesses. Every other test file raises
// the limits (tests/api/support.ts); these use the real ones, each test on its own server.
import { request } from 'node:http';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import { startBackend, uniqueEmail, type TestBackend } from './support.ts';

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

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * POSTs to /auth/v1/{path} from a chosen loopback address (the whole of 127.0.0.0/8 reaches the
 * server on 127.0.0.1), so one test can act as several clients.
 */
function post(b: TestBackend, path: string, body: unknown, { from = '127.0.0.1', versioned = true, headers = {} as Record<string, string> } = {}): Promise<Answer> {
  const url = new URL(`${b.url}/auth/v1/${path}`);
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        localAddress: from,
        headers: {
          apikey: b.anonKey,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...(versioned ? { 'x-supabase-api-version': '2024-01-01' } : {}),
          ...headers,
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (data += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data ? (JSON.parse(data) as Record<string, unknown>) : {} }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/** Sends `count` requests one after another; returns their statuses. */
async function repeat(count: number, send: (i: number) => Promise<Answer>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send(i)).status);
  return statuses;
}

const LIMITED_V2 = { code: 'over_request_rate_limit', message: 'Request rate limit reached' };
const LIMITED_LEGACY = { code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' };

test('the limits are config.toml [auth.rate_limit]', () => {
  expect(REAL).toEqual({ emailSent: 30, signInSignUps: 30, tokenVerifications: 30, tokenRefresh: 150 });
});

test('the AUTH_RATE_LIMIT_* variables override config.toml', () => {
  const env = { AUTH_RATE_LIMIT_EMAIL_SENT: '1000', AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1001', AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '1002', AUTH_RATE_LIMIT_TOKEN_REFRESH: '1003' };
  expect(loadConfig({}, env).rateLimits).toEqual({ emailSent: 1000, signInSignUps: 1001, tokenVerifications: 1002, tokenRefresh: 1003 });
});

describe('six-digit codes', () => {
  test('guessing codes gets 429 after token_verifications tries per address, in both error shapes', async () => {
    const b = await start();
    const email = uniqueEmail('guess');
    const guess = (i: number, versioned = true) =>
      post(b, 'verify', { type: 'recovery', email, token: String(100000 + i) }, { versioned });
    const statuses = await repeat(REAL.tokenVerifications, guess);
    expect(new Set(statuses)).toEqual(new Set([403]));
    expect(await guess(-1)).toEqual({ status: 429, body: LIMITED_V2 });
    expect(await guess(-2, false)).toEqual({ status: 429, body: LIMITED_LEGACY });
    // X-Forwarded-For is not trusted: anyone could send a fresh one with every guess.
    expect((await post(b, 'verify', { type: 'recovery', email, token: '123456' }, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(429);
    // Another address has its own allowance.
    expect((await post(b, 'verify', { type: 'recovery', email, token: '123456' }, { from: '127.0.0.2' })).status).toBe(403);
  });

  test('a code is void after five wrong guesses, even the right one; a new code works', async () => {
    const b = await start();
    const email = uniqueEmail('void');
    await b.confirmedUser(email);
    await b.client().auth.resetPasswordForEmail(email);
    const code = (await b.lastMail(email)).token;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect(await post(b, 'verify', { type: 'recovery', email, token: wrong })).toEqual({
        status: 403,
        body: { code: 'otp_expired', message: 'Token has expired or is invalid' },
      });
    }
    expect((await post(b, 'verify', { type: 'recovery', email, token: code })).status).toBe(403);
    // The next recovery email (after the per-user email interval) carries a code that works.
    await b.db.query(`update auth.users set recovery_sent_at = now() - interval '2 minutes' where email = $1`, [email]);
    await b.client().auth.resetPasswordForEmail(email);
    const fresh = (await b.lastMail(email)).token;
    expect((await post(b, 'verify', { type: 'recovery', email, token: wrong === fresh ? code : wrong })).status).toBe(403);
    expect((await post(b, 'verify', { type: 'recovery', email, token: fresh })).status).toBe(200);
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
    const guesses = await repeat(REAL.signInSignUps - 4, (i) => post(b, 'token?grant_type=password', { email: victim, password: `guess-${i}-xxxx` }));
    expect(new Set(guesses)).toEqual(new Set([400]));
    expect(await post(b, 'token?grant_type=password', { email: victim, password: 'guess-last-xxx' })).toEqual({ status: 429, body: LIMITED_V2 });
    expect((await post(b, 'token?grant_type=password', { email: bystander, password: 'correct-horse-battery' })).status).toBe(429);
    // From another address the bystander signs in.
    expect((await post(b, 'token?grant_type=password', { email: bystander, password: 'correct-horse-battery' }, { from: '127.0.0.3' })).status).toBe(200);
  });

  test('guesses spread over many addresses still stop at the per-account limit', async () => {
    const b = await start();
    const victim = uniqueEmail('spread');
    await b.confirmedUser(victim);
    const statuses = await repeat(REAL.signInSignUps - 1, (i) =>
      post(b, 'token?grant_type=password', { email: victim, password: `guess-${i}-xxxx` }, { from: `127.0.1.${1 + (i % 10)}` }),
    );
    expect(new Set(statuses)).toEqual(new Set([400]));
    // confirmedUser's sign-in and these guesses used up the account's window, from any address.
    expect((await post(b, 'token?grant_type=password', { email: victim, password: 'correct-horse-battery' }, { from: '127.0.2.1' })).status).toBe(429);
  });

  test('signups count against sign_in_sign_ups', async () => {
    const b = await start();
    const statuses = await repeat(REAL.signInSignUps, () => post(b, 'signup', { email: uniqueEmail('many'), password: 'correct-horse-battery' }));
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(await post(b, 'signup', { email: uniqueEmail('one-more'), password: 'correct-horse-battery' })).toEqual({ status: 429, body: LIMITED_V2 });
  });
});

test('refreshes get 429 after token_refresh tries per address', async () => {
  const b = await start();
  const statuses = await repeat(REAL.tokenRefresh, () => post(b, 'token?grant_type=refresh_token', { refresh_token: 'no-such-token' }));
  expect(new Set(statuses)).toEqual(new Set([400]));
  expect(await post(b, 'token?grant_type=refresh_token', { refresh_token: 'no-such-token' })).toEqual({ status: 429, body: LIMITED_V2 });
});

test('recover and resend count against the email budget per address, known and unknown addresses alike', async () => {
  const b = await start({ ...REAL, emailSent: 3 });
  const known = uniqueEmail('budget');
  await b.confirmedUser(known);
  // The signup above spent one email of the budget.
  expect((await post(b, 'recover', { email: known })).status).toBe(200);
  expect((await post(b, 'recover', { email: uniqueEmail('nobody') })).status).toBe(200);
  const over = { status: 429, body: { code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' } };
  expect(await post(b, 'recover', { email: known })).toEqual(over);
  expect(await post(b, 'resend', { type: 'signup', email: uniqueEmail('nobody') })).toEqual(over);
});
