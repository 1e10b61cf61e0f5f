// Password policy and hashing: bcrypt like GoTrue, minimum length from supabase/config.toml.
// The native bcrypt package hashes on libuv's thread pool, so a burst of wrong-password logins
// does not hold up every other request on the event loop (bcryptjs hashed on it).
import bcrypt from 'bcrypt';
import { availableParallelism } from 'node:os';
import { authError } from '../http-errors.ts';

// As many bcrypts run at once as there are cores but one, so a burst of sign-ins always leaves a core
// to the event loop (and libuv's pool free for other work); the rest wait their turn here.
const BCRYPT_SLOTS = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < BCRYPT_SLOTS) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, if any.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** GoTrue refuses passwords longer than bcrypt can hash (72 bytes). */
const MAX_PASSWORD_BYTES = 72;

/** Whether bcrypt would see only a prefix of the password (it ignores bytes past 72). */
export function tooLongForBcrypt(password: string): boolean {
  return Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES;
}

/** Refuses a password that is too long (400) or too short (422 weak_password). */
export function checkPassword(password: string, minLength: number): void {
  if (tooLongForBcrypt(password)) {
    throw authError(400, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  if ([...password].length < minLength) {
    const message = `Password should be at least ${minLength} characters.`;
    throw authError(422, 'weak_password', message, { weak_password: { reasons: ['length'] } });
  }
}

/** bcrypt hash with the configured cost. */
export function hashPassword(password: string, cost: number): Promise<string> {
  return inSlot(() => bcrypt.hash(password, cost));
}

// A real hash of a random string: comparing against it for unknown emails costs the same time as
// for known ones, so response time does not reveal which addresses have accounts.
let decoyHash: Promise<string> | null = null;

/**
 * Compares a password with a stored hash (or with a decoy when there is none). A password longer
 * than 72 bytes never matches: bcrypt would compare only its first 72 bytes, so a longer
 * password that merely starts like the real one would sign in.
 */
export async function passwordMatches(password: string, hash: string | null, cost: number): Promise<boolean> {
  decoyHash ??= hashPassword('decoy-password-for-timing', cost);
  if (tooLongForBcrypt(password)) return false;
  if (!hash) {
    const decoy = await decoyHash;
    await inSlot(() => bcrypt.compare(password, decoy));
    return false;
  }
  return inSlot(() => bcrypt.compare(password, hash));
}
