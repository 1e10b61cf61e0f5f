// Every content collection, one for each entry of the registry (src/lib/content/collections.ts),
// with its loader. Editors change files under content/ only; a file that breaks a schema
// fails `astro build` with one plain line per problem: the file, the field and what is expected
// (src/lib/content/editor-errors.ts). The loaders check each entry that way before Astro's own
// validation, whose messages are written for developers. The schemas themselves live in
// src/lib/content/schemas.ts so the content tests validate with the same rules; the checks across
// files (pictures, videos, visa types) are src/integrations/content-checks.ts.
import { readFile } from 'node:fs/promises';
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import type { Loader, LoaderContext } from 'astro/loaders';
import { z } from 'astro/zod';
import { COLLECTIONS, type CollectionDefinition } from './lib/content/collections.ts';
import type { ImageHelper } from './lib/content/schemas.ts';
import { checkForEditor, contentError } from './lib/content/editor-errors.ts';
import { contentRoot, displayPath, imageRelativeTo } from './lib/content/files.ts';
import { assertUnique } from './lib/content/unique.ts';

// The content root is configurable so tests can build a broken copy of the content without touching
// the real one; everything else uses ./content.
const root = contentRoot();

/** A collection's schema, built around an image() helper (Astro's, or the loaders' stand-in). */
type SchemaBuilder = (image: ImageHelper) => z.ZodType;

/**
 * The loader context with a parseData that first validates the entry with the editor's error
 * messages (the stand-in image() checks that each picture exists), then hands it to Astro's.
 * `where` names the entry in the messages: its file, or file and place in a list.
 */
function checkedContext(context: LoaderContext, schema: SchemaBuilder, where: (props: { data: Record<string, unknown>; filePath?: string }) => { file: string; label: string }): LoaderContext {
  return {
    ...context,
    parseData: async (props) => {
      const { file: source, label } = where(props);
      const checked = await checkForEditor(schema(imageRelativeTo(source)), props.data, label);
      if (!checked.ok) throw contentError(checked.message);
      return context.parseData(props);
    },
  };
}

/**
 * An MDX folder's loader. Each `unique` field (the numeric id of the entry's URL, a visa's type) must
 * differ from entry to entry, which a schema cannot see: a repeat fails the build naming both files.
 */
function mdx(folder: string, schema: SchemaBuilder, unique: string[]): Loader {
  const inner = glob({ pattern: ['**/*.{md,mdx}'], base: `${root}/${folder}` });
  return {
    name: 'unique-fields-glob-loader',
    load: async (context) => {
      await inner.load(checkedContext(context, schema, ({ filePath }) => ({ file: filePath!, label: displayPath(filePath!) })));
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
function json(name: string, schema: SchemaBuilder, options: { single?: boolean; unique?: string[] } = {}): Loader {
  const path = `${root}/${name}.json`;
  // site.json holds one object (easier to edit than a one-item list); it becomes the entry `site`.
  // Lists get each entry's place in the file as `position`: Astro hands entries back sorted by id,
  // and editors expect the order they wrote (the specification's order of continents, test-prep cards…).
  const inner = options.single
    ? file(path, { parser: (text) => [{ ...JSON.parse(text), id: name }] })
    : file(path, {
        parser: (text) => (JSON.parse(text) as Record<string, unknown>[]).map((entry, position) => ({ ...entry, position })),
      });
  const shown = displayPath(path);
  return {
    name: 'checked-json-loader',
    load: async (context) => {
      const text = await readFile(path, 'utf-8');
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        throw contentError(`${shown} is not valid JSON: ${(error as Error).message}`);
      }
      // Astro's file() loader keeps the last of two entries with one id and only warns.
      if (Array.isArray(parsed)) {
        for (const field of options.unique ?? []) {
          assertUnique(
            field,
            parsed.map((entry: Record<string, unknown>, index) => ({ value: entry?.[field], source: `${shown}, entry ${index + 1}` })),
          );
        }
      }
      await inner.load(
        checkedContext(context, schema, ({ data }) => ({
          file: path,
          label: typeof data['position'] === 'number' ? `${shown}, entry ${data['position'] + 1}` : shown,
        })),
      );
    },
  };
}

/** The `position` the JSON loader records, so helpers can keep the file's order. */
const position = { position: z.number().int().min(0) };

/** The zod schema a collection's entries have in Astro: a list's items carry their `position`. */
type AstroSchema<C extends CollectionDefinition> = C extends { kind: 'list' } ? z.ZodObject<ReturnType<C['schema']>['shape'] & typeof position> : ReturnType<C['schema']>;

/** The Astro collection of one entry of the registry (src/lib/content/collections.ts). */
function astroCollection<C extends CollectionDefinition>(collection: C): ReturnType<typeof defineCollection> & { schema: (context: { image: ImageHelper }) => AstroSchema<C> } {
  const schema = ((image: ImageHelper) => {
    const base = collection.schema(image);
    return collection.kind === 'list' ? base.extend(position) : base;
  }) as (image: ImageHelper) => AstroSchema<C>;
  const loader =
    collection.kind === 'folder'
      ? mdx(collection.folder, schema, collection.unique)
      : json(collection.file.replace(/\.json$/, ''), schema, collection.kind === 'object' ? { single: true } : { unique: collection.unique });
  // Typed by hand: defineCollection() cannot carry a schema that depends on C through to getCollection().
  return defineCollection({ loader, schema: ({ image }: { image: ImageHelper }) => schema(image) }) as ReturnType<typeof defineCollection> & {
    schema: (context: { image: ImageHelper }) => AstroSchema<C>;
  };
}

type Registry = typeof COLLECTIONS;

/** Every collection of the registry, by name (`getCollection('news')`). */
export const collections = Object.fromEntries(Object.entries(COLLECTIONS).map(([name, collection]) => [name, astroCollection(collection)])) as {
  [Name in keyof Registry]: ReturnType<typeof astroCollection<Registry[Name]>>;
};
