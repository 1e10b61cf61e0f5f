// The CMS (/cms/, Decap CMS) follows the content schemas: its configuration is generated from them
// (src/lib/content/cms/config.ts) and must be the committed src/cms/config.yml, so adding a field or
// a collection without `npm run cms:config` fails here; every collection of src/content.config.ts is
// in it; what the specification fixes cannot be created or deleted; and every shipped content file
// is already written the way the CMS writes it, so saving an unchanged entry changes no byte.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CMS_COLLECTIONS } from '../../src/lib/content/cms/collections.ts';
import { cmsConfig } from '../../src/lib/content/cms/config.ts';
import { CMS_CONFIG_PATH, cmsConfigText, contentFiles, formattedContent } from '../../src/lib/content/cms/files.ts';
import { PROJECT_ROOT } from './content-files.ts';

type Field = { name: string; widget: string; fields?: Field[]; field?: Field; allow_add?: boolean; allow_remove?: boolean };
type Collection = { name: string; create?: boolean; delete?: boolean; fields?: Field[]; files?: { fields: Field[] }[] };
const collections = (cmsConfig() as { collections: Collection[] }).collections;
const byName = (name: string) => collections.find((collection) => collection.name === name)!;
const fieldsOf = (collection: Collection) => collection.fields ?? collection.files![0]!.fields;

describe('the CMS configuration', () => {
  it('is the committed one (run `npm run cms:config` after changing a schema)', () => {
    expect(readFileSync(join(PROJECT_ROOT, 'src/cms/config.yml'), 'utf8'), CMS_CONFIG_PATH).toBe(cmsConfigText());
  });

  it('has every collection of src/content.config.ts', () => {
    const source = readFileSync(join(PROJECT_ROOT, 'src/content.config.ts'), 'utf8');
    const exported = /export const collections = \{([^}]*)\}/.exec(source)![1]!;
    const names = exported.split(',').map((entry) => entry.split(':')[0]!.trim()).filter(Boolean);
    expect(collections.map((collection) => collection.name).sort()).toEqual(names.sort());
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
    for (const collection of CMS_COLLECTIONS.filter((entry) => entry.images)) {
      expect(JSON.stringify(byName(collection.name)), collection.name).toMatch(/"name":"alt","label":"Description \(alt text\)"/);
    }
  });
});

describe('the shipped content files', () => {
  it.each(contentFiles().map((file) => [relative(PROJECT_ROOT, file.path), file] as const))('%s is written as the CMS writes it (`npm run cms:config -- --format`)', (_, file) => {
    const text = readFileSync(file.path, 'utf8');
    expect(formattedContent(file, text)).toBe(text);
  });
});
