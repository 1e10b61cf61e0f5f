// How an emailed link carries its secret token: in the fragment (`/appointment#token=…`), which a
// browser never sends to any server, so no host, CDN log or Referer sees it. The emails write their
// links with it (supabase/functions/send-notifications, supabase/functions/unsubscribe), and the
// pages read it back and clear the address (src/lib/link-token.ts).

/** The name of the token in the fragment (and in `?token=` of older emails). */
export const LINK_TOKEN_NAME = 'token';

/** `page` with `token` in its fragment. */
export function linkWithToken(page: URL, token: string): string {
  const link = new URL(page);
  link.hash = new URLSearchParams({ [LINK_TOKEN_NAME]: token }).toString();
  return link.toString();
}
