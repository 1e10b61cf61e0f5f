// Reads the content files directly (no Astro) and validates them with the same schemas that
// src/content.config.ts gives Astro, both from the one registry (src/lib/content/collections.ts),
// so these tests fail for the same mistakes the build does and for the cross-file mistakes a
// schema cannot see.
import { join, relative, resolve } from 'node:path';
import type { z } from 'astro/zod';
import { describeProblems, editorIssueMessage } from '../../src/lib/content/editor-errors.ts';
import { filesUnder, imageRelativeTo, readJsonFile as readJsonIn, readMdxFolder as readMdxIn, type MdxFile } from '../../src/lib/content/files.ts';
import { settingsSchema, type Settings } from '../../src/lib/content/schemas.ts';
import type { FolderCollection, ListCollection } from '../../src/lib/content/collections.ts';

export { filesUnder, imageRelativeTo, type MdxFile };

export const PROJECT_ROOT = resolve(import.meta.dirname, '../..');
export const CONTENT_ROOT = join(PROJECT_ROOT, 'content');

/** Reads every MD/MDX file of a folder of content/, as the loader does. */
export function readMdxFolder(folder: string): MdxFile[] {
  return readMdxIn(CONTENT_ROOT, folder);
}

/** Reads and parses one JSON file under content/. */
export function readJsonFile(name: string): unknown {
  return readJsonIn(CONTENT_ROOT, name);
}

/** Parses data with a schema and throws the build's error: one plain line per problem, naming the file and field. */
export function validate<T>(schema: z.ZodType<T>, data: unknown, file: string): T {
  const result = schema.safeParse(data, { error: editorIssueMessage });
  if (!result.success) throw new Error(describeProblems(relative(PROJECT_ROOT, file), result.error.issues));
  return result.data;
}

/** An entry's data as its collection's schema gives it. */
type Data<C extends { schema: FolderCollection['schema'] }> = z.infer<ReturnType<C['schema']>>;

/** Validates every entry of a collection's MDX folder; returns slug, body and data. */
export function loadMdxCollection<C extends FolderCollection>(collection: C): { slug: string; body: string; data: Data<C> }[] {
  return readMdxFolder(collection.folder).map((file) => ({
    slug: file.slug,
    body: file.body,
    data: validate(collection.schema(imageRelativeTo(file.path)), file.data, file.path) as Data<C>,
  }));
}

/** Validates every item of a collection's JSON list file. */
export function loadJsonCollection<C extends ListCollection>(collection: C): Data<C>[] {
  const path = join(CONTENT_ROOT, collection.file);
  const items = readJsonFile(collection.file);
  if (!Array.isArray(items)) throw new Error(`content/${collection.file} must hold a list`);
  return items.map((item, index) => validate(collection.schema(imageRelativeTo(path)), item, `${path}, entry ${index + 1}`) as Data<C>);
}

/** content/site.json, validated as the build does (its loader gives the file the id `site`). */
export function loadSettings(): Settings {
  return validate(settingsSchema, { ...(readJsonFile('site.json') as object), id: 'site' }, join(CONTENT_ROOT, 'site.json'));
}
