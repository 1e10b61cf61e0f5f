// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { isSitemapUrl } from './src/lib/content/seo.ts';
import sitemapAtRoot from './src/integrations/sitemap-at-root.ts';
import clientDirectives from './src/integrations/client-directives/index.ts';
import { inlineScripts } from './src/integrations/inline-scripts.ts';
import { buildTimeValues } from './src/integrations/build-time-values.ts';
import securityHeaders from './src/integrations/security-headers/index.ts';
import islandRuntime from './src/integrations/island-runtime.ts';
import pruneScopedStyles from './src/integrations/prune-scoped-styles.ts';
import contentChecks from './src/integrations/content-checks.ts';
import cms from './src/integrations/cms.ts';
import { readSupabaseSettings } from './src/lib/supabase.ts';
import { exitOnConfigError, loadProjectEnv } from './common/env.ts';
import { readSiteEnv } from './src/lib/site-env.ts';

// The build reads .env as the backend does (Vite reads it too, for the PUBLIC_* values), and a bad
// value stops it with one line naming the variable (src/lib/site-env.ts).
loadProjectEnv();
const env = exitOnConfigError(() => readSiteEnv(process.env));
// What the browser may call besides the site: the Supabase project the build talks to, and the
// CAPTCHA provider only when it is configured (the
// Content-Security-Policy's connect-src, and script-src and frame-src for the CAPTCHA). Images
// come from the Supabase project too: the admin previews documents through their signed URLs.
const supabaseUrl = readSupabaseSettings(process.env).url;
const connectUrls = [supabaseUrl];
// The content editor (/cms/) saves through decap-server on the editor's machine when it runs there.
const cmsLocalBackendUrl = `http://localhost:${env.CMS_LOCAL_PORT}/api/v1`;
const captcha = env.PUBLIC_CAPTCHA_PROVIDER && env.PUBLIC_CAPTCHA_SITE_KEY ? env.PUBLIC_CAPTCHA_PROVIDER : undefined;

export default defineConfig({
  // The public origin is used for canonical URLs, Open Graph and the sitemap. Production sets
  // SITE_URL; locally the default keeps every URL absolute and stable for tests.
  site: env.SITE_URL,
  // Separate output and cache folders let several builds (tests, benchmarks) run side by side.
  outDir: env.ASTRO_OUT_DIR,
  cacheDir: env.ASTRO_CACHE_DIR,
  output: 'static',
  // Scoped styles mark their elements with a class (`class="card astro-mx574jlw"`) rather than a
  // `data-astro-cid-mx574jlw` attribute each: the same specificity, 130-230 bytes less gzip per page.
  scopedStyleStrategy: 'class',
  trailingSlash: 'never',
  // The site's CSS is a few kilobytes per page: inlining it removes render-blocking requests, which
  // is worth more to first paint on a slow phone than caching the file across pages.
  build: { format: 'file', inlineStylesheets: 'always' },
  // The sitemap lists canonical public pages only: no account pages, no /visa/{type-slug} aliases.
  // sitemapAtRoot must come after sitemap(): it moves the index that one writes to /sitemap.xml.
  // clientDirectives adds `client:session` (hydrate only with a stored session), used by the nav,
  // `client:interaction` (hydrate on first use: the footer newsletter and contact forms) and
  // `client:painted` (client:idle after first contentful paint: the account pages).
  // islandRuntime moves Astro's inline island code into cached files the pages load after first
  // paint; pruneScopedStyles takes off each page the scope classes and scoped rules it cannot use;
  // cms builds the content editor into dist/cms/ (its own page, not an Astro route);
  // securityHeaders writes dist/_headers from the built pages (their inline scripts' hashes),
  // so it comes last. contentChecks stops a build whose content refers to a missing file or leaves
  // one unused (src/lib/content/checks.ts).
  integrations: [
    contentChecks(),
    mdx(),
    react(),
    clientDirectives(),
    sitemap({ filter: isSitemapUrl }),
    sitemapAtRoot(),
    islandRuntime(),
    pruneScopedStyles(),
    cms({ siteUrl: env.SITE_URL, repo: env.CMS_GITHUB_REPO, localBackendUrl: cmsLocalBackendUrl }),
    securityHeaders({ siteUrl: env.SITE_URL, connectUrls, imageUrls: [supabaseUrl], captcha, cms: { localBackendUrl: cmsLocalBackendUrl } }),
  ],
  // `import code from './entry.ts?inline-script'`: the scripts inlined before first paint, bundled and
  // minified; `import { X } from './module.ts?values'`: a module's exports computed at build time.
  vite: { plugins: [inlineScripts(), buildTimeValues()] },
  server: { host: '127.0.0.1', port: 4321 },
});
