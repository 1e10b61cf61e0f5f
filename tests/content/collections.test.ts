// What every collection must satisfy whatever its entries: each validates, ids are unique and run
// from 1 (content/README.md: "the next free number"), and the entries and counts the
// specification fixes are there. How many countries, services, news articles or testimonials
// there are today is not a rule: editors add one by adding a file (docs/product-decisions.md, content editors).
// The specification is ../shared/seed/000_6fe9441b09e76640.txt, cited below by section.
import { describe, expect, it } from 'vitest';
import { VISA_TYPES } from '../../src/lib/domain.ts';
import {
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
import { isContiguousFromOne, loadJsonCollection, loadMdxCollection } from './content-files.ts';

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

const byId = <T extends { id: number }>(items: T[]) => [...items].sort((a, b) => a.id - b.id);

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

describe('what the specification fixes', () => {
  it('visa types are its six, ids 1 to 6 in its order (section 3; the database accepts only these)', () => {
    expect(byId(visas.map((v) => v.data)).map((v) => v.type)).toEqual([...VISA_TYPES]);
  });

  it('its ten countries keep ids 1 to 10 in its order (section 3); more may follow', () => {
    expect(
      byId(countries.map((c) => c.data))
        .slice(0, 10)
        .map((c) => c.name),
    ).toEqual(['Nigeria', 'United States', 'Canada', 'Ghana', 'Kenya', 'France', 'Switzerland', 'Australia', 'United Kingdom', 'China']);
  });

  it('its five services keep ids 1 to 5 in its order (section 3); more may follow', () => {
    expect(
      byId(services.map((s) => s.data))
        .slice(0, 5)
        .map((s) => s.title),
    ).toEqual(['Visa Consultation', 'Fast Processing', 'Business & Investor Visas', 'Luxury Car Transportation', 'Hotel Booking & Reservations']);
  });

  it('continents are the six of the services page (section 2: "covering Africa, Asia, ...")', () => {
    expect(continents.map((c) => c.name).sort()).toEqual(
      ['Africa', 'Asia', 'Europe', 'North America', 'Australia & Oceania', 'South America'].sort(),
    );
  });

  it('test-prep cards are IELTS, TOEFL and Citizenship test (section 2, Home: "Three test-prep cards")', () => {
    expect(testPrep.map((t) => t.name)).toEqual(['IELTS', 'TOEFL', 'Citizenship test']);
  });

  it('service pages have its six slugs (section 2, "Service details (slugs)"; Home: "Six service tiles")', () => {
    expect(servicePages.map((p) => p.slug).sort()).toEqual(
      ['consultancy', 'trip-planning', 'airbnb', 'tourism', 'transportation-services', 'expert-advice'].sort(),
    );
  });

  it('the home page has four FAQ questions (section 2, Home: "FAQ with four collapsible questions")', () => {
    expect(faq).toHaveLength(4);
  });

  it('the home page has two testimony videos (section 2, Home: "Two testimony videos")', () => {
    expect(videos).toHaveLength(2);
  });

  it('the team page has four members (section 2, Team: "Four team members")', () => {
    expect(team).toHaveLength(4);
  });

  it('the media page has three partners (section 2, Media partners: "Three partners with external links")', () => {
    expect(partners).toHaveLength(3);
  });

  it('news includes the two articles it links to (section 2, News)', () => {
    const slugs = news.map((n) => n.slug);
    expect(slugs).toContain('how-visa-experts-help');
    expect(slugs).toContain('success-stories');
  });
});

describe('ids are unique and contiguous from 1', () => {
  it.each([
    ['visas', visas.map((v) => v.data.id)],
    ['countries', countries.map((c) => c.data.id)],
    ['services', services.map((s) => s.data.id)],
    ['news', news.map((n) => n.data.id)],
    ['team', team.map((t) => t.data.id)],
    ['testimonials', testimonials.map((t) => t.id)],
    ['videos', videos.map((v) => v.id)],
    ['service page order', servicePages.map((p) => p.data.order)],
    ['process steps', steps.map((s) => s.step)],
  ])('%s', (_name, ids) => {
    expect(isContiguousFromOne(ids)).toBe(true);
  });

  it.each([
    ['continents', continents.map((c) => c.id)],
    ['partners', partners.map((p) => p.id)],
    ['faq', faq.map((f) => f.id)],
    ['process', steps.map((s) => s.id)],
    ['test-prep', testPrep.map((t) => t.id)],
  ])('%s string ids are unique', (_name, ids) => {
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('copy quality', () => {
  const everyText = JSON.stringify([visas, countries, services, servicePages, news, team, continents, partners, testimonials, videos, faq, steps, testPrep]);

  it('has no placeholder text', () => {
    expect(everyText).not.toMatch(/lorem|ipsum|placeholder|\bTODO\b|\bTBD\b|example\.com/i);
  });

  it('every news article has a full body of several paragraphs (content/README.md, news)', () => {
    for (const article of news) {
      expect(article.body.split(/\n\s*\n/).filter((p) => p.trim().length > 0).length, article.slug).toBeGreaterThanOrEqual(6);
    }
  });

  it('every testimonial and team member has a distinct name', () => {
    const names = [...testimonials.map((t) => t.name), ...team.map((t) => t.data.name)];
    expect(new Set(names).size).toBe(names.length);
  });
});
