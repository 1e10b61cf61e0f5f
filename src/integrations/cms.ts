// Builds the content editor at /cms/ (Decap CMS, src/cms/main.ts) when the site's build ends: its
// script (Decap's modules with the site's own React, and the configuration) bundled with esbuild
// into dist/cms/, the site's stylesheet for the preview pane, and a page that loads them. Nothing of it
// reaches a public page: the CMS is a page of its own, out of the sitemap (it is no Astro route),
// marked noindex, with its own policy in _headers (./security-headers/policy.ts).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { cmsConfig } from '../lib/content/cms/config.ts';
import { PUBLISH_STATUS_FILE, type PublishStatus } from '../lib/content/cms/publish-status.ts';

/** Where the CMS is served. */
export const CMS_PATH = '/cms/';

export interface CmsOptions {
  /** The site's origin, where the sign-in pages are (/cms/oauth). */
  siteUrl: string;
  /** The GitHub repository editors save to (owner/name); unset, production sign-in cannot save. */
  repo: string | undefined;
  /** decap-server's API, which `npm start` runs on the editor's machine against the working copy. */
  localBackendUrl: string;
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The page: no inline script, so its policy needs no hash. */
function page(script: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Content editor</title>
</head>
<body>
<script src="${CMS_PATH}${script}"></script>
</body>
</html>
`;
}

export default function cms(options: CmsOptions): AstroIntegration {
  return {
    name: 'bridgeway:cms',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = join(fileURLToPath(dir), 'cms');
        const common = { bundle: true, minify: true, write: true, outdir: outDir, metafile: true, logLevel: 'warning' as const, absWorkingDir: root };
        const style = await build({ ...common, entryPoints: ['src/styles/global.css'], entryNames: 'preview-[hash]' });
        const previewStyle = Object.keys(style.metafile!.outputs).find((file) => file.endsWith('.css'))!;
        const settings = {
          repo: options.repo,
          localBackendUrl: options.localBackendUrl,
          siteUrl: new URL(options.siteUrl).origin,
          previewStyle: `${CMS_PATH}${previewStyle.split('/').pop()}`,
          publishStatusUrl: `${CMS_PATH}${PUBLISH_STATUS_FILE}`,
        };
        const script = await build({
          ...common,
          entryPoints: ['src/cms/main.ts'],
          entryNames: 'cms-[hash]',
          format: 'iife',
          target: 'es2022',
          // The configuration as data, generated here from the schemas: no copy of it to commit and
          // keep in step, and nothing to parse again in the editor's browser.
          define: { 'process.env.NODE_ENV': '"production"', __CMS_SETTINGS__: JSON.stringify(settings), __CMS_CONFIG__: JSON.stringify(cmsConfig()) },
        });
        const scriptFile = Object.keys(script.metafile!.outputs).find((file) => file.endsWith('.js'))!.split('/').pop()!;
        await writeFile(join(outDir, 'index.html'), page(scriptFile));
        // This build is what the site shows once it is served: the CMS reads it as "live". A local
        // rebuild rewrites it while it runs and when it fails (scripts/site-rebuild.ts).
        const live: PublishStatus = { state: 'published', at: new Date().toISOString() };
        await writeFile(join(outDir, PUBLISH_STATUS_FILE), `${JSON.stringify(live)}\n`);
        logger.info(`${CMS_PATH}: ${scriptFile}`);
      },
    },
  };
}
