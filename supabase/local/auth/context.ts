// What every /auth/v1 handler receives, and small readers for its JSON body.
import type { IncomingMessage } from 'node:http';
import type { Db } from '../db/open.ts';
import type { BackendConfig } from '../config.ts';
import { authError } from '../http-errors.ts';
import type { Mailer } from '../mail/mailer.ts';

export interface AuthContext {
  db: Db;
  config: BackendConfig;
  mailer: Mailer;
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

/** A string field of the body, or '' when absent or not a string. */
export function field(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  return typeof value === 'string' ? value : '';
}

/** An object field of the body (signup `data`, user update `data`), or undefined. */
export function objectField(body: Record<string, unknown>, name: string): Record<string, unknown> | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw authError(400, 'validation_failed', `${name} must be a JSON object`);
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
