// An entry's number in the CMS: the build refuses two entries with one number (../unique.ts), so
// the CMS assigns a new entry the next free one and refuses a clash before saving
// (src/cms/fixed-widget.ts). Ids may have gaps (a removed entry's number is not reused, so an old
// link never opens a different page): the next free number is one more than the highest in use.

/** The numbers in use in a collection, each with the entry that uses it (its title or name). */
export type TakenIds = ReadonlyMap<number, string>;

/** One more than the highest number in use; 1 for an empty collection. */
export function nextFreeId(taken: TakenIds): number {
  return Math.max(0, ...taken.keys()) + 1;
}

/** The entry that already uses the value, or undefined when it is free. */
export function usedBy(taken: TakenIds, value: unknown): string | undefined {
  return typeof value === 'number' ? taken.get(value) : undefined;
}
