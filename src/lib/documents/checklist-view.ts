// An application's documents read against its visa's checklist, item by item: what the applicant's
// card, the visa form and the admin's dialog show, and the "n of m required" of both. The
// checklist comes from the content (/data/visa-checklists.json); the files from the bucket, each
// under the item it was added for (paths.ts). An item is provided when it holds a file that staff
// did not mark as needing replacement: the rule public.application_document_items applies in the
// database (tests/db/document-checklists.test.ts checks that both agree).
import type { ChecklistEntry } from '../content/visas.ts';
import { OTHER_ITEM_KEY } from '../document-rules.ts';
import type { DocumentVerdict } from './stored.ts';

/** Where an item stands: a usable file, none, or only files staff want replaced. */
export type ItemState = 'provided' | 'missing' | 'needs_replacing';

/** How an item's state, and a file's verdict, read. */
export const ITEM_STATE_LABELS: Record<ItemState | 'accepted', string> = {
  provided: 'Provided',
  missing: 'Missing',
  needs_replacing: 'Needs replacing',
  accepted: 'Accepted',
};

/** The line under an item staff want replaced. */
export const replacementReason = (reason: string) => `Needs replacing: ${reason}`;

/** The progress line of an applicant's checklist. */
export const checklistProgress = (provided: number, required: number) => `${provided} of ${required} required documents provided`;

/** What the applicant's card says of staff's open request: the items asked for and still missing. */
export const askedFor = (labels: readonly string[]) => `Your adviser asked for: ${labels.join(', ')}.`;

/** What an item staff asked for says beside its name, on the applicant's card. */
export const REQUESTED_MARK = 'Requested';

/** What an optional item says beside its name. */
export const OPTIONAL_MARK = '(optional)';

/** What a file's verdict reads as: staff accepted it, or want it replaced. */
export function verdictLabel(verdict: DocumentVerdict): string {
  return ITEM_STATE_LABELS[verdict === 'accepted' ? 'accepted' : 'needs_replacing'];
}

/** What the checklist needs of a file. */
export interface ChecklistFile {
  item: string | undefined;
  verdict: DocumentVerdict | undefined;
  reason: string | undefined;
}

/** One item of the checklist with its files. */
export interface ChecklistRow<F extends ChecklistFile> extends ChecklistEntry {
  files: F[];
  state: ItemState;
  /** Why staff want a file replaced, when the item needs replacing. */
  reasons: string[];
}

/** An application's documents against its checklist. */
export interface ChecklistView<F extends ChecklistFile> {
  items: ChecklistRow<F>[];
  /** Files that fit no item: Other documents, files stored before items had keys, items the checklist no longer has. */
  other: F[];
  /** How many required (not optional) items are provided, of how many. */
  provided: number;
  required: number;
}

/** Whether files of an item provide it: one of them is not marked as needing replacement. */
export function providesItem(files: readonly Pick<ChecklistFile, 'verdict'>[]): boolean {
  return files.some((file) => file.verdict !== 'needs_replacing');
}

/** The state of an item from its files. */
export function itemState(files: readonly Pick<ChecklistFile, 'verdict'>[]): ItemState {
  if (providesItem(files)) return 'provided';
  return files.length > 0 ? 'needs_replacing' : 'missing';
}

/** Reads `files` against `checklist` (none: every file is Other documents). */
export function checklistView<F extends ChecklistFile>(checklist: readonly ChecklistEntry[] | undefined, files: readonly F[]): ChecklistView<F> {
  const entries = checklist ?? [];
  const keys = new Set(entries.map((entry) => entry.key));
  const items = entries.map((entry): ChecklistRow<F> => {
    const own = files.filter((file) => file.item === entry.key);
    const state = itemState(own);
    const reasons = state === 'needs_replacing' ? own.flatMap((file) => (file.reason ? [file.reason] : [])) : [];
    return { ...entry, files: own, state, reasons };
  });
  const other = files.filter((file) => file.item === undefined || file.item === OTHER_ITEM_KEY || !keys.has(file.item));
  const required = items.filter((item) => !item.optional);
  return { items, other, provided: required.filter((item) => item.state === 'provided').length, required: required.length };
}

/** One row of public.application_document_items. */
export interface ItemCount {
  application_id: string;
  item: string | null;
  provided: boolean;
}

/** How many of a checklist's required items are provided, from the database's item counts of one application. */
export function requiredProgress(checklist: readonly ChecklistEntry[], counts: readonly ItemCount[]): { provided: number; required: number } {
  const provided = new Set(counts.filter((count) => count.provided && count.item !== null).map((count) => count.item));
  const required = checklist.filter((entry) => !entry.optional);
  return { provided: required.filter((entry) => provided.has(entry.key)).length, required: required.length };
}
