// The CMS's files on disk, for the script that shows and formats them (scripts/cms-config.ts) and
// the test that checks them (tests/content/cms-config.test.ts): the configuration as text, and each
// content file with the key order the CMS saves it in.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stringify } from 'yaml';
import { COLLECTION_LIST, type CmsCollection } from '../collections.ts';
import { cmsConfig } from './config.ts';
import { formatOf } from './formats.ts';

const ROOT = resolve(import.meta.dirname, '../../../..');

/** The configuration as YAML, to read (the build gives the CMS page the same data: src/integrations/cms.ts). */
export function cmsConfigText(): string {
  return stringify(cmsConfig(), { lineWidth: 0 });
}

/** A content file the CMS edits, with its collection. */
export interface ContentFile {
  path: string;
  collection: CmsCollection;
}

/** Every content file the CMS edits. */
export function contentFiles(contentDir = join(ROOT, 'content')): ContentFile[] {
  return COLLECTION_LIST.flatMap((collection): ContentFile[] => {
    if (collection.kind !== 'folder') return [{ path: join(contentDir, collection.file), collection }];
    const dir = join(contentDir, collection.folder);
    return readdirSync(dir)
      .filter((name) => name.endsWith('.mdx'))
      .sort()
      .map((name) => ({ path: join(dir, name), collection }));
  });
}

/** The file's text as the CMS would save it unchanged. */
export function formattedContent(file: ContentFile, text: string): string {
  const format = formatOf(file.collection);
  return format.toFile(format.fromFile(text));
}
