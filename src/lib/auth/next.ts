// Where to go after logging in: `?next=` names the page that sent the visitor to log in. Only a
// path on this site is followed; anything else (another origin, `//evil.example`, `javascript:`)
// falls back to the home page, so a crafted login link cannot send a visitor elsewhere.

/** The same-origin path (with its query and fragment) that `next` names, or '/'. */
export function safeNextPath(next: string | null | undefined, origin: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  try {
    const url = new URL(next, origin);
    if (url.origin !== origin) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
