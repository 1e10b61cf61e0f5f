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
  entry: CollectionEntry<'news'>;
}

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
      entry,
    }))
    .sort((a, b) => b.published.getTime() - a.published.getTime() || a.id - b.id);
}
