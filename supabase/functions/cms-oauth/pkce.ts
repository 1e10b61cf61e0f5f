// PKCE (RFC 7636) as GitHub takes it for OAuth Apps: the popup that starts a sign-in makes a
// random verifier, keeps it, and sends only its S256 challenge; GitHub ties the code it issues to
// that challenge and redeems it only with the verifier. Someone who takes the code (from an address
// bar, a log, a Referer) without the window's verifier redeems nothing. The function checks the
// verifier against the challenge signed into the state before it spends the state or asks GitHub.
import { createHash, timingSafeEqual } from 'node:crypto';
import { Buffer } from 'node:buffer';

/** A verifier: 43 to 128 of the unreserved characters (RFC 7636, 4.1). */
export const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/** An S256 challenge: the SHA-256 of the verifier, base64url without padding (43 characters). */
export const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** The S256 challenge of `verifier`. */
export function challengeOf(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** True when `verifier` is well formed and its challenge is `challenge`. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!CODE_VERIFIER.test(verifier)) return false;
  const computed = Buffer.from(challengeOf(verifier));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
