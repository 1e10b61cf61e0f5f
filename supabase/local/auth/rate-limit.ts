// Request rate limits of the Auth server, GoTrue's [auth.rate_limit] of supabase/config.toml:
// in-memory fixed windows counted per client address (and per account for password sign-ins).
// The socket address is the client: X-Forwarded-For is not trusted, because anyone can send it.
import type { IncomingMessage } from 'node:http';
import type { RateLimits } from '../config.ts';
import { authError, type HttpError } from '../http-errors.ts';

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
      // Forgetting finished windows keeps the map as small as the set of recent clients.
      if (this.counts.size >= 10_000) this.sweep(now);
      entry = { start: now, count: 0 };
      this.counts.set(key, entry);
    }
    entry.count++;
    return entry.count <= this.limit;
  }

  /** Forgets the key's events (a correct code after wrong guesses starts over). */
  reset(key: string): void {
    this.counts.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.counts) if (now - entry.start >= this.windowMs) this.counts.delete(key);
  }
}

const FIVE_MINUTES = 5 * 60_000;
const ONE_HOUR = 60 * 60_000;

/** How many wrong six-digit codes one address's pending code survives. */
export const MAX_WRONG_CODES = 5;

/**
 * The limiters of one server. Windows as GoTrue counts them: sign-ins and sign-ups, token
 * verifications and token refreshes per 5 minutes, emails per hour.
 */
export class AuthLimits {
  readonly signInSignUps: WindowLimiter;
  /** Password sign-ins per account (lower-cased email, known or not), so spreading a guessing run over many addresses does not help. */
  readonly signInsPerAccount: WindowLimiter;
  readonly tokenVerifications: WindowLimiter;
  readonly tokenRefresh: WindowLimiter;
  readonly emailSent: WindowLimiter;
  /** Wrong codes per email address; the code is invalidated when this runs out. */
  readonly wrongCodes: WindowLimiter;

  constructor(limits: RateLimits, otpExpirySeconds: number, now: () => number = Date.now) {
    this.signInSignUps = new WindowLimiter(limits.signInSignUps, FIVE_MINUTES, now);
    this.signInsPerAccount = new WindowLimiter(limits.signInSignUps, FIVE_MINUTES, now);
    this.tokenVerifications = new WindowLimiter(limits.tokenVerifications, FIVE_MINUTES, now);
    this.tokenRefresh = new WindowLimiter(limits.tokenRefresh, FIVE_MINUTES, now);
    this.emailSent = new WindowLimiter(limits.emailSent, ONE_HOUR, now);
    // A code lives otpExpirySeconds, so its wrong guesses are remembered as long.
    this.wrongCodes = new WindowLimiter(MAX_WRONG_CODES - 1, otpExpirySeconds * 1000, now);
  }
}

/** The caller's address as the socket reports it. */
export function clientAddress(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
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
export function limit(limiter: WindowLimiter, key: string, error: () => HttpError = overRequestRateLimit): void {
  if (!limiter.hit(key)) throw error();
}
