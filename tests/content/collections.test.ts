// What every collection must satisfy whatever its entries: each validates, and ids are used once
// each, gaps allowed. Editors add or remove an entry by adding or removing a file, so nothing here
// counts entries or names them: what the specification fixes is tests/content/shipped-content.test.ts.
import { describe, expect, it } from 'vitest';
import {
  entryId,
  continentSchema,
  countrySchema,
  faqSchema,
  newsSchema,
  partnerSchema,
  processStepSchema,
  servicePageSchema,
  serviceSchema,
  teamMemberSchema,
  testimonialSchema,
  testPrepSchema,
  videoSchema,
  visaSchema,
} from '../../src/lib/content/schemas.ts';
import { assertUnique, findDuplicate } from '../../src/lib/content/unique.ts';
import { loadJsonCollection, loadMdxCollection } from './content-files.ts';

const visas = loadMdxCollection('visas', visaSchema);
const countries = loadMdxCollection('countries', countrySchema);
const services = loadMdxCollection('services', serviceSchema);
const servicePages = loadMdxCollection('service-pages', servicePageSchema);
const news = loadMdxCollection('news', newsSchema);
const team = loadMdxCollection('team', teamMemberSchema);
const continents = loadJsonCollection('continents.json', continentSchema);
const partners = loadJsonCollection('partners.json', partnerSchema);
const testimonials = loadJsonCollection('testimonials.json', testimonialSchema);
const videos = loadJsonCollection('videos.json', videoSchema);
const faq = loadJsonCollection('faq.json', () => faqSchema);
const steps = loadJsonCollection('process.json', () => processStepSchema);
const testPrep = loadJsonCollection('test-prep.json', () => testPrepSchema);

describe('every collection', () => {
  it.each([
    ['visas', visas],
    ['countries', countries],
    ['services', services],
    ['service pages', servicePages],
    ['news', news],
    ['team', team],
    ['continents', continents],
    ['partners', partners],
    ['testimonials', testimonials],
    ['videos', videos],
    ['faq', faq],
    ['process steps', steps],
    ['test-prep cards', testPrep],
  ])('%s has entries, each of which validated on loading', (_name, entries) => {
    // A page over an empty collection would show an empty section.
    expect(entries.length).toBeGreaterThan(0);
  });
});

describe('ids and sort keys are used once each', () => {
  // Ids are addresses (/country/{id}) that must not move when an entry is removed, so gaps are
  // allowed; a repeat would put two pages at one URL. The build refuses one (src/content.config.ts).
  const keyed = (folder: string, values: unknown[]) => values.map((value, index) => ({ value, source: `${folder} ${index + 1}` }));
  it.each([
    ['visa ids', keyed('visas', visas.map((v) => v.data.id))],
    ['visa types', keyed('visas', visas.map((v) => v.data.type))],
    ['country ids', keyed('countries', countries.map((c) => c.data.id))],
    ['service ids', keyed('services', services.map((s) => s.data.id))],
    ['news ids', keyed('news', news.map((n) => n.data.id))],
    ['team ids', keyed('team', team.map((t) => t.data.id))],
    ['testimonial ids', keyed('testimonials', testimonials.map((t) => t.id))],
    ['video ids', keyed('videos', videos.map((v) => v.id))],
    ['service page order', keyed('service-pages', servicePages.map((p) => p.data.order))],
    ['process steps', keyed('process', steps.map((s) => s.step))],
    ['continent ids', keyed('continents', continents.map((c) => c.id))],
    ['partner ids', keyed('partners', partners.map((p) => p.id))],
    ['faq ids', keyed('faq', faq.map((f) => f.id))],
    ['process ids', keyed('process', steps.map((s) => s.id))],
    ['test-prep ids', keyed('test-prep', testPrep.map((t) => t.id))],
  ])('%s', (_name, entries) => {
    expect(findDuplicate(entries)).toBeUndefined();
  });
});

describe('the id rule', () => {
  const ids = (...values: number[]) => values.map((value, index) => ({ value, source: `entry-${index + 1}.mdx` }));

  it('accepts gaps: removing an entry renumbers nothing', () => {
    expect(findDuplicate(ids(1, 2, 4, 7))).toBeUndefined();
    expect(() => assertUnique('id', ids(3, 1, 10))).not.toThrow();
  });

  it('refuses an id used twice, naming both entries', () => {
    expect(findDuplicate(ids(1, 4, 2, 4))).toEqual({ value: 4, first: 'entry-2.mdx', second: 'entry-4.mdx' });
    expect(() => assertUnique('id', ids(1, 4, 2, 4))).toThrow('id 4 is used twice, by entry-2.mdx and by entry-4.mdx');
  });

  it('leaves a missing value to the schema', () => {
    expect(findDuplicate([{ value: undefined, source: 'a' }, { value: undefined, source: 'b' }])).toBeUndefined();
  });

  it.each([0, -1, 1.5, '3'])('the schema refuses the id %j (positive whole numbers only)', (id) => {
    expect(entryId.safeParse(id).success).toBe(false);
  });
});

describe('copy quality', () => {
  const everyText = JSON.stringify([visas, countries, services, servicePages, news, team, continents, partners, testimonials, videos, faq, steps, testPrep]);

  it('has no placeholder text', () => {
    expect(everyText).not.toMatch(/lorem|ipsum|placeholder|\bTODO\b|\bTBD\b|example\.com/i);
  });

  it('every news article has a full body of several paragraphs (docs/content.md, news)', () => {
    for (const article of news) {
      expect(article.body.split(/\n\s*\n/).filter((p) => p.trim().length > 0).length, article.slug).toBeGreaterThanOrEqual(6);
    }
  });

  it('every testimonial and team member has a distinct name', () => {
    const names = [...testimonials.map((t) => t.name), ...team.map((t) => t.data.name)];
    expect(new Set(names).size).toBe(names.length);
  });
});
