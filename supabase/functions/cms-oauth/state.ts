// The `state` of a CMS sign-in: a random nonce, an expiry and the popup's PKCE code challenge,
// signed with an HMAC keyed by the OAuth App's client secret, so only this function can make one (a
// forged or altered state is refused before anything else happens) and none is good after
// STATE_TTL_SECONDS. That a state is used only once is the database's part
// (private.cms_oauth_states, spent at the exchange). The challenge binds the state to the window
// that asked for it: only the verifier that window keeps (pkce.ts) redeems a code with it, here
// and at GitHub, which holds the code to the same challenge.
import { Buffer } from 'node:buffer';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { CODE_CHALLENGE } from './pkce.ts';

/** How long a sign-in may take between starting and GitHub's answer: the life of GitHub's code too. */
export const STATE_TTL_SECONDS = 600;

/** What a state carries. */
export interface StatePayload {
  /** A random UUID: the state's identity, spent once. */
  nonce: string;
  /** When the state stops being accepted, in seconds since the epoch. */
  expires: number;
  /** The PKCE code challenge (S256) of the window that started the sign-in. */
  challenge: string;
}

const payloadSchema = z.strictObject({ n: z.uuid(), e: z.number().int().positive(), c: z.string().regex(CODE_CHALLENGE) });

/** Distinguishes this HMAC from any other use of the client secret. */
const PURPOSE = 'bridgeway cms-oauth state v2\n';

function signature(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(PURPOSE + payload).digest();
}

/** A new signed state: `<payload>.<signature>`, both base64url. */
export function issueState(secret: string, challenge: string, now = Date.now()): { state: string; payload: StatePayload } {
  const payload: StatePayload = { nonce: randomUUID(), expires: Math.floor(now / 1000) + STATE_TTL_SECONDS, challenge };
  const encoded = Buffer.from(JSON.stringify({ n: payload.nonce, e: payload.expires, c: challenge })).toString('base64url');
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
  return { nonce: parsed.n, expires: parsed.e, challenge: parsed.c };
}
