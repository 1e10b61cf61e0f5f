// Astro writes the code of its <astro-island> element (4.4 KB, 1.6 KB gzip) and of each hydration
// directive a page uses (`client:visible`, `client:session`...; 0.1-0.2 KB gzip each) inline into
// every page that has an island, and every page has one: the nav's account menu. That was an eighth
// of a page's first round trip, for code no island of a signed-out visitor's first view needs before
// the page has painted. When the build ends, this moves a page's island scripts into one
// fingerprinted file under /_astro/ (cached for a year; the pages with the same islands, most of
// them, share it), named inside the page's <template data-deferred-behaviours>: the page's loader
// adds it after first paint (src/page-scripts/deferred-behaviours.ts). One file rather than one per
// script: each request costs its headers and, for a signed-in visitor whose scripts do not wait for
// the page's load, a share of the connection.
//
// Why late is safe: the element defines itself with customElements.define, which upgrades the
// islands already in the page; each island then calls its directive, which the file's earlier
// part has registered (the element's code reads the global the first directive creates). The pages are rendered on
// the server, so nothing a visitor sees waits for them. A directive that arrives after the visitor
// has already used its island hydrates it at once (client-directives/interaction.ts), and a submit
// made before then is held (src/page-scripts/hold-early-submits.ts).
//
// Not loaded with `defer`: a script the browser finds before first paint counts into Lighthouse's
// simulated largest paint (about 300 ms later on every page when this was tried), and on a phone its
// request shares the connection with the page's lead picture.
//
// It must run before ./security-headers/ reads the pages: the policy then no longer lists the hashes
// of scripts the pages no longer carry.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { rewritePages } from './security-headers/built-pages.ts';

/** An inline script's code (its text cannot hold `</script>`). */
const INLINE_SCRIPT = /<script>((?:(?!<\/script>)[\s\S])*?)<\/script>/g;
/** Where the page's loader keeps the scripts it adds late (src/components/widgets/GlobalBehaviours.astro); the tag may carry a scope class. */
const DEFERRED_TEMPLATE = /<template data-deferred-behaviours\b[^>]*>/;

/** What an inline script of Astro's is (`astro-island`, the element, or `client-visible` and the like, a directive), or undefined when it is not Astro's. */
export function islandScriptName(code: string): string | undefined {
  if (code.includes('customElements.define("astro-island"')) return 'astro-island';
  const directive = /\(self\.Astro\|\|\(self\.Astro=\{\}\)\)\.([a-z]+)=[\s\S]*new Event\("astro:\1"\)/.exec(code)?.[1];
  return directive && `client-${directive}`;
}

/** An island of the page and its directive: `<astro-island ... client="visible" ...>`. */
const ISLAND = /<astro-island\b[^>]*?\bclient="([a-z]+)"/g;

/**
 * The page with Astro's inline island scripts taken out and named, as one file, at the start of its
 * deferred template; and that file's code (the directives first: the element's code calls them as
 * soon as it runs), or undefined when the page has none. Throws when a page with islands has no
 * template (its islands would never start), and when the page's islands need a script that
 * `islandScriptName` did not recognise: Astro writes its island code differently (an upgrade), and
 * the page would otherwise ship it inline again, unnoticed.
 */
export function externaliseIslandScripts(html: string, src: (code: string) => string): { html: string; code: string | undefined } {
  const scripts: { name: string; code: string }[] = [];
  const without = html.replace(INLINE_SCRIPT, (whole, code: string) => {
    const name = islandScriptName(code);
    if (!name) return whole;
    scripts.push({ name, code });
    return '';
  });
  const directives = [...html.matchAll(ISLAND)].map((match) => `client-${match[1]}`);
  const needed = new Set(directives.length > 0 ? ['astro-island', ...directives] : []);
  const unmatched = [...needed].filter((name) => !scripts.some((script) => script.name === name));
  if (unmatched.length > 0) {
    throw new Error(
      `a page with islands has no inline script recognised as ${unmatched.join(', ')}: Astro's island code changed; update islandScriptName (src/integrations/island-runtime.ts)`,
    );
  }
  if (scripts.length === 0) return { html, code: undefined };
  if (!DEFERRED_TEMPLATE.test(without)) throw new Error('a page with islands has no <template data-deferred-behaviours>');
  const ordered = [...scripts.filter((s) => s.name !== 'astro-island'), ...scripts.filter((s) => s.name === 'astro-island')];
  const code = ordered.map((s) => s.code).join('\n');
  return { html: without.replace(DEFERRED_TEMPLATE, (tag) => `${tag}<script src="${src(code)}"></script>`), code };
}

/** The integration that moves the island scripts out of the built pages. */
export default function islandRuntime(): AstroIntegration {
  return {
    name: 'bridgeway:island-runtime',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        const written = new Map<string, string>();
        const fileOf = (code: string) => {
          const file = `/_astro/islands.${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
          written.set(file, code);
          return file;
        };
        const pages = await rewritePages(outDir, (html) => {
          const page = externaliseIslandScripts(html, fileOf);
          return page.code === undefined ? undefined : page.html;
        });
        await mkdir(join(outDir, '_astro'), { recursive: true });
        for (const [name, code] of written) await writeFile(join(outDir, name), code);
        logger.info(`island scripts moved out of ${pages} pages into ${written.size} files`);
      },
    },
  };
}
