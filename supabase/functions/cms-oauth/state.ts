// The `state` of a CMS sign-in: a random nonce and an expiry, signed with an HMAC keyed by the OAuth
// App's client secret, so only this function can make one (a forged or altered state is refused
// before anything else happens) and none is good after STATE_TTL_SECONDS. That a state is used only
// once is the database's part (private.cms_oauth_states, spent at the exchange). Besides, the
// callback page exchanges only the state its own popup was given (kept in the popup's
// sessionStorage), so a code and state made for someone else's account are not taken in.
import { Buffer } from 'node:buffer';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';

/** How long a sign-in may take between starting and GitHub's answer: the life of GitHub's code too. */
export const STATE_TTL_SECONDS = 600;

/** What a state carries. */
export interface StatePayload {
  /** A random UUID: the state's identity, spent once. */
  nonce: string;
  /** When the state stops being accepted, in seconds since the epoch. */
  expires: number;
}

const payloadSchema = z.strictObject({ n: z.uuid(), e: z.number().int().positive() });

/** Distinguishes this HMAC from any other use of the client secret. */
const PURPOSE = 'bridgeway cms-oauth state v1\n';

function signature(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(PURPOSE + payload).digest();
}

/** A new signed state: `<payload>.<signature>`, both base64url. */
export function issueState(secret: string, now = Date.now()): { state: string; payload: StatePayload } {
  const payload: StatePayload = { nonce: randomUUID(), expires: Math.floor(now / 1000) + STATE_TTL_SECONDS };
  const encoded = Buffer.from(JSON.stringify({ n: payload.nonce, e: payload.expires })).toString('base64url');
  return { state: `${encoded}.${signature(secret, encoded).toString('base64url')}`, payload };
}

/** Why a state is refused. */
export type StateProblem = 'forged' | 'expired';

/** The payload of a state this function signed and that has not expired, or why not. */
export function readState(secret: string, state: string, now = Date.now()): StatePayload | StateProblem {
  const match = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(state);
  if (!match) return 'forged';
  const [, encoded, signed] = match as unknown as [string, string, string];
  const expected = signature(secret, encoded);
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  let parsed: z.output<typeof payloadSchema>;
  try {
    parsed = payloadSchema.parse(JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')));
  } catch {
    // Signed by this function but not its shape: only a change of format makes one.
    return 'forged';
  }
  if (parsed.e * 1000 <= now) return 'expired';
  return { nonce: parsed.n, expires: parsed.e };
}
