// CSV answers for `.csv()` (Accept: text/csv): a header line of column names, then one line per
// row, written by papaparse (RFC 4180 quoting: a field holding a comma, quote, line break or an
// outer space is quoted, quotes doubled; lines end in \n), from the rows' JSON values. Hosted
// PostgREST writes each row as Postgres' record text instead (more fields quoted, booleans as t/f,
// timestamps in Postgres' text form), so only the shape is the same (supabase/local/README.md).
// Formula cells are left as they are, as PostgREST leaves them: the admin's export, which also
// reads hosted Supabase, neutralises them itself (src/lib/admin/csv-export.ts).
import Papa from 'papaparse';

/** Renders JSON rows as CSV; `columns` names the header when there are no rows. */
export function toCsv(rows: Record<string, unknown>[], columns: string[]): string {
  const header = rows.length > 0 ? Object.keys(rows[0]!) : columns;
  return Papa.unparse([header, ...rows.map((row) => header.map((name) => cell(row[name])))], { newline: '\n' });
}

/** JSON and array columns as their JSON text; everything else as papaparse writes it (null as empty). */
function cell(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : value;
}
