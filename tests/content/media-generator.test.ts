// scripts/generate-media.ts draws exactly the pictures the content uses, at the committed sizes,
// so re-running it after a change cannot silently drop or add a file. Byte-for-byte equality is not
// asserted because SVG rasterisation may differ slightly between machines.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTENT_ROOT, PROJECT_ROOT, filesUnder } from './content-files.ts';

const out = mkdtempSync(join(tmpdir(), 'generated-media-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Files below dir as sorted paths relative to it, so two folders compare equal. */
const listFiles = (dir: string) => filesUnder(dir).map((path) => relative(dir, path));

describe('media generator', { timeout: 120_000 }, () => {
  it('regenerates the committed pictures: the same files at the same sizes', async () => {
    const run = spawnSync(process.execPath, [join(PROJECT_ROOT, 'scripts', 'generate-media.ts'), `--out=${out}`, '--skip-videos'], {
      encoding: 'utf-8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);

    const committed = listFiles(join(CONTENT_ROOT, 'images'));
    expect(listFiles(out)).toEqual(committed);
    for (const file of committed) {
      const [fresh, stored] = await Promise.all([sharp(join(out, file)).metadata(), sharp(join(CONTENT_ROOT, 'images', file)).metadata()]);
      expect([fresh.width, fresh.height], file).toEqual([stored.width, stored.height]);
    }
  });
});
