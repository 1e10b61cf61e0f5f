// CSV export of a list (its current search and filters, every page), with the columns only the
// file has (an application's document count) read for each chunk of rows. The rows are read as JSON,
// as the table reads them, and written as CSV once, here, with papaparse: neither hosted PostgREST
// nor the local backend neutralises formula cells in its own CSV, so taking theirs would mean
// parsing it only to write it again. The API caps each answer at max_rows (1,000 locally and by
// default on hosted), so the rows are fetched in chunks of that size.
import type { SiteClient } from '../database.ts';
import { staffFailure } from '../forms/errors.ts';
import { succeeded, type Result } from '../result.ts';
import { selectList, type ListConfig, type Row } from './lists.ts';
import { applyView } from './list-queries.ts';
import type { ViewState } from './list-view.ts';

const CHUNK_ROWS = 1000;
/** A cell a spreadsheet would run as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The CSV text of every row of the list matching the view, under a header row of the list's columns. */
export async function exportCsv(supabase: SiteClient, list: ListConfig, view: ViewState): Promise<Result<string>> {
  // papaparse is only needed for an export: loaded on the first click, not with the dashboard.
  let Papa: typeof import('papaparse');
  try {
    Papa = (await import('papaparse')).default;
  } catch (error) {
    return staffFailure(error);
  }
  // Recorded before a row is read (public.start_csv_export writes the activity record's row): an
  // export whose record is refused reads nothing.
  const started = await supabase.rpc('start_csv_export', { list: list.id, view: { q: view.q, filters: view.filters, sort: view.sort, ascending: view.ascending } });
  if (started.error) return staffFailure(started.error);
  const rows: Row[] = [];
  for (let from = 0; ; from += CHUNK_ROWS) {
    const query = applyView(selectList(supabase, list, list.select), list, view).range(from, from + CHUNK_ROWS - 1);
    const { data, error } = await query;
    if (error) return staffFailure(error);
    const chunk = data ?? [];
    const withColumns = await withExportColumns(supabase, list, chunk);
    if (!withColumns.ok) return withColumns;
    rows.push(...withColumns.data);
    if (chunk.length < CHUNK_ROWS) break;
  }
  // The list's select is a plain list of column names, which the header repeats.
  const header = [...list.select.split(',').map((name) => name.trim()), ...(list.exportColumns ?? []).map((column) => column.name)];
  // Quotes every field that holds a comma, quote or line break (CRLF, as RFC 4180 says), and
  // writes null as an empty field; escapeFormulae prefixes text cells starting with =, +, -, @,
  // tab or CR with a single quote (numbers stay numbers). Its built-in pattern
  // (/^[=+\-@\t\r].*$/) misses a formula followed by a line break, hence our own.
  // A JSON column (the activity record's detail) is written as its JSON text.
  const cell = (value: unknown) => (value !== null && typeof value === 'object' ? JSON.stringify(value) : value);
  return succeeded(Papa.unparse([header, ...rows.map((row) => header.map((name) => cell(row[name])))], {
    newline: '\r\n',
    escapeFormulae: FORMULA_START,
  }));
}

/** The rows of one chunk with the values of the list's export-only columns added. */
async function withExportColumns(supabase: SiteClient, list: ListConfig, chunk: Row[]): Promise<Result<Row[]>> {
  const ids = chunk.map((row) => row.id);
  const columns: { name: string; values: Map<string, unknown> }[] = [];
  for (const column of list.exportColumns ?? []) {
    const read = await column.read(supabase, ids);
    if (!read.ok) return read;
    columns.push({ name: column.name, values: read.data });
  }
  return succeeded(chunk.map((row) => Object.assign({}, row, ...columns.map(({ name, values }) => ({ [name]: values.get(row.id) }))) as Row));
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
