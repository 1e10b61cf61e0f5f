// /news-media/rss.xml: the news as an RSS 2.0 feed, newest first, each item its title, teaser,
// article link and publication day. Only published items: a feed reader has no way to show an
// item as a draft, so even a build that shows drafts on its pages (SHOW_UNPUBLISHED) keeps them out.
// The channel names its own address (atom:link rel="self", as the RSS Advisory Board recommends and
// the W3C feed validator asks), so a reader given a copy of the feed knows where it lives.
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { getNews } from '../../lib/content/news.ts';
import { getSite } from '../../lib/content/settings.ts';

/** Where this feed is served, under the site's origin. */
const FEED_PATH = '/news-media/rss.xml';

export const GET: APIRoute = async ({ site }) => {
  const [news, settings] = await Promise.all([getNews(), getSite()]);
  const self = new URL(FEED_PATH, site!).href;
  return rss({
    title: `${settings.name}: news`,
    description: 'Visa news, interview advice and client success stories from our Lagos consultants.',
    site: site!,
    trailingSlash: false,
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    customData: `<atom:link href="${self}" rel="self" type="application/rss+xml"/>`,
    items: news
      .filter((item) => item.state === 'published')
      .map((item) => ({ title: item.title, description: item.content, link: item.href, pubDate: item.published })),
  });
};
