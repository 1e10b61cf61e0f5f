// What every collection must satisfy whatever its entries: each validates, and ids are used once
// each, gaps allowed. Editors add or remove an entry by adding or removing a file, so nothing here
// counts entries or names them: what the specification fixes is tests/content/shipped-content.test.ts.
import { describe, expect, it } from 'vitest';
import { COLLECTION_LIST, COLLECTIONS } from '../../src/lib/content/collections.ts';
import { entryId } from '../../src/lib/content/schemas.ts';
import { assertUnique, findDuplicate } from '../../src/lib/content/unique.ts';
import { loadJsonCollection, loadMdxCollection } from './content-files.ts';

/** Every collection of the registry but the site settings (one object), with its entries' data, validated on loading. */
const loaded = COLLECTION_LIST.flatMap((collection) => {
  if (collection.kind === 'object') return [];
  const data: Record<string, unknown>[] = collection.kind === 'folder' ? loadMdxCollection(collection).map((entry) => entry.data) : loadJsonCollection(collection);
  return [{ collection, data }];
});

describe('every collection', () => {
  it.each(loaded.map(({ collection, data }) => [collection.name, data] as const))('%s has entries, each of which validated on loading', (_name, entries) => {
    // A page over an empty collection would show an empty section.
    expect(entries.length).toBeGreaterThan(0);
  });
});

describe('ids and sort keys are used once each', () => {
  // Ids are addresses (/country/{id}) that must not move when an entry is removed, so gaps are
  // allowed; a repeat would put two pages at one URL. The build refuses one (src/content.config.ts),
  // for the fields the registry names.
  it.each(loaded.flatMap(({ collection, data }) => collection.unique.map((field) => [`${collection.name} ${field}`, data.map((entry, index) => ({ value: entry[field], source: `${collection.name} ${index + 1}` }))] as const)))(
    '%s',
    (_name, entries) => {
      expect(entries.length).toBeGreaterThan(0);
      expect(findDuplicate(entries)).toBeUndefined();
    },
  );
});

describe('the id rule', () => {
  const ids = (...values: number[]) => values.map((value, index) => ({ value, source: `entry-${index + 1}.mdx` }));

  it('accepts gaps: removing an entry renumbers nothing', () => {
    expect(findDuplicate(ids(1, 2, 4, 7))).toBeUndefined();
    expect(() => assertUnique('id', ids(3, 1, 10))).not.toThrow();
  });

  it('refuses an id used twice, naming both entries', () => {
    expect(findDuplicate(ids(1, 4, 2, 4))).toEqual({ value: 4, first: 'entry-2.mdx', second: 'entry-4.mdx' });
    expect(() => assertUnique('id', ids(1, 4, 2, 4))).toThrow('id 4 is used twice, by entry-2.mdx and by entry-4.mdx');
  });

  it('leaves a missing value to the schema', () => {
    expect(findDuplicate([{ value: undefined, source: 'a' }, { value: undefined, source: 'b' }])).toBeUndefined();
  });

  it.each([0, -1, 1.5, '3'])('the schema refuses the id %j (positive whole numbers only)', (id) => {
    expect(entryId.safeParse(id).success).toBe(false);
  });
});

describe('copy quality', () => {
  const everyText = JSON.stringify(loaded.map(({ data }) => data));
  const news = loadMdxCollection(COLLECTIONS.news);
  const team = loadMdxCollection(COLLECTIONS.team);
  const testimonials = loadJsonCollection(COLLECTIONS.testimonials);

  it('has no placeholder text', () => {
    expect(everyText).not.toMatch(/lorem|ipsum|placeholder|\bTODO\b|\bTBD\b|example\.com/i);
  });

  it('every news article has a full body of several paragraphs (docs/content.md, news)', () => {
    for (const article of news) {
      expect(article.body.split(/\n\s*\n/).filter((p) => p.trim().length > 0).length, article.slug).toBeGreaterThanOrEqual(6);
    }
  });

  it('every testimonial and team member has a distinct name', () => {
    const names = [...testimonials.map((t) => t.name), ...team.map((t) => t.data.name)];
    expect(new Set(names).size).toBe(names.length);
  });
});
