// CSV export of a list (its current search and filters, every page) through the REST API's
// text/csv answer. The API caps each answer at max_rows (1,000 locally and by default on hosted),
// so the file is fetched in chunks of that size. Neither hosted PostgREST nor the local backend
// guards against formula injection, so the file is re-written here with papaparse, whose escapeFormulae
// prefixes every cell a spreadsheet would run as a formula with a single quote.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ListConfig } from './lists.ts';
import { applyView } from './server-query.ts';
import type { ViewState } from './view-state.ts';

const CHUNK_ROWS = 1000;
/** A cell a spreadsheet would run as a formula. */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** The CSV text of every row of the list matching the view; the header row comes first. */
export async function exportCsv(supabase: SupabaseClient, list: ListConfig, view: ViewState): Promise<string> {
  // papaparse is only needed for an export: loaded on the first click, not with the dashboard.
  const { default: Papa } = await import('papaparse');
  const records: string[][] = [];
  for (let from = 0; ; from += CHUNK_ROWS) {
    const query = applyView(supabase.from(list.table).select(list.select), list, view).range(from, from + CHUNK_ROWS - 1);
    const { data, error } = await query.csv();
    if (error) throw error;
    const parsed = Papa.parse<string[]>(data ?? '', { skipEmptyLines: false });
    const lines = parsed.data.filter((line) => !(line.length === 1 && line[0] === ''));
    const [header, ...rows] = lines;
    if (from === 0 && header) records.push(header);
    records.push(...rows);
    if (rows.length < CHUNK_ROWS) break;
  }
  // Quotes every field that holds a comma, quote or line break (CRLF, as RFC 4180 says);
  // escapeFormulae prefixes cells starting with =, +, -, @, tab or CR with a single quote. Its
  // built-in pattern (/^[=+\-@\t\r].*$/) misses a formula followed by a line break, hence our own.
  return Papa.unparse(records, { newline: '\r\n', escapeFormulae: FORMULA_START });
}

/** Makes the browser save `text` as `fileName`. */
export function downloadCsv(text: string, fileName: string): void {
  // The byte order mark makes Excel read the file as UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
