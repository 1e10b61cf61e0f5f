// Every route the static site serves, derived from the content files the way the pages derive
// them, so a new country, news item or service page is tested without editing this list.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { VISA_TYPES, visaTypeSlug } from '../../../src/lib/domain.ts';

const contentDir = join(import.meta.dirname, '..', '..', '..', 'content');

/** File names (without extension) of a content folder's published MDX entries. */
function entrySlugs(folder: string): string[] {
  return readdirSync(join(contentDir, folder))
    .filter((name) => /\.mdx?$/.test(name) && !name.startsWith('_'))
    .map((name) => name.replace(/\.mdx?$/, ''))
    .sort();
}

const range = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

/** Account pages and the login-gated visa form: served, noindex, not in the sitemap. */
export const privateRoutes = ['/login', '/signup', '/reset', '/profile', '/admin', '/visa-form'];

/** The visa alias routes, one per type (`/visa/business-visa`), each a duplicate of `/visa/{id}`. */
export const visaAliasRoutes = VISA_TYPES.map((type, index) => ({
  path: `/visa/${visaTypeSlug(type)}`,
  canonical: `/visa/${index + 1}`,
}));

/** Canonical public pages: exactly what the sitemap must list. */
export const publicRoutes = [
  '/',
  '/about',
  '/contact',
  '/contact1',
  '/visa',
  ...range(6).map((id) => `/visa/${id}`),
  '/services',
  ...range(5).map((id) => `/services/${id}`),
  ...entrySlugs('service-pages').map((slug) => `/service-details/${slug}`),
  ...range(10).map((id) => `/country/${id}`),
  '/team',
  '/news-media',
  ...entrySlugs('news').map((slug) => `/news/${slug}`),
  '/world-media',
];

/** Every route that must open with a heading. */
export const allRoutes = [...publicRoutes, ...visaAliasRoutes.map((alias) => alias.path), ...privateRoutes];
