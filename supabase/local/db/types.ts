// How column values become JavaScript values, identical on both adapters.
//
// PGlite and node-postgres disagree by default: pg returns int8 as a string and PGlite as a
// bigint, and both turn dates into Date objects (pg at local midnight). The REST server
// serialises rows to JSON, where a bigint throws and a Date loses the column's own format, so
// both adapters return date and time types as PostgreSQL prints them (the session runs in UTC)
// and int8 as a number when it is exact, else as a string. json/jsonb are parsed, bool is a
// boolean, int2/int4/float are numbers, numeric and everything else stay strings.

/** Type OIDs whose text form is kept as-is: date, time, timestamp, timestamptz, interval, timetz. */
export const TEXT_KEPT_OIDS = [1082, 1083, 1114, 1184, 1186, 1266] as const;

/** OID of int8 (bigint, bigserial). */
export const INT8_OID = 20;

/** Parses an int8 column: a number while it is exact, otherwise the decimal string. */
export function parseInt8(value: string): number | string {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
}

/** Returns the text unchanged (for the date and time types). */
export function keepText(value: string): string {
  return value;
}

/** Names the statements whose row count node-postgres reports as rows written. */
export const WRITE_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);
