// Pure SEO helpers: titles, canonical URLs, which paths are indexed, and the JSON-LD documents.
// No Astro imports, so the sitemap filter in astro.config.mjs and the unit tests can use them.

/** One step of a breadcrumb trail; the last step is the current page. */
export interface Crumb {
  label: string;
  href: string;
}

/**
 * Paths that carry `noindex` and stay out of the sitemap: the 404 page, account pages, the
 * login-gated form, the newsletter's unsubscribe and confirmation pages, a booking's link page (/appointment), and the CMS's sign-in popup.
 */
const NOINDEX_PATHS = ['/404', '/login', '/signup', '/reset', '/verify', '/set-password', '/profile', '/admin', '/visa-form', '/unsubscribe', '/newsletter/confirm', '/appointment', '/cms/oauth', '/cms/oauth-callback'] as const;

/**
 * The public form of a path: no trailing slash, no `.html`, `/index` as `/`. With
 * `build.format: 'file'` Astro reports a page's own path as `/about.html` at build time.
 */
export function normalisePath(path: string): string {
  const bare = path.replace(/\.html$/, '').replace(/(^|\/)index$/, '$1').replace(/\/+$/, '');
  return bare === '' ? '/' : bare;
}

/** True when a path must not be indexed (account pages, the visa form). */
export function isNoindexPath(path: string): boolean {
  return (NOINDEX_PATHS as readonly string[]).includes(normalisePath(path));
}

/** True for `/visa/{type-slug}`: a duplicate of `/visa/{id}` that the sitemap leaves out. */
export function isVisaSlugDuplicate(path: string): boolean {
  return /^\/visa\/(?!\d+$)[^/]+$/.test(normalisePath(path));
}

/** Where the news feed is served (src/pages/news-media/rss.xml.ts); the news pages link to it. */
export const NEWS_FEED_PATH = '/news-media/rss.xml';

/** Where the sitemap is served (src/integrations/sitemap-at-root.ts puts it there). */
export const SITEMAP_PATH = '/sitemap.xml';

/** The sitemap filter: receives absolute page URLs and keeps only canonical, indexable pages. */
export function isSitemapUrl(url: string): boolean {
  const path = new URL(url).pathname;
  return !isNoindexPath(path) && !isVisaSlugDuplicate(path);
}

/** The document title: the page's own title, then the site name (the home page uses the site name alone). */
export function pageTitle(title: string | undefined, siteName: string): string {
  return title && title !== siteName ? `${title} | ${siteName}` : siteName;
}

/** Search results show about 160 characters; longer descriptions are cut at a word with an ellipsis. */
export function metaDescription(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/** The absolute canonical URL of a path on the site, without a trailing slash. */
export function canonicalUrl(path: string, site: URL | string): string {
  const url = new URL(normalisePath(path), site);
  url.search = '';
  url.hash = '';
  return url.href.length > url.origin.length + 1 ? url.href.replace(/\/$/, '') : url.href;
}

/** What the organisation JSON-LD needs from the site settings. */
export interface OrganizationInfo {
  name: string;
  description: string;
  logoPath: string;
  contact: { phone: string; email: string; address: string };
  social: { href: string }[];
}

/** The `@id` of the organisation JSON-LD, so other documents can name it as their publisher. */
function organizationId(site: URL | string): string {
  return `${canonicalUrl('/', site)}#organization`;
}

/** schema.org ProfessionalService (an Organization) describing the consultancy, for every page. */
export function organizationJsonLd(org: OrganizationInfo, site: URL | string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': organizationId(site),
    name: org.name,
    description: org.description,
    url: canonicalUrl('/', site),
    logo: new URL(org.logoPath, site).href,
    telephone: org.contact.phone,
    email: org.contact.email,
    address: org.contact.address,
    sameAs: org.social.map((link) => link.href),
  };
}

/** What the NewsArticle JSON-LD needs from a news item. */
export interface NewsArticleInfo {
  title: string;
  content: string;
  /** The publication day, `YYYY-MM-DD`. */
  publishedIso: string;
  href: string;
}

/** schema.org NewsArticle for a news page, published by the organisation of organizationJsonLd. */
export function newsArticleJsonLd(
  article: NewsArticleInfo,
  publisherName: string,
  site: URL | string,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    description: article.content,
    datePublished: article.publishedIso,
    mainEntityOfPage: canonicalUrl(article.href, site),
    publisher: { '@id': organizationId(site), name: publisherName },
  };
}

/** schema.org FAQPage for the home page's questions. */
export function faqJsonLd(items: { question: string; answer: string }[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

/** schema.org BreadcrumbList for a detail page's trail, with absolute item URLs. */
export function breadcrumbJsonLd(crumbs: Crumb[], site: URL | string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: canonicalUrl(crumb.href, site),
    })),
  };
}

/** Serialises JSON-LD for an inline script; `<` is escaped so content can never close the tag. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
