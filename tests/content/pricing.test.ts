// The service pages' pricing texts are the specification's (section 9), word for word; the page
// adds its own "Pricing" label, so the field holds the price alone.
import { describe, expect, it } from 'vitest';
import { servicePageSchema } from '../../src/lib/content/schemas.ts';
import { loadMdxCollection } from './content-files.ts';

const pages = new Map(loadMdxCollection('service-pages', servicePageSchema).map((page) => [page.slug, page.data]));

describe('service page pricing', () => {
  it.each([
    ['trip-planning', 'from $200 per itinerary'],
    ['tourism', 'from $500'],
    ['transportation-services', 'from $50 per trip'],
    ['expert-advice', 'from $100 per session'],
    ['consultancy', 'by quote'],
    ['airbnb', 'by quote'],
  ])('%s costs "%s"', (slug, pricing) => {
    expect(pages.get(slug)?.pricing).toBe(pricing);
  });

  it('no pricing field repeats the page label', () => {
    for (const page of pages.values()) expect(page.pricing).not.toMatch(/pric/i);
  });
});

describe('service page links', () => {
  it('every Learn More link stays on the site and points at a page that exists', () => {
    const known = ['/contact', '/visa', '/services', '/about', '/visa-form'];
    for (const [slug, page] of pages) expect(known, slug).toContain(page.link.href);
  });

  it('every service page carries at least two customer reviews', () => {
    for (const [slug, page] of pages) expect(page.testimonials.length, slug).toBeGreaterThanOrEqual(2);
  });
});
