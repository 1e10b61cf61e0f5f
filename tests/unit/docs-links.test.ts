// Every relative link of the README and docs/ leads somewhere: the file exists and, when the link
// names a heading (#section), the file has that heading. Links are written by hand and files move.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const documents = [
  'README.md',
  'content/README.md',
  'supabase/local/README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The text outside fenced code blocks and inline code, where a link is a link. */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\- ]/gu, '')
    .replace(/ /g, '-');

/** The anchors of a Markdown file's headings. */
const anchors = (markdown: string) => new Set([...markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => slug(heading!)));

/** Relative links of a file: [text](target) whose target is neither a URL nor a mail address. */
function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map(([, target]) => target!).filter((target) => !/^[a-z]+:/i.test(target));
}

describe('relative links in the documentation', () => {
  it('the README stays short enough to read in minutes', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf-8').split('\n').length).toBeLessThanOrEqual(150);
  });

  it.each(documents)('%s: every relative link points at a file and heading that exist', (document) => {
    const path = join(ROOT, document);
    const links = relativeLinks(readFileSync(path, 'utf-8'));
    const broken = links.filter((link) => {
      const [file, anchor] = link.split('#') as [string, string | undefined];
      const target = file ? resolve(dirname(path), decodeURI(file)) : path;
      if (!existsSync(target)) return true;
      if (anchor === undefined || !target.endsWith('.md')) return false;
      return !anchors(readFileSync(target, 'utf-8')).has(anchor);
    });
    expect(broken, `broken links in ${relative(ROOT, path)}`).toEqual([]);
  });

  it('finds links, including broken ones', () => {
    expect(relativeLinks('See [a](docs/a.md#b), [web](https://x.org), `[code](nope.md)`.')).toEqual(['docs/a.md#b']);
    expect(anchors('# Title\n## What `npm test` needs\n```\n# not a heading\n```')).toEqual(new Set(['title', 'what-npm-test-needs']));
  });
});
