// Scripts that must run before the page paints (the loading overlay's installer, the behaviour
// loader, the visa form's redirect to /login) are inlined into the HTML: a module script runs only
// after parsing, too late. Astro neither bundles nor minifies an `is:inline` script, so this Vite
// plugin does: importing `./entry.ts?inline-script` gives the entry bundled with everything it
// imports into one minified classic script (an IIFE, so nothing leaks into the page's globals), for
// the browsers the site's own bundles target. An entry imports what it needs like any module, so each
// rule (the stored-session check, the login address, the first-paint wait) is written once.
import { resolve } from 'node:path';
import { buildSync } from 'esbuild';
import type { Plugin } from 'vite';

const QUERY = '?inline-script';

/** Whether a module id is an inline script's (its text is built from other files than its own). */
export const isInlineScript = (id: string): boolean => id.endsWith(QUERY);

/** The entry file bundled into one minified classic script, and the files it was built from. */
function bundleInlineScript(entry: string, target?: string | string[]): { code: string; inputs: string[] } {
  const result = buildSync({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    write: false,
    metafile: true,
    // The project's tsconfig is strict, which would make esbuild prefix "use strict": bytes before
    // first paint that change nothing for this code.
    tsconfigRaw: { compilerOptions: { alwaysStrict: false } },
    ...(target ? { target } : {}),
  });
  const code = result.outputFiles[0]?.text.trim() ?? '';
  // esbuild names the inputs relative to the working directory, which is also where it resolved them.
  return { code, inputs: Object.keys(result.metafile.inputs).map((input) => resolve(input)) };
}

/** The Vite plugin that answers `?inline-script` imports with the bundled script's text. */
export function inlineScripts(): Plugin {
  let target: string | string[] | undefined;
  return {
    name: 'bridgeway:inline-scripts',
    configResolved(config) {
      // The browser bundles' target: the page is rendered in the prerender environment, whose own
      // target is Node's.
      const built = config.environments['client']?.build.target;
      target = typeof built === 'string' || Array.isArray(built) ? built : undefined;
    },
    load(id) {
      if (!isInlineScript(id)) return undefined;
      const { code, inputs } = bundleInlineScript(id.slice(0, -QUERY.length), target);
      // The dev server rebuilds the script when any file it was built from changes.
      for (const input of inputs) this.addWatchFile(input);
      return `export default ${JSON.stringify(code)};`;
    },
  };
}
