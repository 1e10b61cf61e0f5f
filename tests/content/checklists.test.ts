// Each visa type's document checklist (content/visas/*.mdx `documents:`, issue 18): editors change
// it by editing the file, and the schema keeps it to what the visa page and the visa form can show.
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { checklistItemSchema, visaSchema } from '../../src/lib/content/schemas.ts';
import { MAX_DOCUMENTS_PER_APPLICATION } from '../../src/lib/documents/rules.ts';
import { loadMdxCollection } from './content-files.ts';

const visas = loadMdxCollection('visas', visaSchema);
const item = { name: 'Passport bio page' };
// The checklist field of the visa schema; pictures play no part in it.
const checklist = visaSchema(() => z.any()).shape.documents;

describe('visa checklists', () => {
  it.each(visas.map((visa) => [visa.data.type, visa.data.documents] as const))(
    '%s lists its documents, each named once',
    (_type, documents) => {
      const names = documents.map((document) => document.name.toLowerCase());
      expect(new Set(names).size).toBe(names.length);
      // Every visa starts from the passport: an adviser cannot open a file without it.
      expect(names.some((name) => name.startsWith('passport bio page'))).toBe(true);
    },
  );

  it('takes as many documents as an application can hold', () => {
    const full = Array.from({ length: MAX_DOCUMENTS_PER_APPLICATION }, (_, index) => ({ name: `Document ${index + 1}` }));
    expect(checklist.safeParse(full).success).toBe(true);
  });

  it('a document is required unless the file says otherwise', () => {
    expect(checklistItemSchema.parse(item).required).toBe(true);
    expect(checklistItemSchema.parse({ ...item, required: false }).required).toBe(false);
  });

  it.each([
    ['no documents', []],
    [
      'more documents than an application can hold',
      Array.from({ length: MAX_DOCUMENTS_PER_APPLICATION + 1 }, (_, index) => ({ name: `Document ${index + 1}` })),
    ],
    ['a document without a name', [{ detail: 'Recent, white background' }]],
    ['a one-letter name', [{ name: 'P' }]],
    ['a required flag that is not a boolean', [{ ...item, required: 'yes' }]],
  ])('refuses a checklist with %s', (_case, documents) => {
    expect(checklist.safeParse(documents).success).toBe(false);
  });
});
