// Writes `dist/_headers` when the build ends: the security headers and cache rules of
// ./policy.ts, each page's policy with the hashes of the inline scripts it really carries. Netlify and
// Cloudflare Pages read the file as it is; the README says what other hosts need, and
// scripts/serve-site.ts serves the same headers locally (`npm start`, the browser tests).
//
// Why not Astro's own CSP (`security.csp`): it writes the policy into each page as a
// <meta http-equiv>, which cannot carry frame-ancestors, adds its bytes to every page's HTML
// (before first paint), and does not hash scripts inlined with set:html (ours, bundled by
// ../inline-scripts.ts). A header carries the whole policy and costs the HTML nothing.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { CaptchaProvider } from '../../lib/captcha.ts';
import { readBuiltPages } from './built-pages.ts';
import { formatHeadersFile } from './headers-file.ts';
import { headerRules } from './policy.ts';

export interface SecurityHeadersOptions {
  /** The site's public origin; an https one makes the headers include HSTS. */
  siteUrl: string;
  /** URLs the browser calls besides the site (the Supabase project, configured notification services). */
  connectUrls: string[];
  /** URLs images are shown from besides the site (the Supabase project, whose signed URLs preview documents). */
  imageUrls: string[];
  /** The CAPTCHA provider of the account forms (login, signup, reset), when one is configured. */
  captcha?: CaptchaProvider | undefined;
  /** The content editor at /cms/ (../cms.ts): the address of its local server. */
  cms?: { localBackendUrl: string };
}

/** The integration that writes `_headers` into the build's output folder. */
export default function securityHeaders({ siteUrl, connectUrls, imageUrls, captcha, cms }: SecurityHeadersOptions): AstroIntegration {
  return {
    name: 'bridgeway:security-headers',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        const pages = await readBuiltPages(outDir);
        const rules = headerRules({
          pages,
          connectOrigins: connectUrls.map((url) => new URL(url).origin),
          imageOrigins: imageUrls.map((url) => new URL(url).origin),
          captcha,
          https: new URL(siteUrl).protocol === 'https:',
          cmsLocalBackendUrl: cms?.localBackendUrl,
        });
        const text = formatHeadersFile(rules, 'Written by the build (src/integrations/security-headers/); edit the policy there.');
        await writeFile(`${outDir}/_headers`, text);
        const hashes = new Set(pages.flatMap((page) => page.scriptHashes));
        logger.info(`_headers written: ${rules.length} rules, ${hashes.size} inline script hashes across ${pages.length} page policies`);
      },
    },
  };
}
