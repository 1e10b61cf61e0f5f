// What every /auth/v1 handler receives, and small readers for its JSON body.
import type { IncomingMessage } from 'node:http';
import type { Db } from '../db/open.ts';
import type { BackendConfig } from '../config.ts';
import { authError } from '../http-errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { BackgroundQueue } from './background.ts';
import type { AuthLimits } from './rate-limit.ts';

export interface AuthContext {
  db: Db;
  config: BackendConfig;
  mailer: Mailer;
  limits: AuthLimits;
  /** Work done after the answer has gone out (recover and resend emails). */
  background: BackgroundQueue;
}

export interface AuthRequest {
  req: IncomingMessage;
  method: string;
  /** Path below /auth/v1/, e.g. `token` or `admin/users/<id>`. */
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body ({} when empty). */
  body: Record<string, unknown>;
}

// Postgres stores no NUL character in text or jsonb (errors 22021 and 22P05), so one in any input
// is refused here, before SQL, with a 400 instead of a database error.
const NUL = '\u0000';

/** `value` itself; 400 when it contains a NUL character. */
function withoutNul(value: string, name: string): string {
  if (value.includes(NUL)) throw authError(400, 'validation_failed', `${name} must not contain a NUL character`);
  return value;
}

/** A string field of the body, or '' when absent or not a string; 400 when it contains NUL. */
export function field(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  return typeof value === 'string' ? withoutNul(value, name) : '';
}

/** A query parameter, or '' when absent; 400 when it contains NUL. */
export function queryParam(query: URLSearchParams, name: string): string {
  return withoutNul(query.get(name) ?? '', name);
}

/**
 * An object field of the body (signup `data`, user update `data`), or undefined. Every key and
 * string inside is checked for NUL, iteratively. Depth needs no check here: the server refuses any
 * body nested deeper than MAX_JSON_DEPTH before it reaches a route (http.ts).
 */
export function objectField(body: Record<string, unknown>, name: string): Record<string, unknown> | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw authError(400, 'validation_failed', `${name} must be a JSON object`);
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') withoutNul(item, name);
    if (typeof item !== 'object' || item === null) continue;
    for (const [key, child] of Object.entries(item)) {
      withoutNul(key, name);
      pending.push(child);
    }
  }
  return value as Record<string, unknown>;
}

// The shape GoTrue accepts: something@something.tld, no spaces, at most 255 characters.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trims and lower-cases an email; 400 when empty or malformed. */
export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email === '') throw authError(400, 'validation_failed', 'An email address is required');
  if (email.length > 255 || !EMAIL.test(email)) {
    throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
  return email;
}
