// How an emailed link carries its secret token: in the fragment (`/appointment#token=…`), which a
// browser never sends to any server, so no host, CDN log or Referer sees it. The emails write their
// links with it (supabase/functions/send-notifications, supabase/functions/unsubscribe), and the
// pages read it back and clear the address (src/lib/link-token.ts).

/**
 * What a link token looks like: 32 random bytes as 64 lower-case hex digits, made by the database
 * (private.new_link_token), which stores only its SHA-256 (private.link_token_hash refuses anything
 * else; tests/db/link-tokens.test.ts holds the two patterns equal).
 */
export const LINK_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

/** The name of the token in the fragment (and in `?token=` of older emails). */
export const LINK_TOKEN_NAME = 'token';

/** `page` with `token` in its fragment. */
export function linkWithToken(page: URL, token: string): string {
  const link = new URL(page);
  link.hash = new URLSearchParams({ [LINK_TOKEN_NAME]: token }).toString();
  return link.toString();
}
