// Each visa type's document checklist (content/visas/*.mdx `documents:`): editors change it by
// editing the file, and the schema keeps it to what the visa page, the visa form, the profile and
// the admin can show: each item with a stable key (the folder of its files), used once.
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { checklistItemSchema, visaSchema } from '../../src/lib/content/schemas.ts';
import {
  MAX_CHECKLIST_ITEMS,
  MAX_DOCUMENTS_PER_APPLICATION,
  MAX_DOCUMENTS_PER_ITEM,
  MAX_ITEM_KEY_LENGTH,
  OTHER_ITEM_KEY,
} from '../../src/lib/document-rules.ts';
import { loadMdxCollection } from './content-files.ts';
import { COLLECTIONS } from '../../src/lib/content/collections.ts';

const visas = loadMdxCollection(COLLECTIONS.visas);
const item = { key: 'passport', name: 'Passport bio page' };
// The checklist field of the visa schema; pictures play no part in it.
const checklist = visaSchema(() => z.any()).shape.documents;
const items = (count: number) => Array.from({ length: count }, (_, index) => ({ key: `document-${index + 1}`, name: `Document ${index + 1}` }));

describe('visa checklists', () => {
  it.each(visas.map((visa) => [visa.data.type, visa.data.documents] as const))(
    '%s lists its documents, each named and keyed once, the passport first',
    (_type, documents) => {
      const names = documents.map((document) => document.name.toLowerCase());
      expect(new Set(names).size).toBe(names.length);
      expect(new Set(documents.map((document) => document.key)).size).toBe(documents.length);
      // Every visa starts from the passport, under one key everywhere: an adviser cannot open a file without it.
      expect(documents[0]).toMatchObject({ key: 'passport', name: 'Passport bio page', optional: false });
    },
  );

  it('keeps a key for the same document across visas (staff and applicants read the same item)', () => {
    const namesByKey = new Map<string, Set<string>>();
    for (const visa of visas) for (const document of visa.data.documents) namesByKey.set(document.key, (namesByKey.get(document.key) ?? new Set()).add(document.name));
    expect(namesByKey.get('passport')).toEqual(new Set(['Passport bio page']));
  });

  it('fits the longest checklist in an application: a file an item, and a full item besides', () => {
    const longest = Math.max(...visas.map((visa) => visa.data.documents.length));
    expect(longest).toBeLessThanOrEqual(MAX_CHECKLIST_ITEMS);
    expect(MAX_CHECKLIST_ITEMS - 1 + MAX_DOCUMENTS_PER_ITEM * 2).toBeLessThanOrEqual(MAX_DOCUMENTS_PER_APPLICATION);
  });

  it('takes as many items as a checklist may have', () => {
    expect(checklist.safeParse(items(MAX_CHECKLIST_ITEMS)).success).toBe(true);
  });

  it('a document is required unless the file says it is optional', () => {
    expect(checklistItemSchema.parse(item).optional).toBe(false);
    expect(checklistItemSchema.parse({ ...item, optional: true }).optional).toBe(true);
  });

  it('names the key used twice, so the build fails with where to look', () => {
    const result = checklist.safeParse([item, { key: 'photo', name: 'Passport photograph' }, { key: 'passport', name: 'Old passports' }]);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: [2, 'key'], message: 'the key "passport" is used twice in this checklist' })]);
  });

  it.each([
    ['no documents', []],
    ['more items than a checklist may have', items(MAX_CHECKLIST_ITEMS + 1)],
    ['a document without a name', [{ key: 'photo', detail: 'Recent, white background' }]],
    ['a document without a key', [{ name: 'Passport bio page' }]],
    ['a one-letter name', [{ key: 'photo', name: 'P' }]],
    ['an optional flag that is not a boolean', [{ ...item, optional: 'yes' }]],
    ['a key with capitals', [{ ...item, key: 'Passport' }]],
    ['a key with a space', [{ ...item, key: 'bank statements' }]],
    ['a key that climbs folders', [{ ...item, key: '..' }]],
    ['a key with a slash', [{ ...item, key: 'passport/page' }]],
    ['a key starting with a digit', [{ ...item, key: '2-photos' }]],
    ['a key with a doubled or trailing hyphen', [{ ...item, key: 'bank--statements' }]],
    ['a key ending in a hyphen', [{ ...item, key: 'bank-' }]],
    ['a key that is too long', [{ ...item, key: 'a'.repeat(MAX_ITEM_KEY_LENGTH + 1) }]],
    ['the key kept for other documents', [{ ...item, key: OTHER_ITEM_KEY }]],
  ])('refuses a checklist with %s', (_case, documents) => {
    expect(checklist.safeParse(documents).success).toBe(false);
  });
});
