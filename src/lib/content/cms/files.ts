// The CMS's files on disk, for the script that writes them (scripts/cms-config.ts) and the test that
// checks them (tests/content/cms-config.test.ts): the configuration's text, and each content file
// with the key order the CMS saves it in.
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { stringify } from 'yaml';
import { CMS_COLLECTIONS, type CmsCollection } from './collections.ts';
import { cmsConfig } from './config.ts';
import { formatOf } from './formats.ts';

const ROOT = resolve(import.meta.dirname, '../../../..');

/** Where the configuration is kept: the CMS page's script embeds it (src/cms/main.ts). */
export const CMS_CONFIG_PATH = relative(process.cwd(), join(ROOT, 'src/cms/config.yml'));

/** The configuration as YAML, with a line saying where it comes from. */
export function cmsConfigText(): string {
  const header = '# Written by `npm run cms:config` from src/lib/content/schemas.ts and src/lib/content/cms/collections.ts: edit those.\n';
  return header + stringify(cmsConfig(), { lineWidth: 0 });
}

/** A content file the CMS edits, with its collection. */
export interface ContentFile {
  path: string;
  collection: CmsCollection;
}

/** Every content file the CMS edits. */
export function contentFiles(contentDir = join(ROOT, 'content')): ContentFile[] {
  return CMS_COLLECTIONS.flatMap((collection): ContentFile[] => {
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
