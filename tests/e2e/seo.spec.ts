// Search and sharing: every page has a unique title, a description, a canonical URL and Open Graph
// tags; structured data parses; the sitemap lists exactly the public pages; robots.txt points to it.
import { test, expect } from './support/fixtures.ts';
import { SitePage, type HeadInfo } from './support/site-page.ts';
import { allRoutes, privateRoutes, publicRoutes, visaAliasRoutes } from './support/routes.ts';
import { content } from './support/content.ts';

/** The absolute canonical URL a path should declare (the configured site origin, not the test server). */
function pathOf(url: string | null): string {
  return url ? new URL(url).pathname : '';
}

/** Every JSON-LD document of a page, parsed (a parse error fails the test). */
function structuredData(head: HeadInfo): Record<string, unknown>[] {
  return head.jsonLd.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test.describe('every page describes itself', () => {
  test.describe('in the HTML as served', () => {
    // Read as a crawler that runs no script reads them. With script on, /visa-form sends a
    // signed-out visitor to /login while its tags are being read.
    test.use({ javaScriptEnabled: false });

    test('unique titles, descriptions, canonical URLs, Open Graph tags and valid JSON-LD', async ({ page }) => {
      test.setTimeout(120_000);
      const site = new SitePage(page);
      const heads = new Map<string, HeadInfo>();
      for (const path of allRoutes) {
        await site.goto(path);
        heads.set(path, await site.head());
      }

      const titles = new Map<string, string[]>();
      for (const [path, head] of heads) {
        expect(head.title.length, `${path} title`).toBeGreaterThan(5);
        expect(head.description?.length ?? 0, `${path} description`).toBeGreaterThanOrEqual(50);
        expect(head.description?.length ?? 0, `${path} description`).toBeLessThanOrEqual(170);
        expect(head.canonical, `${path} canonical`).toMatch(/^https?:\/\//);
        for (const property of ['og:title', 'og:description', 'og:url', 'og:image', 'og:type', 'og:site_name']) {
          expect(head.og[property], `${path} ${property}`).toBeTruthy();
        }
        expect(head.og['og:url']).toBe(head.canonical);
        expect(head.og['og:image']).toMatch(/^https?:\/\//);
        const types = structuredData(head).map((data) => data['@type']);
        expect(types, `${path} JSON-LD`).toContain('ProfessionalService');
        // Alias pages share their canonical page's title on purpose; they are not indexed separately.
        if (!visaAliasRoutes.some((alias) => alias.path === path)) {
          titles.set(head.title, [...(titles.get(head.title) ?? []), path]);
        }
      }
      const duplicates = [...titles].filter(([, paths]) => paths.length > 1);
      expect(duplicates, 'pages sharing a title').toEqual([]);

      for (const path of publicRoutes) {
        expect(pathOf(heads.get(path)!.canonical), `${path} canonical`).toBe(path);
        expect(heads.get(path)!.robots, `${path} robots`).toBeNull();
      }
      for (const path of privateRoutes) {
        expect(heads.get(path)!.robots, `${path} robots`).toMatch(/noindex/);
      }
      for (const alias of visaAliasRoutes) {
        expect(pathOf(heads.get(alias.path)!.canonical), `${alias.path} canonical`).toBe(alias.canonical);
        expect(heads.get(alias.path)!.title).toBe(heads.get(alias.canonical)!.title);
      }
    });
  });

  test('the home page publishes its FAQ as structured data', async ({ page }) => {
    const site = new SitePage(page);
    await site.goto('/');
    const faq = structuredData(await site.head()).find((data) => data['@type'] === 'FAQPage');
    const questions = faq?.['mainEntity'] as { name: string; acceptedAnswer: { text: string } }[];
    expect(questions.map((question) => question.name)).toEqual(content.faq.map((item) => item.question));
    for (const question of questions) {
      await expect(page.getByText(question.name, { exact: true })).toBeVisible();
      expect(question.acceptedAnswer.text.length).toBeGreaterThan(20);
    }
  });

  test('detail pages publish their breadcrumbs, matching the visible trail', async ({ page }) => {
    const site = new SitePage(page);
    const detailPages = [
      `/visa/${content.visas[0]!.data.id}`,
      `/services/${content.services[0]!.data.id}`,
      `/service-details/${content.servicePages[0]!.slug}`,
      `/country/${content.countries[0]!.data.id}`,
    ];
    for (const path of detailPages) {
      await site.goto(path);
      const crumbs = structuredData(await site.head()).find((data) => data['@type'] === 'BreadcrumbList');
      const items = crumbs?.['itemListElement'] as { position: number; name: string; item: string }[];
      expect(items.length, path).toBeGreaterThanOrEqual(2);
      expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
      expect(pathOf(items.at(-1)!.item)).toBe(path);
      const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(trail.getByRole('link')).toHaveText(items.map((item) => item.name));
    }
  });
});

test('a news article describes itself as a NewsArticle with its headline and date', async ({ page }) => {
  const site = new SitePage(page);
  await site.goto('/news-media');
  const href = await page.getByRole('main').getByRole('link', { name: /^Read More/ }).first().getAttribute('href');
  await site.goto(href!);
  const head = await site.head();
  const article = structuredData(head).find((data) => data['@type'] === 'NewsArticle');
  await expect(site.heading()).toHaveText(String(article?.['headline']));
  expect(String(article?.['datePublished'])).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(head.og['og:type']).toBe('article');
});

test.describe('crawler files', () => {
  test('the sitemap lists exactly the public pages', async ({ request }) => {
    const index = await (await request.get('/sitemap.xml')).text();
    const chunks = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => pathOf(match[1]!));
    expect(chunks.length).toBeGreaterThan(0);
    const listed: string[] = [];
    for (const chunk of chunks) {
      const xml = await (await request.get(chunk)).text();
      listed.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => pathOf(match[1]!)));
    }
    expect([...listed].sort()).toEqual([...publicRoutes].sort());
  });

  test('robots.txt allows crawling and points to the sitemap', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).not.toMatch(/^Disallow: \/$/m);
    const sitemap = text.match(/^Sitemap: (\S+)$/m)?.[1];
    expect(sitemap).toMatch(/^https?:\/\/.+\/sitemap\.xml$/);
    expect((await request.get(pathOf(sitemap!))).status()).toBe(200);
  });

  test('the favicon is an SVG: inline on every page, and the same drawing at /favicon.svg', async ({ page, request }) => {
    const response = await request.get('/favicon.svg');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('image/svg+xml');
    const file = await response.text();
    await page.goto('/about');
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).toMatch(/^data:image\/svg\+xml,/);
    expect(decodeURIComponent(icon!.slice('data:image/svg+xml,'.length))).toBe(file.replaceAll('"', "'"));
  });
});
