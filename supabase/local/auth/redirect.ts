// Where email links may send the browser: the site URL's host, or an entry of the allow-list
// (supabase/config.toml additional_redirect_urls, globs allowed), else the site URL itself.

/**
 * Returns `requested` when it is allowed, otherwise the site URL (as GoTrue does). A target with
 * anything but printable ASCII comes back as the URL parser serialises it (CR, LF and tabs
 * removed, NUL, spaces and non-ASCII characters percent-encoded), so it can always be written
 * into a Location header.
 */
export function resolveRedirect(requested: string | null | undefined, siteUrl: string, allowList: readonly string[]): string {
  if (!requested) return siteUrl;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return siteUrl;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return siteUrl;
  const target = HEADER_SAFE.test(requested) ? requested : url.href;
  try {
    if (url.hostname === new URL(siteUrl).hostname) return target;
  } catch {
    // A malformed site URL only disables the same-host rule.
  }
  return allowList.some((pattern) => globMatches(pattern, target)) ? target : siteUrl;
}

const HEADER_SAFE = /^[\x21-\x7e]+$/;

/** `**` matches anything, `*` anything but a slash or dot, `?` one such character. */
function globMatches(pattern: string, value: string): boolean {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '*' && pattern[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (ch === '*') re += '[^/.]*';
    else if (ch === '?') re += '[^/.]';
    else re += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`).test(value);
}
