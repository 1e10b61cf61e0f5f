// /news-media/rss.xml: the news as an RSS 2.0 feed, newest first, each item its title, teaser,
// article link and publication day. Only published items: a feed reader has no way to show an
// item as a draft, so even a build that shows drafts on its pages (SHOW_UNPUBLISHED) keeps them out.
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { getNews } from '../../lib/content/news.ts';
import { getSite } from '../../lib/content/settings.ts';

export const GET: APIRoute = async ({ site }) => {
  const [news, settings] = await Promise.all([getNews(), getSite()]);
  return rss({
    title: `${settings.name}: news`,
    description: 'Visa news, interview advice and client success stories from our Lagos consultants.',
    site: site!,
    trailingSlash: false,
    items: news
      .filter((item) => item.state === 'published')
      .map((item) => ({ title: item.title, description: item.content, link: item.href, pubDate: item.published })),
  });
};
