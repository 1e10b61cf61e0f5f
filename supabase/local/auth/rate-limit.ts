// Request rate limits of the Auth server: GoTrue's [auth.rate_limit] of supabase/config.toml,
// in-memory fixed windows counted per client address, and this backend's limits on failed
// password sign-ins and wrong six-digit codes, counted per account and client together.
import type { IncomingMessage } from 'node:http';
import type { RateLimits } from '../config.ts';
import { authError, type HttpError } from '../http-errors.ts';

// Windows each limiter keeps at most: a few tens of megabytes. Pushing a key out takes this many
// new keys within the window (a bcrypt each for sign-ins, 30 per address per 5 minutes for codes).
const MAX_KEYS = 100_000;

/** Counts events per key in fixed windows of `windowMs`; at most `limit` pass in one window. */
export class WindowLimiter {
  private readonly counts = new Map<string, { start: number; count: number }>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(limit: number, windowMs: number, now: () => number = Date.now) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.now = now;
  }

  /** Records one event for key; false when the key has used up its window. */
  hit(key: string): boolean {
    const now = this.now();
    let entry = this.counts.get(key);
    if (!entry || now - entry.start >= this.windowMs) {
      // A new window goes to the end of the map, which so stays in order of window start.
      this.counts.delete(key);
      this.dropOldest(now);
      entry = { start: now, count: 0 };
      this.counts.set(key, entry);
    }
    entry.count++;
    return entry.count <= this.limit;
  }

  /** How many events the key has in its current window (0 once the window is over). */
  count(key: string): number {
    const entry = this.counts.get(key);
    return entry && this.now() - entry.start < this.windowMs ? entry.count : 0;
  }

  /** Takes back one event of the key's current window (an attempt that turned out not to count). */
  forgive(key: string): void {
    const entry = this.counts.get(key);
    if (entry && entry.count > 0) entry.count--;
  }

  /** Forgets the key's events. */
  reset(key: string): void {
    this.counts.delete(key);
  }

  /**
   * Forgets finished windows, oldest first, and beyond MAX_KEYS the oldest live ones too, so memory
   * stays bounded whatever clients send (a day-long window would otherwise keep every key seen).
   */
  private dropOldest(now: number): void {
    for (const [key, entry] of this.counts) {
      if (now - entry.start < this.windowMs && this.counts.size < MAX_KEYS) return;
      this.counts.delete(key);
    }
  }
}

/**
 * A token bucket per key, as GoTrue's limiter (tollbooth over golang.org/x/time/rate) counts the
 * second factor's challenges and verifications: `perMinute` tokens come back each minute, and a
 * bucket holds at most `burst`, so a quiet client may send a burst at once.
 */
export class TokenBucketLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMinute: number;
  private readonly burst: number;
  private readonly now: () => number;

  constructor(perMinute: number, burst: number, now: () => number = Date.now) {
    this.perMinute = perMinute;
    this.burst = burst;
    this.now = now;
  }

  /** Takes one token of key's bucket; false when it is empty. */
  hit(key: string): boolean {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 60_000) * this.perMinute);
    bucket.at = now;
    // Kept in order of last use, so the oldest goes first when the map is full.
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    if (this.buckets.size > MAX_KEYS) this.buckets.delete(this.buckets.keys().next().value!);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }
}

/**
 * Failed attempts at one account (an email address, known or not) from one client: password
 * sign-ins, or six-digit codes. The strict limit is keyed by account and client together, so a
 * stranger's failures never hold up the owner's own device. A ceiling per account bounds a run
 * spread over many addresses; at the ceiling only clients that have already failed at this
 * account are refused, so a client that has not failed (the owner, elsewhere) still gets its try.
 */
export class FailureLimiter {
  private readonly perClient: WindowLimiter;
  private readonly perAccount: WindowLimiter;
  private readonly clientLimit: number;
  private readonly accountLimit: number;

  constructor(clientLimit: number, accountLimit: number, windowMs: number, now: () => number = Date.now) {
    this.clientLimit = clientLimit;
    this.accountLimit = accountLimit;
    this.perClient = new WindowLimiter(clientLimit, windowMs, now);
    this.perAccount = new WindowLimiter(accountLimit, windowMs, now);
  }

