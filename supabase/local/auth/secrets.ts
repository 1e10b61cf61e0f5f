// Random tokens and the email-link token hash GoTrue uses (README.md, Auth: "Email links").
import { createHash, randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A cryptographically random alphanumeric string (GoTrue's SecureAlphanumeric). */
export function secureAlphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

/** A six-digit one-time password. */
export function otp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The value stored in confirmation_token/recovery_token and put in email links: hex(sha224(email + otp)). */
export function tokenHash(email: string, code: string): string {
  return createHash('sha224').update(email + code).digest('hex');
}
