// News items (/news-media cards and /news/{slug} articles), newest first.
import { getCollection, type CollectionEntry } from 'astro:content';
import { toPicture, type Picture } from './pictures.ts';

/** A news card and its article page. */
export interface NewsView {
  id: number;
  slug: string;
  href: string;
  title: string;
  content: string;
  image: Picture;
  published: Date;
  /** The publication day as `YYYY-MM-DD`, for `<time datetime>` and JSON-LD. */
  publishedIso: string;
  /** The publication day as readers see it, e.g. "5 March 2025". */
  publishedLabel: string;
  entry: CollectionEntry<'news'>;
}

// Dates are calendar days: formatting in UTC keeps them from shifting with the build machine's zone.
const labelFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** Every news item, newest first (ties keep the editors' id order). */
export async function getNews(): Promise<NewsView[]> {
  const entries = await getCollection('news');
  return entries
    .map((entry): NewsView => ({
      id: entry.data.id,
      slug: entry.id,
      href: `/news/${entry.id}`,
      title: entry.data.title,
      content: entry.data.content,
      image: toPicture(entry.data.image),
      published: entry.data.published,
      publishedIso: entry.data.published.toISOString().slice(0, 10),
      publishedLabel: labelFormat.format(entry.data.published),
      entry,
    }))
    .sort((a, b) => b.published.getTime() - a.published.getTime() || a.id - b.id);
}
