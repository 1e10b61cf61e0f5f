// Drafts and scheduled news in a real build (src/lib/content/publication.ts): a copy of the content
// gets a draft, an item dated in two days and one dated today in Lagos. The production build
// (SHOW_UNPUBLISHED unset) leaves the first two out of the article pages, the news list, the
// sitemap and the RSS feed, and publishes today's; a preview build (SHOW_UNPUBLISHED=true) shows
// them, marked, and its feed still leaves them out. Each build takes Astro some 20-40 s; the two
// run side by side.
//
// The production build is also where the build steps that rewrite Astro's output are held to the
// installed Astro (src/integrations/island-runtime.ts, prune-scoped-styles.ts): each throws when
// it no longer recognises what it rewrites, and here they must have rewritten every page.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultancyToday } from '../../common/domain.ts';
import { createAstroPool, type AstroProject, type AstroRun } from './astro-project.ts';

let project: AstroProject;
let content: string;
let production: AstroRun;
let preview: AstroRun;

const today = consultancyToday();
// Two days ahead, so a build that starts just before midnight in Lagos still finds it ahead.
const later = new Date(Date.parse(`${today}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
const laterLabel = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${later}T00:00:00Z`));

/** A news file in the copy, made from a shipped article with another id, title and frontmatter lines. */
function addNews(slug: string, id: number, title: string, frontmatter: string) {
  const source = readFileSync(join(content, 'news', 'success-stories.mdx'), 'utf-8');
  const text = source
    .replace(/^id: \d+$/m, `id: ${id}`)
    .replace(/^title: .*$/m, `title: "${title}"`)
    .replace(/^published: .*$/m, frontmatter);
  writeFileSync(join(content, 'news', `${slug}.mdx`), text);
}

beforeAll(async () => {
  project = createAstroPool('news-publication-', 2);
  content = project.copyContent();
  addNews('a-draft', 91, 'A draft nobody should see yet', 'published: 2024-01-15\ndraft: true');
  addNews('a-scheduled-item', 92, 'An item scheduled for later', `published: ${later}`);
  addNews('an-item-of-today', 93, 'An item published today', `published: ${today}`);
  [production, preview] = await Promise.all([
    project.run('build', content, { SHOW_UNPUBLISHED: 'false' }),
    project.run('build', content, { SHOW_UNPUBLISHED: 'true' }),
  ]);
}, 360_000);

afterAll(() => {
  project?.remove();
});

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf-8');
const FEED_LINK = '<link rel="alternate" type="application/rss+xml" title="News" href="/news-media/rss.xml">';

describe('news publication', { timeout: 240_000 }, () => {
  it('a production build leaves drafts and scheduled items out of pages, list, sitemap and feed', () => {
    const { status, output, outDir } = production;
    expect(status, output).toBe(0);

    expect(existsSync(join(outDir, 'news', 'a-draft.html'))).toBe(false);
    expect(existsSync(join(outDir, 'news', 'a-scheduled-item.html'))).toBe(false);
    expect(existsSync(join(outDir, 'news', 'an-item-of-today.html'))).toBe(true);

    const list = read(outDir, 'news-media.html');
    expect(list).toContain('An item published today');
    expect(list).not.toContain('A draft nobody should see yet');
    expect(list).not.toContain('An item scheduled for later');
    expect(list).not.toMatch(/Draft:|Scheduled:/);

    const sitemap = read(outDir, 'sitemap-0.xml');
    expect(sitemap).toContain('/news/an-item-of-today<');
    expect(sitemap).not.toMatch(/a-draft|a-scheduled-item|rss\.xml/);

    const feed = read(outDir, 'news-media/rss.xml');
    expect(feed).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><rss version="2.0" xmlns:atom="http:\/\/www.w3.org\/2005\/Atom">/);
    // The channel names its own address (atom:link rel="self").
    expect(feed).toMatch(/<channel>.*<atom:link href="https:\/\/www.bridgewayvisa.com\/news-media\/rss.xml" rel="self" type="application\/rss\+xml"\/>.*<item>/s);
    expect(feed).toContain('<link>https://www.bridgewayvisa.com/news/an-item-of-today</link>');
    expect(feed).toContain('<link>https://www.bridgewayvisa.com/news/success-stories</link>');
    expect(feed).not.toMatch(/a-draft|a-scheduled-item/);
    // Newest first: today's item leads.
    expect(feed.indexOf('an-item-of-today')).toBeLessThan(feed.indexOf('success-stories'));

    // The feed is linked from the news pages, once each, and from no other page.
    expect(list.split(FEED_LINK)).toHaveLength(2);
    expect(read(outDir, 'news/success-stories.html').split(FEED_LINK)).toHaveLength(2);
    for (const page of ['index.html', 'about.html', 'country/1.html']) expect(read(outDir, page)).not.toContain('application/rss+xml');
  });

  it('a preview build (SHOW_UNPUBLISHED=true) shows them, marked, and keeps them out of the feed', () => {
    const { status, output, outDir } = preview;
    expect(status, output).toBe(0);

    expect(read(outDir, 'news/a-draft.html')).toContain('Draft: not on the published site');
    expect(read(outDir, 'news/a-scheduled-item.html')).toContain(`Scheduled: published on ${laterLabel}, Lagos time`);
    expect(read(outDir, 'news/an-item-of-today.html')).not.toMatch(/Draft:|Scheduled:/);

    const list = read(outDir, 'news-media.html');
    expect(list).toContain('Draft: not on the published site');
    expect(list).toContain(`Scheduled: published on ${laterLabel}, Lagos time`);

    expect(read(outDir, 'news-media/rss.xml')).not.toMatch(/a-draft|a-scheduled-item/);
  });
});

describe("the build steps that rewrite Astro's output", () => {
  const pages = () => (readdirSync(production.outDir, { recursive: true }) as string[]).filter((file) => file.endsWith('.html'));

  it('moved the island code of every page with islands out of it (island-runtime)', () => {
    expect(production.status, production.output).toBe(0);
    const moved = /island scripts moved out of (\d+) pages into (\d+) files/.exec(production.output);
    expect(moved, production.output).not.toBeNull();
    expect(Number(moved![1])).toBeGreaterThan(10);
    let withIslands = 0;
    for (const file of pages()) {
      const html = read(production.outDir, file);
      if (!html.includes('<astro-island')) continue;
      withIslands += 1;
      // No inline script of Astro's is left (the element's definition, or a directive's)...
      for (const [, code] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
        expect(code, file).not.toContain('customElements.define("astro-island"');
        expect(code, file).not.toContain('self.Astro');
      }
      // ...and the page's loader names the file that holds it.
      expect(html, file).toMatch(/<template data-deferred-behaviours\b[^>]*><script src="\/_astro\/islands\.[\w-]{8}\.js"><\/script>/);
    }
    expect(withIslands).toBe(Number(moved![1]));
  });

  it('took scope classes and scoped rules off the pages (prune-scoped-styles)', () => {
    const pruned = /took off (\d+) scope classes and (\d+) scoped rules no element could use \((\d+) scoped elements\)/.exec(production.output);
    expect(pruned, production.output).not.toBeNull();
    for (const figure of pruned!.slice(1)) expect(Number(figure)).toBeGreaterThan(0);
  });
});
