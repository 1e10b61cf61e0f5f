// Email links (signup verification, password reset) land on our pages with the outcome in the URL
// fragment: `#access_token=…&type=signup` on success, `#error=…&error_code=otp_expired&
// error_description=…` when the link is invalid, expired or already used (GoTrue's implicit flow).
// supabase-js turns a success into a session; the pages also need to know which kind of link it
// was and why one failed, and the tokens must leave the address bar (history, screenshots).

export type AuthLink =
  | { kind: 'session'; type: string }
  | { kind: 'error'; code: string; description: string };

/** Reads an email link's outcome from a URL fragment; null when the fragment is not one. */
export function readAuthLink(hash: string): AuthLink | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (params.has('error') || params.has('error_code') || params.has('error_description')) {
    return {
      kind: 'error',
      code: params.get('error_code') ?? params.get('error') ?? 'unspecified_error',
      description: params.get('error_description') ?? '',
    };
  }
  if (params.has('access_token')) return { kind: 'session', type: params.get('type') ?? '' };
  return null;
}

/** The current address without its fragment, for history.replaceState. */
export function withoutFragment(location: Pick<Location, 'pathname' | 'search'>): string {
  return `${location.pathname}${location.search}`;
}
