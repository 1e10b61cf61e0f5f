// An entry's number is its address (/country/3) and stays when others are removed, so ids may have
// gaps but never repeat: two entries with one id would be two pages at one URL. Astro validates each
// entry alone; the loaders in src/content.config.ts and the content tests call this on a whole
// collection. No Astro imports, so tests use the very same rule.

import { contentError } from './editor-errors.ts';

/** One entry's value of the field that must be unique, and where the entry comes from. */
export interface Keyed {
  value: unknown;
  /** The entry's file, or file and place in a list ("content/videos.json, entry 2"). */
  source: string;
}

/**
 * The first value two entries share, naming both, or undefined when every value is used once. A
 * missing value is the schema's to report, not a repeat.
 */
export function findDuplicate(entries: readonly Keyed[]): { value: unknown; first: string; second: string } | undefined {
  const seen = new Map<string, string>();
  for (const { value, source } of entries) {
    if (value === undefined) continue;
    const key = JSON.stringify(value);
    const first = seen.get(key);
    if (first !== undefined) return { value, first, second: source };
    seen.set(key, source);
  }
  return undefined;
}

/** The build's error for a repeated value: the field, the value and both entries. */
export function duplicateMessage(field: string, duplicate: { value: unknown; first: string; second: string }): string {
  return `${field} ${JSON.stringify(duplicate.value)} is used twice, by ${duplicate.first} and by ${duplicate.second}: each entry needs its own ${field} (gaps are fine, so pick one no entry has).`;
}

/** Throws the build's error when two entries share a value of the field. */
export function assertUnique(field: string, entries: readonly Keyed[]): void {
  const duplicate = findDuplicate(entries);
  if (duplicate) throw contentError(duplicateMessage(field, duplicate));
}
