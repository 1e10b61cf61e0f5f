// The rules of an application's documents, written once. The migration that creates
// the bucket (supabase/migrations/20261122000900_documents.sql) holds the same limits, and
// tests/db/documents-rules.test.ts reads them back from the database so the two cannot drift.
// The browser checks a file against these rules before it uploads, so a visitor hears about a
// file that is too large or of the wrong type at once; the database and Storage refuse it anyway.

/** The private Storage bucket that holds every application's documents. */
export const DOCUMENTS_BUCKET = 'application-documents';

/** At most 10 MB a file (the bucket's file_size_limit, in bytes). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/**
 * At most this many files under one item of an application's checklist: enough for six months of
 * bank statements sent a month a file (the insert policy's count of the item's folder).
 */
export const MAX_DOCUMENTS_PER_ITEM = 6;

/** At most this many items in a visa's checklist (content/visas/*.mdx `documents:`). */
export const MAX_CHECKLIST_ITEMS = 12;

/**
 * At most this many files an application, over all its items (the insert policy's count of the
 * application's folder): the longest checklist with a file an item, and room for several files
 * under a few of them (statements, pages of old passports) and under Other documents.
 */
export const MAX_DOCUMENTS_PER_APPLICATION = 30;

/**
 * An item's key: a slug of lower-case letters and digits in words joined by single hyphens,
 * starting with a letter (`passport`, `bank-statements`), at most MAX_ITEM_KEY_LENGTH characters.
 * The key is the folder of the item's files (paths.ts), so it is stable: a checklist may rename
 * an item, never re-key it. The insert policy takes the same pattern.
 */
export const ITEM_KEY_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
export const MAX_ITEM_KEY_LENGTH = 40;

/** True for a key an item's folder may have. */
export function isItemKey(key: string): boolean {
  return key.length <= MAX_ITEM_KEY_LENGTH && ITEM_KEY_PATTERN.test(key);
}

/**
 * The folder of files that fit no item of the checklist ("Other documents"); no checklist item
 * may take this key. Files stored before checklists had keys, directly in the application's
 * folder, and files of items a checklist no longer has show there too.
 */
export const OTHER_ITEM_KEY = 'other';
export const OTHER_ITEM_LABEL = 'Other documents';

/** An object name's last part (the file name) is at most this many characters. */
export const MAX_DOCUMENT_NAME_LENGTH = 100;

/**
 * The accepted types (the bucket's allowed_mime_types), each with how people call it and the file
 * name extensions it goes by. Some browsers give a HEIC photo no type at all, so the browser
 * names a file's type from its extension when the type is missing (documentType).
 */
export const DOCUMENT_TYPES = {
  'application/pdf': { label: 'PDF', extensions: ['pdf'] },
  'image/jpeg': { label: 'JPEG', extensions: ['jpg', 'jpeg'] },
  'image/png': { label: 'PNG', extensions: ['png'] },
  'image/webp': { label: 'WebP', extensions: ['webp'] },
  'image/heic': { label: 'HEIC', extensions: ['heic', 'heif'] },
} as const;
export type DocumentType = keyof typeof DOCUMENT_TYPES;

/** How people call a media type ("PDF"); the media type itself for one outside DOCUMENT_TYPES. */
export function documentTypeLabel(type: string): string {
  return DOCUMENT_TYPES[type as DocumentType]?.label ?? type;
}

/** The accepted types, for the bucket, the file input's `accept` and the tests. */
export const DOCUMENT_MIME_TYPES = Object.keys(DOCUMENT_TYPES) as DocumentType[];

/** The file input's `accept`: the types and their extensions (a HEIC photo may have no type). */
export const DOCUMENT_ACCEPT = [
  ...DOCUMENT_MIME_TYPES,
  ...Object.values(DOCUMENT_TYPES).flatMap((type) => type.extensions.map((extension) => `.${extension}`)),
].join(',');

/** The application statuses in which an applicant may still add or remove documents. */
export const OPEN_FOR_DOCUMENTS = ['submitted', 'in_review'] as const;

/** The accepted types as people read them: "PDF, JPEG, PNG, WebP or HEIC". */
const DOCUMENT_TYPE_LIST = (() => {
  const labels = Object.values(DOCUMENT_TYPES).map((type) => type.label);
  return `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
})();

/** The size limit as people read it: "10 MB". */
const SIZE_LIMIT = `${MAX_DOCUMENT_BYTES / (1024 * 1024)} MB`;

/** The rules in one sentence, for the upload area and the visa pages. */
export const DOCUMENT_LIMITS = `${DOCUMENT_TYPE_LIST}, up to ${SIZE_LIMIT} each, at most ${MAX_DOCUMENTS_PER_ITEM} files a document and ${MAX_DOCUMENTS_PER_APPLICATION} an application.`;

/** The accepted types a browser shows in the page (as a thumbnail, or opened); HEIC and PDF are not among them. */
export const PREVIEWABLE_TYPES: readonly DocumentType[] = ['image/jpeg', 'image/png', 'image/webp'];

/** What a visitor reads about a document that cannot be attached, one sentence per cause. */
export const DOCUMENT_MESSAGES = {
  tooLarge: (name: string) => `"${name}" is larger than ${SIZE_LIMIT}. Choose a smaller file, or scan it at a lower resolution.`,
  empty: (name: string) => `"${name}" is empty. Choose the file again.`,
  wrongType: (name: string) => `"${name}" is not a ${DOCUMENT_TYPE_LIST} file.`,
  contentMismatch: (name: string, label: string) =>
    `"${name}" is not really a ${label} file. Save it again as ${DOCUMENT_TYPE_LIST} and attach it again.`,
  tooMany: `An application can have at most ${MAX_DOCUMENTS_PER_APPLICATION} documents. Remove one to add another.`,
  itemFull: `This document can have at most ${MAX_DOCUMENTS_PER_ITEM} files. Remove one to add another.`,
  // A file named like one of its item's is stored under a name of its own (uniqueFileName), so this
  // is only heard when two sends of one name cross.
  duplicate: (name: string) => `"${name}" is already attached to this document. Choose it again to add it under a new name.`,
  decided: 'This application has been decided, so its documents can no longer change.',
  // Refused because the application is not the visitor's (any longer): deleted meanwhile, or another account's.
  notTheirs: 'This application is no longer among yours, so its documents cannot change. Reload the page to see your applications.',
  uploadFailed: (name: string) => `"${name}" could not be uploaded. Check your connection and try again.`,
} as const;

/** A byte count as people read it: 900 B, 12 KB, 3.4 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
