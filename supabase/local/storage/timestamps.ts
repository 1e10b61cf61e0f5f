// Timestamps as hosted Storage writes them. Its pg driver reads a timestamptz into a JavaScript
// Date and JSON writes that with toISOString(): UTC, milliseconds (finer digits cut off) and a Z,
// `2021-02-17T04:43:32.770Z`, where Postgres' own JSON writes `2021-02-17T04:43:32.77+00:00`.

/** SQL that formats the timestamptz expression `column` as hosted's JSON does (NULL stays NULL). */
export function isoTimestamp(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
