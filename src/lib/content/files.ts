// The content files read directly, without Astro: where content/ is, each MDX file's frontmatter
// and body, the JSON files, and a stand-in for Astro's image() that checks the picture exists.
// The collections' loaders (src/content.config.ts), the build's cross-file checks
// (src/lib/content/checks.ts) and the content tests all read content through this. Node only.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'astro/zod';
import type { ImageHelper } from './schemas.ts';

/**
 * The content root, absolute: CONTENT_DIR (tests build a broken copy of the content through it)
 * or content/ in the project.
 */
export function contentRoot(projectRoot: string = process.cwd(), env: Record<string, string | undefined> = process.env): string {
  return resolve(projectRoot, (env['CONTENT_DIR'] ?? './content').replace(/\/+$/, ''));
}

/** A file's path as messages name it: relative to the working folder when inside it, else absolute. */
export function displayPath(path: string): string {
  const shown = relative(process.cwd(), path);
  return shown.startsWith('..') ? path : shown;
}

/** One MDX file: its URL slug (the file name), path, parsed frontmatter and body. */
export interface MdxFile {
  slug: string;
  path: string;
  data: unknown;
  body: string;
}

/** Reads every MD/MDX file of a content folder, in file-name order. */
export function readMdxFolder(root: string, folder: string): MdxFile[] {
  const dir = join(root, folder);
  return readdirSync(dir)
    .filter((name) => /\.mdx?$/.test(name))
    .sort()
    .map((name) => {
      const path = join(dir, name);
      const text = readFileSync(path, 'utf-8');
      const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
      if (!match) throw new Error(`${displayPath(path)} has no frontmatter block (the fields between two --- lines at the top)`);
      return { slug: name.replace(/\.mdx?$/, ''), path, data: parseYaml(match[1]!), body: match[2]! };
    });
}

/** Every file below dir, in any subfolder, as full paths in sorted order; none when dir is missing. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    })
    .sort();
}

/** Reads and parses one JSON file of the content root. */
export function readJsonFile(root: string, name: string): unknown {
  const path = join(root, name);
  try {
    return JSON.parse(readFileSync(path, 'utf-8'));
  } catch (error) {
    throw new Error(`${displayPath(path)} is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * A stand-in for Astro's image(): a path relative to the referencing file that must name an
 * existing file. Astro fails the build for a missing image too; this says which one, plainly.
 */
export function imageRelativeTo(file: string): ImageHelper {
  return () =>
    z.string().refine((src) => existsSync(resolve(dirname(file), src)), {
      error: (issue) => `names a picture that does not exist: ${String(issue.input)} (the path is relative to this file; pictures go in images/)`,
    });
}
