// The `_headers` file that Netlify and Cloudflare Pages read from the site's root: blocks of a path
// pattern on its own line and indented `Name: value` lines. Both hosts apply every rule whose
// pattern matches a request and join the values of a header named by two matching rules with a
// comma (two Content-Security-Policy values would then be two policies, both enforced), so the
// rules written here never name one header twice for one path. The build writes the file and the
// local site server (scripts/serve-site.ts) reads it back, so both use this one module.

/** One block of the file: a path pattern (exact, or a prefix ending in `*`) and its headers. */
export interface HeaderRule {
  path: string;
  headers: Record<string, string>;
}

/**
 * Cloudflare Pages' documented limits on the file: at most 100 rules and 2,000 characters a line.
 * A build that passed them would deploy with some headers silently dropped.
 */
const HEADERS_FILE_LIMITS = { rules: 100, lineLength: 2000 } as const;

/** The file's text for the rules, with a comment on top; throws when a host's limit is passed. */
export function formatHeadersFile(rules: HeaderRule[], comment: string): string {
  if (rules.length > HEADERS_FILE_LIMITS.rules) {
    throw new Error(`_headers: ${rules.length} rules, more than the ${HEADERS_FILE_LIMITS.rules} Cloudflare Pages reads`);
  }
  const lines = [`# ${comment}`];
  for (const rule of rules) {
    lines.push(rule.path, ...Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`));
  }
  const long = lines.find((line) => line.length > HEADERS_FILE_LIMITS.lineLength);
  if (long) throw new Error(`_headers: a line of ${long.length} characters: ${long.slice(0, 60)}…`);
  return `${lines.join('\n')}\n`;
}

/** Reads the rules back from the file's text (comments and blank lines skipped). */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: {} });
      continue;
    }
    const colon = line.indexOf(':');
    const rule = rules.at(-1);
    if (colon < 0 || !rule) throw new Error(`_headers: a header line outside a rule, or without a colon: ${line}`);
    rule.headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}

/** Whether a rule's pattern matches a request path: exactly, or by prefix for a pattern ending in `*`. */
export function ruleMatches(pattern: string, pathname: string): boolean {
  return pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pattern === pathname;
}

/**
 * The headers of every rule that matches the path, as a host applies them: the values of a header
 * named by two matching rules are joined with a comma, so the local server would show a doubled
 * policy as the hosts enforce it (both at once) rather than hide it.
 */
export function headersFor(rules: HeaderRule[], pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules.filter((rule) => ruleMatches(rule.path, pathname))) {
    for (const [name, value] of Object.entries(rule.headers)) headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}
