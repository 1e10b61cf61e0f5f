// The static content matches the specification: every collection validates, has the specified
// number of entries, the exact names, and ids that are unique and contiguous.
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

describe('entry counts (specification section 9)', () => {
  it.each([
    ['testimonials', testimonials.length, 18],
    ['countries', countries.length, 10],
    ['visa types', visas.length, 6],
    ['services', services.length, 5],
    ['continents', continents.length, 6],
    ['FAQ items', faq.length, 4],
    ['testimony videos', videos.length, 2],
    ['team members', team.length, 4],
    ['news items', news.length, 3],
    ['media partners', partners.length, 3],
    ['service pages', servicePages.length, 6],
    ['test-prep cards', testPrep.length, 3],
  ])('%s: %i entries, expected %i', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('has at least three process steps', () => {
    expect(steps.length).toBeGreaterThanOrEqual(3);
  });
});

describe('exact names and id order (specification section 3)', () => {
  const byId = <T extends { id: number }>(items: T[]) => [...items].sort((a, b) => a.id - b.id);

  it('visa types are the six of the specification, ids 1 to 6 in its order', () => {
    expect(byId(visas.map((v) => v.data)).map((v) => v.type)).toEqual([...VISA_TYPES]);
  });

  it('countries are the ten of the specification, ids 1 to 10 in its order', () => {
    expect(byId(countries.map((c) => c.data)).map((c) => c.name)).toEqual([
      'Nigeria',
      'United States',
      'Canada',
      'Ghana',
      'Kenya',
      'France',
      'Switzerland',
      'Australia',
      'United Kingdom',
      'China',
    ]);
  });

  it('services are the five of the specification, ids 1 to 5 in its order', () => {
    expect(byId(services.map((s) => s.data)).map((s) => s.title)).toEqual([
      'Visa Consultation',
      'Fast Processing',
      'Business & Investor Visas',
      'Luxury Car Transportation',
      'Hotel Booking & Reservations',
    ]);
  });

  it('continents are the six of the services page', () => {
    expect(continents.map((c) => c.name).sort()).toEqual(
      ['Africa', 'Asia', 'Europe', 'North America', 'Australia & Oceania', 'South America'].sort(),
    );
  });

  it('test-prep cards are IELTS, TOEFL and Citizenship test', () => {
    expect(testPrep.map((t) => t.name)).toEqual(['IELTS', 'TOEFL', 'Citizenship test']);
  });

  it('service pages have the six specified slugs', () => {
    expect(servicePages.map((p) => p.slug).sort()).toEqual(
      ['consultancy', 'trip-planning', 'airbnb', 'tourism', 'transportation-services', 'expert-advice'].sort(),
    );
  });

  it('news includes the two article slugs the specification links to', () => {
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

  it('every news article has a full body of several paragraphs', () => {
    for (const article of news) {
      expect(article.body.split(/\n\s*\n/).filter((p) => p.trim().length > 0).length, article.slug).toBeGreaterThanOrEqual(6);
    }
  });

  it('every testimonial and team member has a distinct name', () => {
    const names = [...testimonials.map((t) => t.name), ...team.map((t) => t.data.name)];
    expect(new Set(names).size).toBe(names.length);
  });
});
