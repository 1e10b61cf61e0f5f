// A stranger cannot lock anyone out by guessing: failed password sign-ins and wrong six-digit codes
// are limited per account and client address together, with a ceiling per account that refuses
// only clients that have already failed there. An attacker's guesses, from one address or spread
// over fifty, are refused as designed, while the owner, from an address that has not failed,
// signs in and verifies as usual. Clients are loopback addresses (127.0.0.0/8, see postFrom):
// the backend counts the socket's address and trusts no forwarding header. The limits are the
// real ones (supabase/local/README.md justifies them); the windows are checked with a clock.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { clientKey, FailureLimiter, WindowLimiter } from '../../supabase/local/auth/rate-limit.ts';
import { loadConfig } from '../../supabase/local/config.ts';
import { postFrom, repeat, startBackend, uniqueEmail, type TestBackend } from './support.ts';

// Each test sends a few hundred requests one after another.
vi.setConfig({ testTimeout: 120_000 });

/** config.toml's values and the backend's defaults, read without the environment. */
const REAL = loadConfig({}, {}).rateLimits;
const PASSWORD = 'correct-horse-battery';

let backend: TestBackend | undefined;
afterEach(async () => {
  await backend?.close();
  backend = undefined;
});

async function start(): Promise<TestBackend> {
  backend = await startBackend({ rateLimits: REAL });
  return backend;
}

/** The number of times each status occurs. */
function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

/** The n-th of fifty addresses of a spread run. */
const spread = (n: number) => `127.0.6.${1 + n}`;

describe('password sign-ins', () => {
  const signIn = (b: TestBackend, email: string, password: string, from: string) => postFrom(b, 'token?grant_type=password', { email, password }, { from });

  test('100 wrong passwords from one address, then fifty more addresses: the owner still signs in', async () => {
    const b = await start();
    const owner = uniqueEmail('owner');
    await b.confirmedUser(owner);
    const attacker = '127.0.5.1';

    const burst = await repeat(100, (i) => signIn(b, owner, `guess-${i}-xxxx`, attacker));
    // Wrong passwords are answered until the address's window (GoTrue's, 30 per 5 minutes) and its
    // failures at this account (30 a day) run out; then it is refused.
    const answered = Math.min(REAL.signInSignUps, REAL.signInFailuresPerClient);
    expect(burst.slice(0, answered)).toEqual(Array(answered).fill(400));
    expect(new Set(burst.slice(answered))).toEqual(new Set([429]));

    // The owner, from their own address, with the right password.
    expect((await signIn(b, owner, PASSWORD, '127.0.0.1')).status).toBe(200);
    // The attacker's 101st guess is refused, the right password too: it is never compared.
    expect((await signIn(b, owner, PASSWORD, attacker)).status).toBe(429);

    // Three guesses from each of fifty fresh addresses: they fail until the account's ceiling;
    // after it, each address gets its first guess (it has not failed yet) and no more.
    const statuses: number[][] = [];
    for (let n = 0; n < 50; n++) statuses.push(await repeat(3, (i) => signIn(b, owner, `spread-${n}-${i}-xxxx`, spread(n))));
    expect(statuses.every((s) => s[0] === 400)).toBe(true);
    const beforeCeiling = REAL.signInFailuresPerAccount - answered;
    const addressesBeforeCeiling = Math.ceil(beforeCeiling / 3);
    expect(tally(statuses.flat())).toEqual({ 400: beforeCeiling + (50 - addressesBeforeCeiling), 429: 150 - beforeCeiling - (50 - addressesBeforeCeiling) });
    // An address that has failed is refused at the ceiling, even with the right password ...
    expect((await signIn(b, owner, PASSWORD, spread(49))).status).toBe(429);
    // ... while the owner signs in from their usual address and from a new one.
    expect((await signIn(b, owner, PASSWORD, '127.0.0.1')).status).toBe(200);
    expect((await signIn(b, owner, PASSWORD, '127.0.7.1')).status).toBe(200);
  });
});

