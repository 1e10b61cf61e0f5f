// robots.txt: everything public may be crawled; account pages opt out with their own noindex tag
// (a Disallow would stop crawlers from ever seeing it). Points to the sitemap on this site's origin.
import type { APIRoute } from 'astro';
import { SITEMAP_PATH } from '../lib/content/seo.ts';

/** Serves robots.txt with the absolute sitemap URL for the configured site. */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL(SITEMAP_PATH, site).href;
  return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${sitemap}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
