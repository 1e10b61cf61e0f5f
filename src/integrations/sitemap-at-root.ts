// @astrojs/sitemap writes `sitemap-index.xml` and `sitemap-0.xml`; crawlers, site owners and our
// issue tracker all look for `/sitemap.xml` first. This integration runs after it and moves the
// index to that well-known name (the index keeps pointing at `sitemap-0.xml`, which is unchanged).
import { rename } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { SITEMAP_PATH } from '../lib/content/seo.ts';

export default function sitemapAtRoot(): AstroIntegration {
  return {
    name: 'bridgeway:sitemap-at-root',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        await rename(new URL('sitemap-index.xml', dir), new URL(SITEMAP_PATH.slice(1), dir));
      },
    },
  };
}