  /**
   * Whether `client` may try `account` now. An allowed attempt is counted as a failure at once, so
   * concurrent guesses cannot all pass the check before the first one is counted; `succeeded`
   * takes it back.
   */
  attempt(account: string, client: string): boolean {
    const pair = pairKey(account, client);
    const failed = this.perClient.count(pair);
    if (failed >= this.clientLimit) return false;
    if (failed > 0 && this.perAccount.count(account) >= this.accountLimit) return false;
    this.perClient.hit(pair);
    this.perAccount.hit(account);
    return true;
  }

  /** The attempt was no failure: it leaves the account's count, and the client starts over. */
  succeeded(account: string, client: string): void {
    this.perClient.reset(pairKey(account, client));
    this.perAccount.forgive(account);
  }
}

// A newline cannot occur in a normalized email address or in a client address.
const pairKey = (account: string, client: string) => `${account}\n${client}`;

const FIVE_MINUTES = 5 * 60_000;
const ONE_HOUR = 60 * 60_000;
const ONE_DAY = 24 * ONE_HOUR;

/**
 * The limiters of one server. Windows as GoTrue counts them: sign-ins and sign-ups, token
 * verifications and token refreshes per 5 minutes, emails per hour. Failed password sign-ins
 * are remembered for a day, wrong codes for as long as a code lives (supabase/local/README.md
 * explains the numbers).
 */
export class AuthLimits {
  readonly signInSignUps: WindowLimiter;
  readonly tokenVerifications: WindowLimiter;
  readonly tokenRefresh: WindowLimiter;
  readonly emailSent: WindowLimiter;
  /** Wrong passwords per account and client, with the account's ceiling. */
  readonly signInFailures: FailureLimiter;
  /** Wrong six-digit codes per email address and client, with the address's ceiling. */
  readonly codeFailures: FailureLimiter;
  /** Second-factor challenges per client address (GoTrue: 15 a minute, bursts of 30). */
  readonly factorChallenge: TokenBucketLimiter;
  /** Second-factor verifications per client address, counted apart from challenges as GoTrue does. */
  readonly factorVerify: TokenBucketLimiter;

  constructor(limits: RateLimits, otpExpirySeconds: number, now: () => number = Date.now) {
    this.signInSignUps = new WindowLimiter(limits.signInSignUps, FIVE_MINUTES, now);
    this.tokenVerifications = new WindowLimiter(limits.tokenVerifications, FIVE_MINUTES, now);
    this.tokenRefresh = new WindowLimiter(limits.tokenRefresh, FIVE_MINUTES, now);
    this.emailSent = new WindowLimiter(limits.emailSent, ONE_HOUR, now);
    this.signInFailures = new FailureLimiter(limits.signInFailuresPerClient, limits.signInFailuresPerAccount, ONE_DAY, now);
    // A code lives otpExpirySeconds, so its wrong guesses are remembered as long.
    this.codeFailures = new FailureLimiter(limits.codeFailuresPerClient, limits.codeFailuresPerAccount, otpExpirySeconds * 1000, now);
    this.factorChallenge = new TokenBucketLimiter(limits.mfaChallengeAndVerify, 2 * limits.mfaChallengeAndVerify, now);
    this.factorVerify = new TokenBucketLimiter(limits.mfaChallengeAndVerify, 2 * limits.mfaChallengeAndVerify, now);
  }
}

/**
 * The caller's address as the socket reports it; X-Forwarded-For is never read, because any
 * client can send one. An IPv4 address mapped into IPv6 counts as the IPv4 address, and an IPv6
 * address as its /64 network: one host is usually given a whole /64, and counting each of its
 * addresses apart would give an attacker billions of fresh clients.
 */
export function clientAddress(req: IncomingMessage): string {
  return clientKey(req.socket.remoteAddress ?? 'unknown');
}

/** The key an address is counted under (see clientAddress). */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, '::' filled in (a zone such as %eth0 dropped). */
function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.split('%')[0]!.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...zeros, ...right].map((group) => group.replace(/^0+(?=.)/, ''));
}

/** GoTrue's answer when an address has used up a request limit. */
export function overRequestRateLimit(): HttpError {
  return authError(429, 'over_request_rate_limit', 'Request rate limit reached');
}

/** GoTrue's answer when the email budget is spent. */
export function overEmailSendRateLimit(): HttpError {
  return authError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
}

/** Counts one request of the caller against `limiter`; 429 (from `error`) once the window is used up. */
export function limit(limiter: { hit(key: string): boolean }, key: string, error: () => HttpError = overRequestRateLimit): void {
  if (!limiter.hit(key)) throw error();
}
