// Values a page's code would otherwise compute in the browser as it starts, computed once when the
// site is built: importing `./module.ts?values` gives that module's exports, evaluated in Node at
// build time and written into the bundle as JSON literals. Only for exports that are plain data
// (strings, numbers, arrays, objects) and read the same in Node as in a browser. The rule stays
// written once, in the module itself; unit tests import the module as usual.
//
// Why: the signup and profile forms' country list is sorted with the English collation
// (localeCompare), and the first collation a page runs sets up the browser's collation data: about
// 15 ms of main thread on a desktop, four times that on the phone Lighthouse simulates, inside the
// island's start. Sorted at build time, the list costs the browser nothing but its bytes.
import { resolve } from 'node:path';
import { buildSync } from 'esbuild';
import type { Plugin } from 'vite';

const QUERY = '?values';

/** The Vite plugin that answers `?values` imports with the module's exports as literals. */
export function buildTimeValues(): Plugin {
  return {
    name: 'bridgeway:build-time-values',
    async load(id) {
      if (!id.endsWith(QUERY)) return undefined;
      const file = id.slice(0, -QUERY.length);
      // Bundled first (as the inline scripts are), so any Node the build runs on can evaluate it,
      // TypeScript and JSON imports included, and evaluated afresh on every load.
      const result = buildSync({ entryPoints: [file], bundle: true, format: 'esm', platform: 'node', write: false, metafile: true });
      // The dev server evaluates it again when any file it was built from changes.
      for (const input of Object.keys(result.metafile.inputs)) this.addWatchFile(resolve(input));
      const code = result.outputFiles[0]?.text ?? '';
      const exports = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Record<string, unknown>;
      return Object.entries(exports)
        .map(([name, value]) => {
          const json = JSON.stringify(value);
          if (json === undefined) throw new Error(`${file}: the export ${name} is not plain data, so it cannot be computed at build time.`);
          return name === 'default' ? `export default ${json};` : `export const ${name} = ${json};`;
        })
        .join('\n');
    },
  };
}
