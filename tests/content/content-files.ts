// Reads the content files directly (no Astro) and validates them with the same schemas that
// src/content.config.ts gives Astro, so these tests fail for the same mistakes the build does and
// for the cross-file mistakes a schema cannot see.
import { join, relative, resolve } from 'node:path';
import type { z } from 'astro/zod';
import { describeProblems, editorIssueMessage } from '../../src/lib/content/editor-errors.ts';
import { filesUnder, imageRelativeTo, readJsonFile as readJsonIn, readMdxFolder as readMdxIn, type MdxFile } from '../../src/lib/content/files.ts';
import { settingsSchema, type ImageHelper, type Settings } from '../../src/lib/content/schemas.ts';

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

/** Validates every entry of an MDX folder with a schema builder; returns slug and data. */
export function loadMdxCollection<T>(folder: string, build: (image: ImageHelper) => z.ZodType<T>) {
  return readMdxFolder(folder).map((file) => ({
    slug: file.slug,
    body: file.body,
    data: validate(build(imageRelativeTo(file.path)), file.data, file.path),
  }));
}

/** Validates every item of a JSON list file with a schema builder. */
export function loadJsonCollection<T>(name: string, build: (image: ImageHelper) => z.ZodType<T>): T[] {
  const path = join(CONTENT_ROOT, name);
  const items = readJsonFile(name);
  if (!Array.isArray(items)) throw new Error(`content/${name} must hold a list`);
  return items.map((item, index) => validate(build(imageRelativeTo(path)), item, `${path}, entry ${index + 1}`));
}

/** content/site.json, validated as the build does (its loader gives the file the id `site`). */
export function loadSettings(): Settings {
  return validate(settingsSchema, { ...(readJsonFile('site.json') as object), id: 'site' }, join(CONTENT_ROOT, 'site.json'));
}
