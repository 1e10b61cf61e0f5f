// The Prefer and Accept headers postgrest-js sends, read into flags.
import type { IncomingMessage } from 'node:http';

export interface Preferences {
  returnRepresentation: boolean;
  count: boolean;
  missingDefault: boolean;
  /** `resolution=merge-duplicates|ignore-duplicates`: an upsert. */
  resolution: 'merge' | 'ignore' | null;
}

/** Reads `Prefer: return=…, count=…, missing=…` (postgrest-js comma-joins several values). */
export function readPrefer(req: IncomingMessage): Preferences {
  const raw = String(req.headers.prefer ?? '');
  const prefs = new Map<string, string>();
  for (const part of raw.split(',')) {
    const [key, value] = part.split('=').map((s) => s.trim());
    if (key && value) prefs.set(key, value);
  }
  const count = prefs.get('count');
  return {
    returnRepresentation: prefs.get('return') === 'representation',
    // `planned` and `estimated` are answered with the exact count: tables here are small enough.
    count: count === 'exact' || count === 'planned' || count === 'estimated',
    missingDefault: prefs.get('missing') === 'default',
    resolution: prefs.get('resolution') === 'merge-duplicates' ? 'merge' : prefs.get('resolution') === 'ignore-duplicates' ? 'ignore' : null,
  };
}

export type ResponseFormat = 'json' | 'object' | 'csv';

/** `.single()` asks for one object, `.csv()` for CSV; everything else is a JSON array. */
export function responseFormat(req: IncomingMessage): ResponseFormat {
  const accept = String(req.headers.accept ?? '');
  if (accept.includes('application/vnd.pgrst.object')) return 'object';
  if (accept.includes('text/csv')) return 'csv';
  return 'json';
}
