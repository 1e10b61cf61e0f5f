// Astro writes the code of its <astro-island> element (about 4.4 KB, 1.8 KB gzip) inline into
// every page that has an island, and every page has one: the nav's AuthMenu. That is an eighth
// of the first round trip a page has, for code no island of a signed-out visitor's first view needs
// before the page has painted. When the build ends, this moves it into one fingerprinted file under
// /_astro/ (cached for a year, so each visitor downloads it once), loaded with `defer`.
//
// Why deferred is safe: the element defines itself with customElements.define, which upgrades the
// islands already parsed; an island then starts once the document is parsed (its children are
// all there) and waits for its directive (`client:visible`, `client:session`...), whose inline
// scripts have already registered themselves, or for their event if they come later. The pages
// are rendered on the server, so nothing a visitor sees waits for it.
//
// It must run before ./security-headers/ reads the pages: the policy then no longer lists the hash
// of a script the pages do not carry.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { htmlFiles } from './security-headers/built-pages.ts';

// The runtime's inline script: the one that defines the element. Its text cannot hold `</script>`.
const RUNTIME = /<script>((?:(?!<\/script>)[\s\S])*?customElements\.define\("astro-island"[\s\S]*?)<\/script>/;

/**
 * The page with its inline island runtime replaced by a deferred script at `src`, and the
 * runtime's code; the page unchanged and undefined when it has none.
 */
export function externaliseRuntime(html: string, src: (code: string) => string): { html: string; code: string | undefined } {
  const match = RUNTIME.exec(html);
  if (!match) return { html, code: undefined };
  const code = match[1]!;
  return { html: html.replace(match[0], () => `<script src="${src(code)}" defer></script>`), code };
}

/** The integration that moves the island runtime out of the built pages. */
export default function islandRuntime(): AstroIntegration {
  return {
    name: 'bridgeway:island-runtime',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        const written = new Map<string, string>();
        const fileOf = (code: string) => {
          const name = `/_astro/island-runtime.${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
          written.set(name, code);
          return name;
        };
        let pages = 0;
        for (const file of await htmlFiles(outDir)) {
          const path = join(outDir, file);
          const { html, code } = externaliseRuntime(await readFile(path, 'utf8'), fileOf);
          if (code === undefined) continue;
          await writeFile(path, html);
          pages += 1;
        }
        await mkdir(join(outDir, '_astro'), { recursive: true });
        for (const [name, code] of written) await writeFile(join(outDir, name), code);
        logger.info(`island runtime moved out of ${pages} pages into ${[...written.keys()].join(', ') || 'no file'}`);
      },
    },
  };
}
