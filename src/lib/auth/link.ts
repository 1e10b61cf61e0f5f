// Email links (signup verification, password reset) land on our pages with the link's token in
// the query: `/verify?token_hash=…&type=email` and `/set-password?token_hash=…&type=recovery`
// (supabase/templates, on the page the request named: `{{ .RedirectTo }}`). Opening the page
// spends nothing, because mail scanners and link previews open links before the person does: the
// token is spent by verifyOtp when the person presses the page's button (actions.ts,
// verifyEmailLink), which signs them in. Then it leaves the address bar (history, screenshots).

/** The verifyOtp type of each page's link: `email` (a signup confirmation) or `recovery`. */
export type EmailLinkType = 'email' | 'recovery';

export interface EmailLink {
  tokenHash: string;
  type: EmailLinkType;
}

/** The link's token from a page's query when it is a link of `type`; null otherwise. */
export function readEmailLink(search: string, type: EmailLinkType): EmailLink | null {
  const params = new URLSearchParams(search);
  const tokenHash = params.get('token_hash')?.trim();
  return tokenHash && params.get('type') === type ? { tokenHash, type } : null;
}

/** The current address without its query (the token), for history.replaceState. */
export function withoutQuery(location: Pick<Location, 'pathname' | 'hash'>): string {
  return `${location.pathname}${location.hash}`;
}

/** Takes the token out of the address bar, keeping the page's own history entry. */
export function forgetEmailLink(): void {
  window.history.replaceState(window.history.state, '', withoutQuery(window.location));
}
