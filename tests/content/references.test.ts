// Cross-references between files, which no single schema can check: pictures and videos exist,
// visa types named by countries exist, countries' flags exist in the flag package.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { countrySchema, videoSchema, visaSchema } from '../../src/lib/content/schemas.ts';
import { CONTENT_ROOT, PROJECT_ROOT, filesUnder, imageRelativeTo, loadJsonCollection, loadMdxCollection, readJsonFile, readMdxFolder } from './content-files.ts';

const countries = loadMdxCollection('countries', countrySchema);
const visas = loadMdxCollection('visas', visaSchema);
const videos = loadJsonCollection('videos.json', videoSchema);

/** Every image path referenced anywhere in the content, resolved to an absolute path. */
function referencedImages(): string[] {
  const found: string[] = [];
  const collect = (value: unknown, file: string) => {
    if (typeof value === 'string' && /\.(webp|png|jpe?g|avif|svg)$/i.test(value)) found.push(resolve(file, '..', value));
    else if (Array.isArray(value)) value.forEach((item) => collect(item, file));
    else if (value && typeof value === 'object') Object.values(value).forEach((item) => collect(item, file));
  };
  for (const folder of ['visas', 'countries', 'services', 'service-pages', 'news', 'team']) {
    for (const entry of readMdxFolder(folder)) collect(entry.data, entry.path);
  }
  for (const name of readdirSync(CONTENT_ROOT).filter((file) => file.endsWith('.json'))) {
    const path = join(CONTENT_ROOT, name);
    collect(readJsonFile(name), path);
  }
  return found;
}

describe('pictures', () => {
  const images = referencedImages();

  it('every referenced picture exists under content/images/', () => {
    const missing = images.filter((path) => !existsSync(path)).map((path) => relative(PROJECT_ROOT, path));
    expect(missing).toEqual([]);
    for (const path of images) expect(relative(CONTENT_ROOT, path).startsWith('images/'), path).toBe(true);
  });

  it('no picture under content/images/ is left unreferenced', () => {
    const onDisk = filesUnder(join(CONTENT_ROOT, 'images'));
    const used = new Set(images);
    expect(onDisk.filter((path) => !used.has(path)).map((path) => relative(PROJECT_ROOT, path))).toEqual([]);
  });

  it('the image stand-in rejects a missing file, as the build does', () => {
    const schema = imageRelativeTo(join(CONTENT_ROOT, 'visas', 'tourist-visa.mdx'))();
    expect(schema.safeParse('../images/visas/tourist.webp').success).toBe(true);
    expect(schema.safeParse('../images/visas/no-such-picture.webp').success).toBe(false);
    expect(z.object({ src: schema }).safeParse({ src: 42 }).success).toBe(false);
  });
});

describe('videos', () => {
  it.each(videos.map((video) => [video.name, video.videoUrl] as const))('%s: %s exists under public/', (_name, url) => {
    expect(existsSync(join(PROJECT_ROOT, 'public', url))).toBe(true);
  });
});

describe('countries', () => {
  const visaTypes = new Set(visas.map((visa) => visa.data.type));

  it.each(countries.map((country) => [country.data.name, country.data] as const))('%s lists only visa types that exist', (_name, country) => {
    for (const type of country.visaTypes) expect(visaTypes.has(type)).toBe(true);
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
