// The content we ship, against what the specification fixes (../shared/seed/000_6fe9441b09e76640.txt,
// cited by section). This is the one place that pins entries, ids, counts and settings: every other
// test reads the content and holds for whatever an editor changes. Changing a line here means the
// product no longer matches the specification.
import { describe, expect, it } from 'vitest';
import { VISA_TYPES } from '../../common/domain.ts';
import { loadJsonCollection, loadMdxCollection, loadSettings } from './content-files.ts';
import { COLLECTIONS } from '../../src/lib/content/collections.ts';

const visas = loadMdxCollection(COLLECTIONS.visas);
const countries = loadMdxCollection(COLLECTIONS.countries);
const services = loadMdxCollection(COLLECTIONS.services);
const servicePages = loadMdxCollection(COLLECTIONS.servicePages);
const news = loadMdxCollection(COLLECTIONS.news);
const team = loadMdxCollection(COLLECTIONS.team);
const continents = loadJsonCollection(COLLECTIONS.continents);
const partners = loadJsonCollection(COLLECTIONS.partners);
const videos = loadJsonCollection(COLLECTIONS.videos);
const faq = loadJsonCollection(COLLECTIONS.faq);
const testPrep = loadJsonCollection(COLLECTIONS.testPrep);
const settings = loadSettings();

/** The entries' ids mapped to what the specification names them by. */
const byId = <T extends { id: number }>(items: T[], name: (item: T) => string) =>
  Object.fromEntries([...items].sort((a, b) => a.id - b.id).map((item) => [item.id, name(item)]));

describe('ids in the specification\'s URLs', () => {
  it('visa types are its six, ids 1 to 6 in its order (section 3; the database accepts only these)', () => {
    expect(byId(visas.map((v) => v.data), (v) => v.type)).toEqual(Object.fromEntries(VISA_TYPES.map((type, index) => [index + 1, type])));
  });

  it('its ten countries keep ids 1 to 10 in its order (section 3, "/country/{id}: ids 1 to 10"); more may follow', () => {
    const names = ['Nigeria', 'United States', 'Canada', 'Ghana', 'Kenya', 'France', 'Switzerland', 'Australia', 'United Kingdom', 'China'];
    expect(byId(countries.map((c) => c.data), (c) => c.name)).toMatchObject(Object.fromEntries(names.map((name, index) => [index + 1, name])));
  });

  it('its five services keep ids 1 to 5 in its order (section 3, "/services/{id}: ids 1 to 5"); more may follow', () => {
    const titles = ['Visa Consultation', 'Fast Processing', 'Business & Investor Visas', 'Luxury Car Transportation', 'Hotel Booking & Reservations'];
    expect(byId(services.map((s) => s.data), (s) => s.title)).toMatchObject(Object.fromEntries(titles.map((title, index) => [index + 1, title])));
  });
});

describe('entries and counts it fixes', () => {
  it('service pages have its six slugs (section 2, "Service details (slugs)"; Home: "Six service tiles")', () => {
    expect(servicePages.map((p) => p.slug).sort()).toEqual(['consultancy', 'trip-planning', 'airbnb', 'tourism', 'transportation-services', 'expert-advice'].sort());
  });

  it('continents are the six of the services page, in its order (section 2: "covering Africa, Asia, ...")', () => {
    expect(continents.map((c) => c.name)).toEqual(['Africa', 'Asia', 'Europe', 'North America', 'Australia & Oceania', 'South America']);
  });

  it('test-prep cards are IELTS, TOEFL and Citizenship test (section 2, Home: "Three test-prep cards")', () => {
    expect(testPrep.map((t) => t.name)).toEqual(['IELTS', 'TOEFL', 'Citizenship test']);
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
    expect(news.map((n) => n.slug)).toEqual(expect.arrayContaining(['how-visa-experts-help', 'success-stories']));
  });

  it('only Emergency Visa opens a chat, the same WhatsApp chat as the Get Started popup (section 2, Visa list)', () => {
    const withLink = visas.filter((visa) => visa.data.link);
    expect(withLink.map((visa) => visa.data.type)).toEqual(['Emergency Visa']);
    const link = new URL(withLink[0]!.data.link!);
    const chat = new URL(settings.chatLink);
    expect(link.origin + link.pathname).toBe(chat.origin + chat.pathname);
  });
});

describe('site settings (content/site.json)', () => {
  it.each([
    ['loadingOverlayMs', 1000],
    ['carouselIntervalMs', 6000],
    ['swipeThresholdPx', 50],
    ['scrollTopThresholdPx', 200],
    ['animationMs', 1000],
  ] as const)('%s is %i (section 9)', (name, value) => {
    expect(settings.timings[name]).toBe(value);
  });

  it('the copyright year is 2024 (sections 2 and 9)', () => {
    expect(settings.copyrightYear).toBe(2024);
  });

  it('names the consultancy and its production contact address', () => {
    expect(settings.name).toBe('Bridgeway Visa & Immigration');
    expect(settings.shortName).toBe('Bridgeway');
    expect(settings.contact.email).toBe('hello@bridgewayvisa.com');
    expect(settings.contact.address).toMatch(/Lagos/);
  });
});
