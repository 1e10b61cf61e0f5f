// The `?values` imports (src/integrations/build-time-values.ts): a module's exports are written into
// the bundle as the literals the module itself computes, and an export that is not plain data stops
// the build rather than arriving changed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTimeValues } from '../../src/integrations/build-time-values.ts';
import { ISO_COUNTRY_NAMES } from '../../src/lib/forms/iso-country-names.ts';

/** Runs the plugin's load hook on an id, as Vite would; returns its code and the files it watches. */
async function load(id: string): Promise<{ code: unknown; watched: string[] }> {
  const watched: string[] = [];
  const hook = buildTimeValues().load as (this: { addWatchFile: (file: string) => void }, id: string) => Promise<unknown>;
  const code = await hook.call({ addWatchFile: (file) => watched.push(file) }, id);
  return { code, watched };
}

/** The module the plugin's code defines, imported as the bundle would. */
const evaluate = (code: string) => import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`) as Promise<Record<string, unknown>>;

describe('build-time values', () => {
  it('gives the country list exactly as the module sorts it, and watches the module and its data', async () => {
    const file = resolve('src/lib/forms/iso-country-names.ts');
    const { code, watched } = await load(`${file}?values`);
    expect((await evaluate(code as string)).ISO_COUNTRY_NAMES).toEqual(ISO_COUNTRY_NAMES);
    expect(watched).toContain(file);
    expect(watched.some((path) => path.endsWith('langs/en.json'))).toBe(true);
  });

  it('leaves other imports to Vite', async () => {
    expect((await load(resolve('src/lib/forms/iso-country-names.ts'))).code).toBeUndefined();
  });

  it('refuses an export that is not plain data, naming it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'values-')), 'values.ts');
    writeFileSync(file, 'export const ok = [1, 2];\nexport function notData() { return 1; }\n');
    await expect(load(`${file}?values`)).rejects.toThrow(/notData is not plain data/);
  });
});
