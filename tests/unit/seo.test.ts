import { describe, expect, it } from 'vitest';
import {
  breadcrumbJsonLd,
  canonicalUrl,
  faqJsonLd,
  isNoindexPath,
  isSitemapUrl,
  isVisaSlugDuplicate,
  metaDescription,
  normalisePath,
  organizationJsonLd,
  pageTitle,
  serializeJsonLd,
} from '../../src/lib/content/seo.ts';

const site = 'https://www.example.com';

describe('pageTitle', () => {
  it.each([
    ['About us', 'Bridgeway', 'About us | Bridgeway'],
    [undefined, 'Bridgeway', 'Bridgeway'],
    ['Bridgeway', 'Bridgeway', 'Bridgeway'],
  ])('%s + %s -> %s', (title, siteName, expected) => {
    expect(pageTitle(title, siteName)).toBe(expected);
  });
});

describe('metaDescription', () => {
  it('keeps a short description as written, whitespace tidied', () => {
    expect(metaDescription('  Visa help\n for Lagos.  ')).toBe('Visa help for Lagos.');
  });

  it('cuts a long description at a word boundary within 160 characters', () => {
    const long = 'Tourist visas for families and solo travellers, '.repeat(6);
    const short = metaDescription(long);
    expect(short.length).toBeLessThanOrEqual(160);
    expect(short.endsWith('…')).toBe(true);
    expect(long.startsWith(short.slice(0, -1))).toBe(true);
    expect(short).not.toMatch(/[ ,]…$/);
  });
});

describe('normalisePath', () => {
  it.each([
    ['/', '/'],
    ['/index.html', '/'],
    ['/about.html', '/about'],
    ['/about/', '/about'],
    ['/visa/index.html', '/visa'],
    ['/visa/5.html', '/visa/5'],
    ['/news/indexing-rules', '/news/indexing-rules'],
  ])('%s -> %s', (path, expected) => {
    expect(normalisePath(path)).toBe(expected);
  });
});

describe('canonicalUrl', () => {
  it.each([
    ['/', 'https://www.example.com/'],
    ['/about', 'https://www.example.com/about'],
    ['/about/', 'https://www.example.com/about'],
    ['/visa-form?type=Business%20Visa', 'https://www.example.com/visa-form'],
    ['/visa/1#apply', 'https://www.example.com/visa/1'],
    ['/index.html', 'https://www.example.com/'],
    ['/contact1.html', 'https://www.example.com/contact1'],
  ])('%s -> %s', (path, expected) => {
    expect(canonicalUrl(path, site)).toBe(expected);
  });
});

describe('indexing rules', () => {
  it.each(['/login', '/signup', '/reset', '/verify', '/set-password', '/profile', '/admin', '/visa-form', '/unsubscribe', '/newsletter/confirm', '/appointment', '/admin/', '/404', '/login.html', '/404.html'])('%s is noindex', (path) => {
    expect(isNoindexPath(path)).toBe(true);
  });

  it.each(['/', '/about', '/visa', '/visa/1', '/contact'])('%s is indexable', (path) => {
    expect(isNoindexPath(path)).toBe(false);
  });

  it.each([
    ['/visa/business-visa', true],
    ['/visa/k1-i-130-visa-application', true],
    ['/visa/3', false],
    ['/visa', false],
    ['/visa-form', false],
  ])('%s is a visa slug duplicate: %s', (path, expected) => {
    expect(isVisaSlugDuplicate(path)).toBe(expected);
  });

  it.each([
    [`${site}/`, true],
    [`${site}/visa/2`, true],
    [`${site}/country/10`, true],
    [`${site}/visa/emergency-visa`, false],
    [`${site}/login`, false],
    [`${site}/profile`, false],
  ])('sitemap keeps %s: %s', (url, expected) => {
    expect(isSitemapUrl(url)).toBe(expected);
  });
});

describe('JSON-LD', () => {
  it('describes the organisation with absolute URLs and its social profiles', () => {
    const org = organizationJsonLd(
      {
        name: 'Bridgeway',
        description: 'Visa consultancy',
        logoPath: '/favicon.svg',
        contact: { phone: '+234 1', email: 'a@b.co', address: 'Lagos' },
        social: [{ href: 'https://x.com/b' }],
      },
      site,
    );
    expect(org).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProfessionalService',
      url: 'https://www.example.com/',
      logo: 'https://www.example.com/favicon.svg',
      sameAs: ['https://x.com/b'],
    });
  });

  it('turns FAQ items into Question/Answer pairs', () => {
    const faq = faqJsonLd([{ question: 'How long?', answer: 'Two weeks.' }]);
    expect(faq).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: 'How long?', acceptedAnswer: { '@type': 'Answer', text: 'Two weeks.' } }],
    });
  });

  it('numbers breadcrumbs from 1 with absolute item URLs', () => {
    const list = breadcrumbJsonLd(
      [
        { label: 'Home', href: '/' },
        { label: 'List of Visa', href: '/visa' },
      ],
      site,
    );
    expect(list['itemListElement']).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://www.example.com/' },
      { '@type': 'ListItem', position: 2, name: 'List of Visa', item: 'https://www.example.com/visa' },
    ]);
  });

  it('escapes "<" so content can never close the script tag, and stays valid JSON', () => {
    const text = serializeJsonLd({ answer: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ answer: '</script><script>alert(1)</script>' });
  });
});
