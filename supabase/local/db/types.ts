// What both database adapters share: the interfaces the servers program against (open.ts
// re-exports them), and how column values become JavaScript values, identical on both adapters.

/** Rows and metadata of one statement; affectedRows counts rows written by INSERT/UPDATE/DELETE/MERGE, else 0. */
export interface QueryResult<T> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows: number;
}

/** Something that runs one parameterised statement ($1, $2, ...). */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<T>>;
}

/** An open database. */
export interface Db extends Sql {
  kind: 'pglite' | 'postgres';
  /** BEGIN … COMMIT around fn on one connection (ROLLBACK if it throws). On PGlite calls are serialized. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /** Calls onNotify for each NOTIFY on channel (delivered when the notifying transaction commits); resolves to a function that stops listening. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** A Db that can also run a script of several statements without parameters (bootstrap, migrations, seed). */
export interface ScriptDb extends Db {
  /** Runs every statement of sql in order, outside any transaction unless the script opens one. */
  exec(sql: string): Promise<void>;
}

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
