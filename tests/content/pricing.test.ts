// The service pages' pricing and links. Prices change, so the tests hold their form, not today's
// figures: a fee reads "from <price>" or "by quote", as the specification's pricing texts do
// (section 9) and docs/content.md asks ("fees as 'from'"), and the page adds its own "Pricing"
// label, so the field holds the price alone.
import { describe, expect, it } from 'vitest';
import { allRoutes } from '../e2e/support/routes.ts';
import { loadMdxCollection } from './content-files.ts';
import { COLLECTIONS } from '../../src/lib/content/collections.ts';

const pages = new Map(loadMdxCollection(COLLECTIONS.servicePages).map((page) => [page.slug, page.data]));

describe('service page pricing', () => {
  it.each([...pages].map(([slug, page]) => [slug, page.pricing]))('%s: "%s" is a "from" price or "by quote"', (_slug, pricing) => {
    expect(pricing).toMatch(/^(?:from \S*\d.*|by quote)$/);
  });

  it('no pricing field repeats the page label', () => {
    for (const page of pages.values()) expect(page.pricing).not.toMatch(/pric/i);
  });
});

describe('service page links', () => {
  it('every Learn More link stays on the site and points at a page that exists', () => {
    for (const [slug, page] of pages) expect(allRoutes, slug).toContain(page.link.href.split('?')[0]);
  });

  it('every service page carries at least two customer reviews', () => {
    for (const [slug, page] of pages) expect(page.testimonials.length, slug).toBeGreaterThanOrEqual(2);
  });
});
