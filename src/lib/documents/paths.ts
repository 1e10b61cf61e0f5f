// Where a document lives in the bucket: `{user id}/{application id}/{item key}/{file name}`. The
// first folder is the applicant's own (Supabase's usual layout, which the policies check first);
// the second names the application, so its documents list, count and go together; the third is
// the checklist item the file was added for (src/lib/document-rules.ts: ITEM_KEY_PATTERN, or OTHER_ITEM_KEY), so
// which item a file belongs to is part of the upload itself, seen by the policies and kept by
// Storage. Files stored before items had keys sit directly in the application's folder. The file
// name is made safe here, in the browser: the policies refuse any other shape.
import { MAX_DOCUMENT_NAME_LENGTH } from '../document-rules.ts';

/** The folder of one application's documents, with its trailing slash. */
function applicationFolder(userId: string, applicationId: string): string {
  return `${userId}/${applicationId}/`;
}

/** The object name of a document added for the item `itemKey` of an application. */
export function documentPath(userId: string, applicationId: string, itemKey: string, fileName: string): string {
  return `${applicationFolder(userId, applicationId)}${itemKey}/${safeFileName(fileName)}`;
}

/** The characters a stored file name keeps; every other run becomes one `-`. */
const UNSAFE = /[^A-Za-z0-9._ ()-]+/g;

/**
 * A file name Storage and every operating system accept, readable and with its extension kept:
 * accents and symbols become `-`, leading dots go (no hidden or `..` names), and a long name is
 * shortened before its extension to MAX_DOCUMENT_NAME_LENGTH characters.
 */
export function safeFileName(fileName: string): string {
  const cleaned = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(UNSAFE, '-')
    .replace(/^[.\s-]+/, '')
    .trim();
  const name = cleaned || 'document';
  if (name.length <= MAX_DOCUMENT_NAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 6 ? name.slice(dot) : '';
  return name.slice(0, MAX_DOCUMENT_NAME_LENGTH - extension.length).trimEnd() + extension;
}

/**
 * The safe name `fileName` is stored under beside the names an item already holds (`taken`):
 * its safe name, or, when that is taken (phones name every photo image.jpg), the same with
 * " (2)", " (3)"… before its extension, shortened to stay within MAX_DOCUMENT_NAME_LENGTH. So
 * files named alike are all kept; the item's limit of files bounds the count.
 */
export function uniqueFileName(fileName: string, taken: readonly string[]): string {
  const safe = safeFileName(fileName);
  if (!taken.includes(safe)) return safe;
  const dot = safe.lastIndexOf('.');
  const extension = dot > 0 && safe.length - dot <= 6 ? safe.slice(dot) : '';
  const stem = safe.slice(0, safe.length - extension.length);
  for (let n = 2; ; n += 1) {
    const suffix = ` (${n})${extension}`;
    const candidate = `${stem.slice(0, MAX_DOCUMENT_NAME_LENGTH - suffix.length).trimEnd()}${suffix}`;
    if (!taken.includes(candidate)) return candidate;
  }
}

/** The application an object name belongs to: its second folder. */
export function applicationOf(objectName: string): string {
  return objectName.split('/')[1] ?? '';
}

/** The item an object name was added for: its third folder, or undefined for a file stored before items had keys. */
export function itemOf(objectName: string): string | undefined {
  const parts = objectName.split('/');
  return parts.length === 4 ? parts[2] : undefined;
}

/** The file name part of an object name. */
export function fileNameOf(objectName: string): string {
  return objectName.slice(objectName.lastIndexOf('/') + 1);
}
