// Reads the content files directly (no Astro) and validates them with the same schemas that
// src/content.config.ts gives Astro, so these tests fail for the same mistakes the build does and
// for the cross-file mistakes a schema cannot see.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'astro/zod';
import { settingsSchema, type ImageHelper, type Settings } from '../../src/lib/content/schemas.ts';

export const PROJECT_ROOT = resolve(import.meta.dirname, '../..');
export const CONTENT_ROOT = join(PROJECT_ROOT, 'content');

/** One MDX file: its URL slug (the file name), path, parsed frontmatter and body. */
export interface MdxFile {
  slug: string;
  path: string;
  data: unknown;
  body: string;
}

/** Reads every published MD/MDX file of a content folder, skipping `_draft` files as the loader does. */
export function readMdxFolder(folder: string): MdxFile[] {
  const dir = join(CONTENT_ROOT, folder);
  return readdirSync(dir)
    .filter((name) => /\.mdx?$/.test(name) && !name.startsWith('_'))
    .sort()
    .map((name) => {
      const path = join(dir, name);
      const text = readFileSync(path, 'utf-8');
      const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
      if (!match) throw new Error(`${relative(PROJECT_ROOT, path)} has no frontmatter block`);
      return { slug: name.replace(/\.mdx?$/, ''), path, data: parseYaml(match[1]!), body: match[2]! };
    });
}

/** Every file below dir, in any subfolder, as full paths in sorted order. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    })
    .sort();
}

/** Reads and parses one JSON file under content/. */
export function readJsonFile(name: string): unknown {
  return JSON.parse(readFileSync(join(CONTENT_ROOT, name), 'utf-8'));
}

/**
 * A stand-in for Astro's image(): a path relative to the referencing file that must name an
 * existing file. Astro fails the build for a missing image too; this says which one.
 */
export function imageRelativeTo(file: string): ImageHelper {
  return () =>
    z.string().refine((src) => existsSync(resolve(dirname(file), src)), {
      message: 'image file not found',
    });
}

/** Parses data with a schema and throws an error naming the file and the fields that failed. */
export function validate<T>(schema: z.ZodType<T>, data: unknown, file: string): T {
  const result = schema.safeParse(data);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`${relative(PROJECT_ROOT, file)}\n  ${problems.join('\n  ')}`);
  }
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
  return items.map((item, index) => validate(build(imageRelativeTo(path)), item, `${path}[${index}]`));
}

/** content/site.json, validated as the build does (its loader gives the file the id `site`). */
export function loadSettings(): Settings {
  return validate(settingsSchema, { ...(readJsonFile('site.json') as object), id: 'site' }, join(CONTENT_ROOT, 'site.json'));
}