describe('six-digit email codes', () => {
  const verify = (b: TestBackend, email: string, token: string, from: string) => postFrom(b, 'verify', { type: 'recovery', email, token }, { from });

  test('a stranger\'s wrong codes, from one address or fifty, leave the owner\'s code usable', async () => {
    const b = await start();
    const owner = uniqueEmail('code-owner');
    await b.confirmedUser(owner);
    await b.client().auth.resetPasswordForEmail(owner);
    const code = (await b.lastMail(owner)).token;
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

    // 100 wrong codes from one address: 403 within its verification window, then 429.
    const burst = await repeat(100, (i) => verify(b, owner, wrong(i), '127.0.8.1'));
    expect(burst.slice(0, REAL.tokenVerifications)).toEqual(Array(REAL.tokenVerifications).fill(403));
    expect(new Set(burst.slice(REAL.tokenVerifications))).toEqual(new Set([429]));
    // Another stranger: after its five wrong codes, even the right one does not work for it.
    await repeat(REAL.codeFailuresPerClient, (i) => verify(b, owner, wrong(i), '127.0.8.2'));
    expect((await verify(b, owner, code, '127.0.8.2')).status).toBe(403);

    // Two wrong codes from each of fifty addresses take the address past its ceiling; an address
    // that has failed is then refused, even with the right code.
    for (let n = 0; n < 50; n++) await repeat(2, (i) => verify(b, owner, wrong(i), spread(n)));
    expect((await verify(b, owner, code, spread(49))).status).toBe(403);

    // The owner, who has not failed, verifies with the code from the email.
    const mine = await verify(b, owner, code, '127.0.0.1');
    expect(mine.status).toBe(200);
    expect(mine.body).toHaveProperty('access_token');
  });
});

describe('the failure limiter over time', () => {
  const HOUR = 3_600_000;
  let now = 0;
  const limiter = () => new FailureLimiter(3, 5, 24 * HOUR, () => now);

  test('a client at its limit stays refused past GoTrue\'s 5-minute window, until its day is over', () => {
    now = 0;
    const l = limiter();
    for (let i = 0; i < 3; i++) expect(l.attempt('owner@example.com', '198.51.100.1')).toBe(true);
    expect(l.attempt('owner@example.com', '198.51.100.1')).toBe(false);
    now = 6 * 60_000;
    expect(l.attempt('owner@example.com', '198.51.100.1')).toBe(false);
    // Other accounts from the same address, and the same account from other addresses, are open.
    expect(l.attempt('other@example.com', '198.51.100.1')).toBe(true);
    expect(l.attempt('owner@example.com', '198.51.100.2')).toBe(true);
    now = 24 * HOUR;
    expect(l.attempt('owner@example.com', '198.51.100.1')).toBe(true);
  });

  test('a success takes its attempt back and lets the client start over', () => {
    now = 0;
    const l = limiter();
    for (let i = 0; i < 2; i++) l.attempt('owner@example.com', '198.51.100.1');
    expect(l.attempt('owner@example.com', '198.51.100.1')).toBe(true);
    l.succeeded('owner@example.com', '198.51.100.1');
    for (let i = 0; i < 3; i++) expect(l.attempt('owner@example.com', '198.51.100.1')).toBe(true);
  });

  test('at the ceiling, clients that have failed are refused and fresh ones get one try each', () => {
    now = 0;
    const l = limiter();
    for (const client of ['198.51.100.1', '198.51.100.1', '198.51.100.1', '198.51.100.2', '198.51.100.2']) {
      expect(l.attempt('owner@example.com', client)).toBe(true);
    }
    expect(l.attempt('owner@example.com', '198.51.100.2')).toBe(false);
    expect(l.attempt('owner@example.com', '198.51.100.3')).toBe(true);
    expect(l.attempt('owner@example.com', '198.51.100.3')).toBe(false);
    now = 24 * HOUR;
    expect(l.attempt('owner@example.com', '198.51.100.2')).toBe(true);
  });
});

test('a limiter keeps at most 100,000 windows, forgetting the oldest first', () => {
  const l = new WindowLimiter(1, 24 * 3_600_000, () => 0);
  expect(l.hit('first')).toBe(true);
  expect(l.hit('first')).toBe(false);
  for (let i = 0; i < 100_000; i++) l.hit(`key-${i}`);
  expect(l.count('first')).toBe(0);
  expect(l.count('key-99999')).toBe(1);
});

test('clients are counted by IPv4 address, IPv4 mapped into IPv6 alike, and by IPv6 /64 network', () => {
  expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
  expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
  expect(clientKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
  expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
  expect(clientKey('::1')).toBe('0:0:0:0::/64');
});
