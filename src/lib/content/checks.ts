// The content checks no single file's schema can make, in an editor's words, one line each: every
// visa type a country names has its visa file, every video listed exists under public/ and every
// video there is listed, every picture referenced exists under images/, and no picture there is
// left unreferenced. The build runs them (src/integrations/content-checks.ts) and so do the content
// tests (tests/content/references.test.ts): one implementation. They read the files as they are;
// a field of the wrong shape is skipped here, since its collection's schema already reports it.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { VISA_TYPES } from '../../../common/domain.ts';
import { MDX_FOLDERS } from './collections.ts';
import { displayPath, filesUnder, readJsonFile, readMdxFolder } from './files.ts';

/** A picture's file extension, as the schemas' image() fields take them. */
const PICTURE = /\.(webp|png|jpe?g|avif|svg)$/i;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every picture path a value references, resolved against the file that holds it. */
function picturesIn(value: unknown, file: string, found: string[] = []): string[] {
  if (typeof value === 'string' && PICTURE.test(value)) found.push(resolve(file, '..', value));
  else if (Array.isArray(value)) value.forEach((item) => picturesIn(item, file, found));
  else if (isRecord(value)) Object.values(value).forEach((item) => picturesIn(item, file, found));
  return found;
}

/** Each picture reference of the content: the absolute path and the file that names it. */
export function referencedPictures(root: string): { path: string; file: string }[] {
  const references: { path: string; file: string }[] = [];
  // The MDX folders' frontmatter and every JSON file may reference pictures.
  for (const folder of MDX_FOLDERS) {
    for (const entry of readMdxFolder(root, folder)) for (const path of picturesIn(entry.data, entry.path)) references.push({ path, file: entry.path });
  }
  for (const name of readdirSync(root).filter((file) => file.endsWith('.json')).sort()) {
    const file = join(root, name);
    for (const path of picturesIn(readJsonFile(root, name), file)) references.push({ path, file });
  }
  return references;
}

/** Pictures referenced that are missing or outside images/. */
export function pictureProblems(root: string): string[] {
  const problems: string[] = [];
  for (const { path, file } of referencedPictures(root)) {
    const shown = relative(root, path);
    if (!existsSync(path)) problems.push(`${displayPath(file)}: the picture ${shown} does not exist (add it under images/ or correct the path)`);
    else if (shown.startsWith('..') || !shown.startsWith('images/')) problems.push(`${displayPath(file)}: the picture ${shown} must be in the content's images/ folder`);
  }
  return problems;
}

/** Pictures in images/ that no entry references (the site leaves them out). */
export function unusedPictures(root: string): string[] {
  const used = new Set(referencedPictures(root).map((reference) => reference.path));
  return filesUnder(join(root, 'images'))
    .filter((path) => !used.has(path))
    .map((path) => `${displayPath(path)} is not used by any entry: reference it from an entry or delete it`);
}

/** Visa types named by countries with no visa file of that type (a name that is no visa type at all is the schema's to report). */
export function visaTypeProblems(root: string): string[] {
  const types = new Set(readMdxFolder(root, 'visas').flatMap((visa) => (isRecord(visa.data) && typeof visa.data['type'] === 'string' ? [visa.data['type']] : [])));
  const problems: string[] = [];
  for (const country of readMdxFolder(root, 'countries')) {
    const named = isRecord(country.data) ? country.data['visaTypes'] : undefined;
    if (!Array.isArray(named)) continue;
    named.forEach((type, index) => {
      if ((VISA_TYPES as readonly unknown[]).includes(type) && !types.has(type as string)) {
        problems.push(`${displayPath(country.path)}, visaTypes › item ${index + 1}: no file in visas/ has the type "${type}" (name one of: ${[...types].sort().join(', ')})`);
      }
    });
  }
  return problems;
}

/** The videos videos.json lists: each entry's place in the file, its URL and its file under publicDir. */
function listedVideos(root: string, publicDir: string): { index: number; url: string; path: string }[] {
  const listed = readJsonFile(root, 'videos.json');
  if (!Array.isArray(listed)) return [];
  return listed.flatMap((video: unknown, index) => {
    const url = isRecord(video) ? video['videoUrl'] : undefined;
    return typeof url === 'string' && url.startsWith('/') ? [{ index, url, path: join(publicDir, url) }] : [];
  });
}

/** Videos listed in videos.json but missing from public/. */
export function videoProblems(root: string, publicDir: string): string[] {
  return listedVideos(root, publicDir)
    .filter(({ path }) => !existsSync(path))
    .map(({ index, url }) => `${displayPath(join(root, 'videos.json'))}, entry ${index + 1}, videoUrl: ${url} does not exist (put the file in ${displayPath(join(publicDir, 'videos'))}/)`);
}

/** Video files in public/videos/ that videos.json does not list. */
export function unlistedVideos(root: string, publicDir: string): string[] {
  const used = new Set(listedVideos(root, publicDir).map(({ path }) => path));
  return filesUnder(join(publicDir, 'videos'))
    .filter((file) => /\.(mp4|webm)$/.test(file) && !used.has(file))
    .map((path) => `${displayPath(path)} is not listed in videos.json: list it or delete it`);
}

/** Every cross-file problem of the content at root, one line each; none when all is well. */
export function contentProblems(root: string, publicDir: string): string[] {
  return [...visaTypeProblems(root), ...videoProblems(root, publicDir), ...pictureProblems(root)];
}

/**
 * Files nothing uses, one line each. They break no page, so the build only warns: the CMS keeps an
 * entry's old picture when an editor replaces it, and a publish must not fail for that. The
 * content tests hold the shipped content to none (tests/content/references.test.ts).
 */
export function contentLeftovers(root: string, publicDir: string): string[] {
  return [...unlistedVideos(root, publicDir), ...unusedPictures(root)];
}
