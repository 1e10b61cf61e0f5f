// CSV answers for `.csv()` (Accept: text/csv), as PostgREST renders them: a header line of column
// names, then one line per row, fields quoted when they hold a comma, quote or line break.

/** Renders JSON rows as CSV; `columns` names the header when there are no rows. */
export function toCsv(rows: Record<string, unknown>[], columns: string[]): string {
  const header = rows.length > 0 ? Object.keys(rows[0]!) : columns;
  const lines = [header.map(field).join(',')];
  for (const row of rows) lines.push(header.map((name) => field(row[name])).join(','));
  return lines.join('\n');
}

function field(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
