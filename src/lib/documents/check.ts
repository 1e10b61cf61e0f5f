// The browser's check of a chosen file, before anything is sent: a visitor hears at once that a
// file is empty, too large, of a type we do not take, not what its name says (a PNG renamed to
// .pdf), or one too many for its item or its application (a file named like one of its item's is
// not refused: it is stored under a name of its own, paths.ts). Storage and its policies refuse all of these anyway;
// this only saves a wasted upload and says why in the visitor's words.
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPES,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS_PER_APPLICATION,
  MAX_DOCUMENTS_PER_ITEM,
  PREVIEWABLE_TYPES,
  type DocumentType,
} from '../document-rules.ts';
import { essence, signatureMatches } from '../../../common/file-signatures.ts';

/** What the check reads of a chosen file (a File has all three). */
interface FileFacts {
  name: string;
  type: string;
  size: number;
}

/** The extension of a file name in lower case, without its dot ('' when it has none). */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The accepted type a file is sent as: its own type when the browser gave an accepted one, else
 * the type its extension names (a HEIC photo often comes with no type, and some systems give a
 * PDF an unusual one); undefined when neither is accepted. The first bytes decide in the end.
 */
export function documentType(file: Pick<FileFacts, 'name' | 'type'>): DocumentType | undefined {
  const declared = essence(file.type);
  if (declared in DOCUMENT_TYPES) return declared as DocumentType;
  if (declared === 'image/heif') return 'image/heic';
  const extension = extensionOf(file.name);
  const types = Object.entries(DOCUMENT_TYPES) as [DocumentType, { extensions: readonly string[] }][];
  return types.find(([, type]) => type.extensions.includes(extension))?.[0];
}

/** The documents a file would join, stored or waiting to be sent. */
export interface Attached {
  /** The safe file names under the file's item. */
  inItem: readonly string[];
  /** How many the application has over all its items. */
  total: number;
}

/**
 * Why `file` cannot be attached to its item beside the documents already `attached`, given its
 * first bytes `head`; undefined when it can.
 */
export function documentProblem(file: FileFacts, head: Uint8Array, attached: Attached): string | undefined {
  if (attached.total >= MAX_DOCUMENTS_PER_APPLICATION) return DOCUMENT_MESSAGES.tooMany;
  if (attached.inItem.length >= MAX_DOCUMENTS_PER_ITEM) return DOCUMENT_MESSAGES.itemFull;
  if (file.size === 0) return DOCUMENT_MESSAGES.empty(file.name);
  const type = documentType(file);
  if (!type) return DOCUMENT_MESSAGES.wrongType(file.name);
  if (file.size > MAX_DOCUMENT_BYTES) return DOCUMENT_MESSAGES.tooLarge(file.name);
  if (signatureMatches(type, head) === false) return DOCUMENT_MESSAGES.contentMismatch(file.name, DOCUMENT_TYPES[type].label);
  return undefined;
}

/** True for the types a browser can show as a thumbnail (HEIC and PDF get none). */
export function hasPreview(type: DocumentType | undefined): boolean {
  return type !== undefined && PREVIEWABLE_TYPES.includes(type);
}
