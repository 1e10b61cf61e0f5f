// The CMS (/cms/, Decap CMS) follows the content schemas: the build generates its configuration
// from them and the one registry of collections (src/lib/content/cms/config.ts), so a new field or
// collection reaches it with no step to remember. Checked here: what the specification fixes cannot
// be created or deleted; ids are shown, never typed; the news list says what is live; a date is a
// day within the schema's years; and every shipped content file is already written the way the
// CMS writes it, so saving an unchanged entry changes no byte.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { COLLECTION_LIST } from '../../src/lib/content/collections.ts';
import { cmsConfig } from '../../src/lib/content/cms/config.ts';
import { contentFiles, formattedContent } from '../../src/lib/content/cms/files.ts';
import { ALT_TEXT_WIDGET, PICTURE_WIDGET } from '../../src/lib/content/cms/widgets.ts';
import { newsSchema, PUBLICATION_DATES } from '../../src/lib/content/schemas.ts';
import { PROJECT_ROOT } from './content-files.ts';

type Field = { name: string; widget: string; fields?: Field[]; field?: Field; allow_add?: boolean; allow_remove?: boolean };
type Collection = { name: string; create?: boolean; delete?: boolean; fields?: Field[]; files?: { fields: Field[] }[] };
const collections = (cmsConfig() as { collections: Collection[] }).collections;
const byName = (name: string) => collections.find((collection) => collection.name === name)!;
const fieldsOf = (collection: Collection) => collection.fields ?? collection.files![0]!.fields;

describe('the CMS configuration', () => {
  it('has every collection of the registry, in its order', () => {
    expect(collections.map((collection) => collection.name)).toEqual(COLLECTION_LIST.map((collection) => collection.name));
  });

  it('lists news newest first by date, each line with its date, number and a draft mark', () => {
    expect(byName('news')).toMatchObject({ sortable_fields: [{ field: 'published', default_sort: 'desc' }, 'title'] });
    expect((byName('news') as { summary?: string }).summary).toBe("{{published}} · No. {{id}} · {{title}}{{draft | ternary(' · Draft: not on the site', '')}}");
  });

  it("gives the publication date the calendar-date widget, bounded by the schema's years", () => {
    const published = fieldsOf(byName('news')).find((field) => field.name === 'published');
    expect(published).toMatchObject({ widget: 'calendar-date', ...PUBLICATION_DATES });
    const schema = newsSchema(() => z.string()).shape.published;
    expect(schema.safeParse(PUBLICATION_DATES.min).success).toBe(true);
    expect(schema.safeParse('1906-12-06').success).toBe(false);
  });

  it('keeps the schemas\' key order', () => {
    expect(fieldsOf(byName('news')).map((field) => field.name).slice(0, 5)).toEqual(['id', 'title', 'content', 'image', 'published']);
    expect(fieldsOf(byName('visas')).find((field) => field.name === 'documents')!.fields!.map((field) => field.name)).toEqual(['key', 'name', 'detail', 'optional']);
  });

  it('creates and deletes only where the specification gives no count', () => {
    for (const name of ['visas', 'servicePages', 'team', 'services']) expect([name, byName(name).create, byName(name).delete]).toEqual([name, false, false]);
    for (const name of ['continents', 'partners', 'videos', 'faq', 'process', 'testPrep']) {
      const items = fieldsOf(byName(name))[0]!;
      expect([name, items.allow_add, items.allow_remove]).toEqual([name, false, false]);
    }
    expect([byName('news').create, byName('news').delete]).toEqual([true, true]);
  });

  it('shows ids, visa types and checklist keys without letting them change, and never offers the timings or the copyright year', () => {
    const visa = fieldsOf(byName('visas'));
    expect(visa.find((field) => field.name === 'id')!.widget).toBe('fixed');
    expect(visa.find((field) => field.name === 'type')!.widget).toBe('fixed');
    expect(visa.find((field) => field.name === 'documents')!.fields!.find((field) => field.name === 'key')!.widget).toBe('fixed');
    const settings = fieldsOf(byName('settings')).map((field) => field.name);
    expect(settings).not.toContain('timings');
    expect(settings).not.toContain('copyrightYear');
    expect(settings).toContain('contact');
  });

  it("offers a country's visa types as a pick-list of the existing visas", () => {
    expect(fieldsOf(byName('countries')).find((field) => field.name === 'visaTypes')).toMatchObject({ widget: 'relation', collection: 'visas', value_field: 'type', multiple: true });
  });

  it('gives every picture a required description', () => {
    for (const collection of COLLECTION_LIST.filter((entry) => entry.images)) {
      expect(JSON.stringify(byName(collection.name)), collection.name).toMatch(/"name":"alt","label":"Description \(alt text\)"/);
    }
  });

  it("pairs each picture with its description, which is emptied when the picture is replaced (a nested picture and a list's)", () => {
    const news = fieldsOf(byName('news')).find((field) => field.name === 'image')!.fields!;
    expect(news.map((field) => [field.name, field.widget])).toEqual([
      ['src', PICTURE_WIDGET],
      ['alt', ALT_TEXT_WIDGET],
    ]);
    const places = fieldsOf(byName('countries')).find((field) => field.name === 'images')!.fields!;
    expect(places.find((field) => field.name === 'src')!.widget).toBe(PICTURE_WIDGET);
    expect(places.find((field) => field.name === 'alt')!.widget).toBe(ALT_TEXT_WIDGET);
    // Only a picture's alt is one: another text beside it stays a plain text.
    expect(places.find((field) => field.name === 'placeName')!.widget).toBe('string');
  });
});

describe('the shipped content files', () => {
  it.each(contentFiles().map((file) => [relative(PROJECT_ROOT, file.path), file] as const))('%s is written as the CMS writes it (`npm run cms:config -- --format`)', (_, file) => {
    const text = readFileSync(file.path, 'utf8');
    expect(formattedContent(file, text)).toBe(text);
  });
});
