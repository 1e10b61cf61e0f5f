// Entries of the JSON collections carry their place in the file (`position`, set by the loader in
// src/content.config.ts); sorting by it shows them in the order the editor wrote them.

/** Compares two entries by their place in the content file. */
export const byPosition = (a: { position: number }, b: { position: number }): number => a.position - b.position;
