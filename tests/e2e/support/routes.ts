// Every route the static site serves, derived from the content files the way the pages derive
// them, so a new country, news item or service page is tested without editing this list.
import { visaTypeSlug, type VisaType } from '../../../common/domain.ts';
import { publicationState } from '../../../src/lib/content/publication.ts';
import { readMdxFolder } from '../../content/content-files.ts';

/** File names (without extension) of a content folder's published MDX entries. */
const entrySlugs = (folder: string) => readMdxFolder(folder).map((file) => file.slug);

/** The news articles the production build publishes: not drafts, not dated after today in Lagos. */
const publishedNewsSlugs = () =>
  readMdxFolder('news')
    .filter((file) => {
      const { draft = false, published } = file.data as { draft?: boolean; published: string };
      return publicationState({ draft, published: String(published) }) === 'published';
    })
    .map((file) => file.slug);

/** The frontmatter ids of a content folder's entries, in order; the pages are `/{route}/{id}`. */
export const entryIds = (folder: string) =>
  readMdxFolder(folder)
    .map((file) => (file.data as { id: number }).id)
    .sort((a, b) => a - b);

/** An id no entry of a content folder has, for the 404 page: one past the highest. */
export const unusedId = (folder: string) => Math.max(0, ...entryIds(folder)) + 1;

/** Account pages, the login-gated visa form the newsletter's token pages and a booking's link page: served, noindex, not in the sitemap. */
export const privateRoutes = ['/login', '/signup', '/reset', '/verify', '/set-password', '/profile', '/admin', '/visa-form', '/unsubscribe', '/newsletter/confirm', '/appointment'];

/** The visa alias routes, one per visa file (`/visa/business-visa`), each a duplicate of `/visa/{id}`. */
export const visaAliasRoutes = readMdxFolder('visas').map((file) => {
  const { id, type } = file.data as { id: number; type: VisaType };
  return { path: `/visa/${visaTypeSlug(type)}`, canonical: `/visa/${id}` };
});

/** Canonical public pages: exactly what the sitemap must list. */
export const publicRoutes = [
  '/',
  '/about',
  '/contact',
  '/contact1',
  '/visa',
  ...entryIds('visas').map((id) => `/visa/${id}`),
  '/services',
  ...entryIds('services').map((id) => `/services/${id}`),
  ...entrySlugs('service-pages').map((slug) => `/service-details/${slug}`),
  ...entryIds('countries').map((id) => `/country/${id}`),
  '/team',
  '/news-media',
  ...publishedNewsSlugs().map((slug) => `/news/${slug}`),
  '/world-media',
  '/privacy',
];

/** Every route that must open with a heading. */
export const allRoutes = [...publicRoutes, ...visaAliasRoutes.map((alias) => alias.path), ...privateRoutes];
