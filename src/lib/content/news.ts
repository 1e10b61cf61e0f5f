// News items (/news-media cards, /news/{slug} articles and the /news-media/rss.xml feed), newest
// first. The one way pages read the news collection, so drafts and scheduled items stay off the
// published site everywhere at once (src/lib/content/publication.ts).
import { getCollection, type CollectionEntry } from 'astro:content';
import { formatConsultancyDate } from '../../../common/consultancy-time.ts';
import { toPicture, type Picture } from '../pictures/picture.ts';
import { publicationState, showsUnpublished, type PublicationState } from './publication.ts';

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
  /** Always 'published' on the published site; drafts and scheduled items show only in development. */
  state: PublicationState;
  entry: CollectionEntry<'news'>;
}


/** The news items this build shows, newest first (ties keep the editors' id order). */
export async function getNews(): Promise<NewsView[]> {
  // MODE, not DEV: DEV follows NODE_ENV, which a build run from a test runner (NODE_ENV=test) or a
  // misconfigured CI may set, while MODE is `development` only under `astro dev`.
  const showAll = showsUnpublished(import.meta.env.MODE === 'development', process.env['SHOW_UNPUBLISHED']);
  const entries = await getCollection('news');
  return entries
    .map((entry): NewsView => {
      const published = new Date(`${entry.data.published}T00:00:00Z`);
      return {
        id: entry.data.id,
        slug: entry.id,
        href: `/news/${entry.id}`,
        title: entry.data.title,
        content: entry.data.content,
        image: toPicture(entry.data.image),
        published,
        publishedIso: entry.data.published,
        publishedLabel: formatConsultancyDate(entry.data.published, 'long'),
        state: publicationState(entry.data),
        entry,
      };
    })
    .filter((item) => showAll || item.state === 'published')
    .sort((a, b) => b.published.getTime() - a.published.getTime() || a.id - b.id);
}
