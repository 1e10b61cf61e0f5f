// Every content collection. Editors change files under content/ only; a file that breaks a schema
// fails `astro build` with the file and the field named. Files whose names start with an underscore
// are drafts and are skipped by the loaders. The schemas themselves live in
// src/lib/content/schemas.ts so the content tests validate with the same rules.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import type { Loader } from 'astro/loaders';
import { z } from 'astro/zod';
import {
  continentSchema,
  countrySchema,
  faqSchema,
  newsSchema,
  partnerSchema,
  processStepSchema,
  servicePageSchema,
  serviceSchema,
  settingsSchema,
  teamMemberSchema,
  testimonialSchema,
  testPrepSchema,
  videoSchema,
  visaSchema,
} from './lib/content/schemas.ts';
import { assertUnique } from './lib/content/unique.ts';

// The content root is configurable so tests can build a broken copy of the content without touching
// the real one; everything else uses ./content.
const root = (process.env['CONTENT_DIR'] ?? './content').replace(/\/+$/, '');

/**
 * An MDX folder's loader. Each `unique` field (the numeric id of the entry's URL, a visa's type) must
 * differ from entry to entry, which a schema cannot see: a repeat fails the build naming both files.
 */
function mdx(folder: string, unique: string[] = ['id']): Loader {
  const inner = glob({ pattern: ['**/[^_]*.{md,mdx}'], base: `${root}/${folder}` });
  return {
    name: 'unique-fields-glob-loader',
    load: async (context) => {
      await inner.load(context);
      const entries = [...context.store.values()];
      for (const field of unique) {
        assertUnique(
          field,
          entries.map((entry) => ({ value: entry.data[field], source: entry.filePath ?? entry.id })),
        );
      }
    },
  };
}

/**
 * A JSON file loader that fails the build on a syntax error. Astro's file() loader only logs an
 * unreadable file and carries on with an empty collection, which would hide an editor's typo.
 */
function json(name: string, options: { single?: boolean; unique?: string[] } = {}): Loader {
  const path = `${root}/${name}.json`;
  // site.json holds one object (easier to edit than a one-item list); it becomes the entry `site`.
  // Lists get each entry's place in the file as `position`: Astro hands entries back sorted by id,
  // and editors expect the order they wrote (the specification's order of continents, test-prep cards…).
  const inner = options.single
    ? file(path, { parser: (text) => [{ ...JSON.parse(text), id: name }] })
    : file(path, {
        parser: (text) => (JSON.parse(text) as Record<string, unknown>[]).map((entry, position) => ({ ...entry, position })),
      });
  return {
    name: 'checked-json-loader',
    load: async (context) => {
      const location = fileURLToPath(new URL(path, context.config.root));
      const text = await readFile(location, 'utf-8');
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        throw new Error(`${location} is not valid JSON: ${(error as Error).message}`);
      }
      // Astro's file() loader keeps the last of two entries with one id and only warns.
      if (Array.isArray(parsed)) {
        for (const field of ['id', ...(options.unique ?? [])]) {
          assertUnique(
            field,
            parsed.map((entry: Record<string, unknown>, index) => ({ value: entry?.[field], source: `${location}, entry ${index + 1}` })),
          );
        }
      }
      await inner.load(context);
    },
  };
}

/** The `position` the JSON loader records, so helpers can keep the file's order. */
const position = { position: z.number().int().min(0) };

const visas = defineCollection({ loader: mdx('visas', ['id', 'type']), schema: ({ image }) => visaSchema(image) });
const countries = defineCollection({ loader: mdx('countries'), schema: ({ image }) => countrySchema(image) });
const services = defineCollection({ loader: mdx('services'), schema: ({ image }) => serviceSchema(image) });
const servicePages = defineCollection({ loader: mdx('service-pages', ['order']), schema: ({ image }) => servicePageSchema(image) });
const news = defineCollection({ loader: mdx('news'), schema: ({ image }) => newsSchema(image) });
const team = defineCollection({ loader: mdx('team'), schema: ({ image }) => teamMemberSchema(image) });
const continents = defineCollection({ loader: json('continents'), schema: ({ image }) => continentSchema(image).extend(position) });
const partners = defineCollection({ loader: json('partners'), schema: ({ image }) => partnerSchema(image).extend(position) });
const testimonials = defineCollection({ loader: json('testimonials'), schema: ({ image }) => testimonialSchema(image).extend(position) });
const videos = defineCollection({ loader: json('videos'), schema: ({ image }) => videoSchema(image).extend(position) });
const faq = defineCollection({ loader: json('faq'), schema: faqSchema.extend(position) });
// Named processSteps in code because `process` would shadow Node's global; the collection is `process`.
const processSteps = defineCollection({ loader: json('process', { unique: ['step'] }), schema: processStepSchema.extend(position) });
const testPrep = defineCollection({ loader: json('test-prep'), schema: testPrepSchema.extend(position) });
const settings = defineCollection({ loader: json('site', { single: true }), schema: settingsSchema });

export const collections = {
  visas,
  countries,
  services,
  servicePages,
  news,
  team,
  continents,
  partners,
  testimonials,
  videos,
  faq,
  process: processSteps,
  testPrep,
  settings,
};
