// What the CMS tells an editor about the site after they save: whether the last build of the
// content is live, still running, or failed and why. Saving only writes a file (or a commit); the
// pages change when the build that follows succeeds, so the editor needs the build's word, not the
// save's. Locally the rebuild after each save (scripts/site-rebuild.ts) writes this status beside
// the CMS page; in production the CDN's deploy status is turned into the same shape
// (./deploy-status.ts). The CMS page polls it (src/cms/publish-status.ts). No Node imports: the
// CMS's script uses it too.

/** Where the status is served, beside the CMS page (the site's /cms/ folder). */
export const PUBLISH_STATUS_FILE = 'publish-status.json';

export type PublishState = 'building' | 'published' | 'failed';

export interface PublishStatus {
  state: PublishState;
  /** When the state began (ISO 8601), to say "since 10:42". */
  at: string;
  /** For a failure: the one line an editor needs (the file, the field, what is wrong). */
  reason?: string;
  /** The commit the build is of, where the host says (production). */
  commit?: string;
}

/** Astro's own log lines ("10:42:01 [content] Syncing content"), which are not the error. */
const LOG_LINE = /^\d\d:\d\d:\d\d \[/;
const COLOUR = /\u001b\[[0-9;]*m/g;

/**
 * The one line that says why a build failed, from its output. A content mistake is printed as its
 * message, then "Hint:" (src/lib/content/editor-errors.ts): the message's first line is the reason;
 * a summary line ending in a colon ("The content has 2 problems to fix …:") is followed by its first
 * problem. Any other failure gives its last line that is no log line.
 */
export function buildFailureReason(output: string): string {
  const lines = output
    .replace(COLOUR, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const hint = lines.findIndex((line) => line === 'Hint:');
  const before = hint === -1 ? lines : lines.slice(0, hint);
  let start = before.length - 1;
  while (start > 0 && !LOG_LINE.test(before[start - 1]!)) start -= 1;
  const message = before.slice(start).filter((line) => !LOG_LINE.test(line));
  const [first, second] = hint === -1 ? message.slice(-1) : message;
  if (!first) return 'The build stopped without saying why: see the terminal.';
  const line = first.endsWith(':') && second ? `${first} ${second}` : first;
  // Paths as the build prints them (../../content/news/x.mdx) read as the editor knows them.
  return line.replace(/(^|\s)[^\s,]*\/(?=content\/)/g, '$1');
}
