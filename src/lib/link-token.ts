// The secret token of an emailed link (a booking's link, the newsletter's confirmation and
// unsubscribe links). Emails put it in the fragment (`/appointment#token=…`), which browsers never
// send: not to the site's host or CDN (no access log holds it), not as Referer. Links of emails
// sent before still bring it in `?token=`, and are still read. Either way the page takes the token
// once and puts the address back without it, so the address bar, the history and a bookmark keep
// no key to the booking. Those pages also send no Referer (TOKEN_LINK_PAGES in
// src/integrations/security-headers/policy.ts).

import { LINK_TOKEN_NAME } from '../../common/link-token.ts';

let taken: string | undefined;

/** The link's token ('' when there is none), read once per page; the address loses it. */
export function takeLinkToken(): string {
  if (taken !== undefined) return taken;
  // Another emailed link opened in this tab changes only the fragment, so no new page loads and
  // this page's token, taken once, would stand: load it as a new page, which reads the new token.
  window.addEventListener('hashchange', () => {
    if (new URLSearchParams(window.location.hash.slice(1)).has(LINK_TOKEN_NAME)) window.location.reload();
  });
  const url = new URL(window.location.href);
  const fromFragment = new URLSearchParams(url.hash.slice(1)).get(LINK_TOKEN_NAME);
  const fromQuery = url.searchParams.get(LINK_TOKEN_NAME);
  taken = (fromFragment ?? fromQuery ?? '').trim();
  if (fromFragment !== null || fromQuery !== null) {
    url.searchParams.delete(LINK_TOKEN_NAME);
    url.hash = '';
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`);
  }
  return taken;
}
