// Cross-references between files, which no single schema can check. The build runs the same
// checks (src/lib/content/checks.ts, through src/integrations/content-checks.ts): here they pass on
// the shipped content and name each kind of mistake on a broken copy. Also: countries' flags exist
// in the flag package.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { contentLeftovers, contentProblems, pictureProblems, unlistedVideos, unusedPictures, videoProblems, visaTypeProblems } from '../../src/lib/content/checks.ts';
import { CONTENT_ROOT, PROJECT_ROOT, imageRelativeTo, loadMdxCollection } from './content-files.ts';
import { COLLECTIONS } from '../../src/lib/content/collections.ts';

const countries = loadMdxCollection(COLLECTIONS.countries);
const PUBLIC_DIR = join(PROJECT_ROOT, 'public');

describe('the cross-file checks the build runs', () => {
  it('find nothing wrong, and no file nothing uses, in the shipped content', () => {
    expect(contentProblems(CONTENT_ROOT, PUBLIC_DIR)).toEqual([]);
    expect(contentLeftovers(CONTENT_ROOT, PUBLIC_DIR)).toEqual([]);
  });

  describe('on a broken copy, each mistake gets one line naming its file', () => {
    let copy: string;
    let content: string;
    let publicDir: string;
    beforeAll(() => {
      copy = mkdtempSync(join(tmpdir(), 'content-checks-'));
      content = join(copy, 'content');
      publicDir = join(copy, 'public');
      cpSync(CONTENT_ROOT, content, { recursive: true });
      cpSync(join(PUBLIC_DIR, 'videos'), join(publicDir, 'videos'), { recursive: true });
    });
    afterAll(() => {
      if (copy) rmSync(copy, { recursive: true, force: true });
    });
    const edit = (file: string, change: (text: string) => string) => {
      const path = join(content, file);
      const text = readFileSync(path, 'utf-8');
      const changed = change(text);
      expect(changed, 'the edit must change the file').not.toBe(text);
      writeFileSync(path, changed);
      return () => writeFileSync(path, text);
    };

    it('a country naming a visa type that has no visa file', () => {
      const restore = edit('visas/business-visa.mdx', (text) => text.replace('type: Business Visa', 'type: Business Visa 2'));
      try {
        expect(visaTypeProblems(content)).toContainEqual(expect.stringMatching(/countries\/kenya\.mdx, visaTypes › item \d+: no file in visas\/ has the type "Business Visa"/));
      } finally {
        restore();
      }
      expect(visaTypeProblems(content)).toEqual([]);
    });

    it('a listed video that is missing, and a video file nobody lists', () => {
      rmSync(join(publicDir, 'videos', 'study-in-canada.mp4'));
      writeFileSync(join(publicDir, 'videos', 'left-over.mp4'), 'not a real video');
      expect(videoProblems(content, publicDir)).toEqual([expect.stringMatching(/content\/videos\.json, entry 1, videoUrl: \/videos\/study-in-canada\.mp4 does not exist/)]);
      expect(unlistedVideos(content, publicDir)).toEqual([expect.stringMatching(/public\/videos\/left-over\.mp4 is not listed in videos\.json: list it or delete it$/)]);
    });

    it('a picture referenced that does not exist, and a picture nobody references', () => {
      rmSync(join(content, 'images', 'news', 'success.webp'));
      writeFileSync(join(content, 'images', 'team', 'old-portrait.webp'), 'x');
      expect(pictureProblems(content)).toEqual([expect.stringMatching(/news\/success-stories\.mdx: the picture images\/news\/success\.webp does not exist/)]);
      expect(unusedPictures(content)).toEqual([expect.stringMatching(/images\/team\/old-portrait\.webp is not used by any entry: reference it from an entry or delete it$/)]);
    });
  });

  it('the image stand-in rejects a missing file, as the build does', () => {
    const schema = imageRelativeTo(join(CONTENT_ROOT, 'visas', 'tourist-visa.mdx'))();
    expect(schema.safeParse('../images/visas/tourist.webp').success).toBe(true);
    expect(schema.safeParse('../images/visas/no-such-picture.webp').success).toBe(false);
    expect(z.object({ src: schema }).safeParse({ src: 42 }).success).toBe(false);
  });
});

describe('countries', () => {
  it.each(countries.map((country) => [country.data.name, country.data] as const))('%s names each visa type once', (_name, country) => {
    expect(new Set(country.visaTypes).size).toBe(country.visaTypes.length);
  });

  it.each(countries.map((country) => [country.data.name, country.data.flag] as const))('%s flag %s exists in country-flag-icons', (_name, code) => {
    expect(existsSync(join(PROJECT_ROOT, 'node_modules', 'country-flag-icons', '3x2', `${code}.svg`))).toBe(true);
  });

  it('every country shows at least two places with names', () => {
    for (const country of countries) expect(country.data.images.length, country.slug).toBeGreaterThanOrEqual(2);
  });

  it('flags are unique', () => {
    const flags = countries.map((country) => country.data.flag);
    expect(new Set(flags).size).toBe(flags.length);
  });
});
