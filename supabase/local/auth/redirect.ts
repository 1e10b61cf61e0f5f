// Where email links may send the browser: the site URL's host, or an entry of the allow-list
// (supabase/config.toml additional_redirect_urls, globs allowed), else the site URL itself.

/** Returns `requested` when it is allowed, otherwise the site URL (as GoTrue does). */
export function resolveRedirect(requested: string | null | undefined, siteUrl: string, allowList: readonly string[]): string {
  if (!requested) return siteUrl;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return siteUrl;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return siteUrl;
  try {
    if (url.hostname === new URL(siteUrl).hostname) return requested;
  } catch {
    // A malformed site URL only disables the same-host rule.
  }
  return allowList.some((pattern) => globMatches(pattern, requested)) ? requested : siteUrl;
}

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
