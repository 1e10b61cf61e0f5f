// PGlite adapter: PostgreSQL compiled to WebAssembly, in this process, one connection.
// PGlite serialises every query and transaction itself, so concurrent HTTP requests simply queue.

import { mkdir } from 'node:fs/promises';
import { PGlite, type Results } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import type { QueryResult, ScriptDb, Sql } from './open.ts';
import { INT8_OID, TEXT_KEPT_OIDS, keepText, parseInt8 } from './types.ts';

const parsers: Record<number, (value: string) => unknown> = { [INT8_OID]: parseInt8 };
for (const oid of TEXT_KEPT_OIDS) parsers[oid] = keepText;

/** Opens (creating if needed) a PGlite database in dataDir, or in memory for 'memory://'. */
export async function openPglite(dataDir: string): Promise<ScriptDb> {
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true });
  const pg = await PGlite.create({ dataDir, extensions: { pgcrypto }, parsers });
  // One session for the life of the process: timestamps print in UTC like hosted Supabase.
  await pg.exec(`set timezone to 'UTC'`);

  return {
    kind: 'pglite',
    query: (text, params) => pg.query(text, params).then(toResult),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    transaction: (fn) =>
      pg.transaction((tx) => {
        const sql: Sql = { query: (text, params) => tx.query(text, params).then(toResult) };
        return fn(sql);
      }),
    close: () => pg.close(),
  };
}

function toResult<T>(result: Results<unknown>): QueryResult<T> {
  return {
    rows: result.rows as T[],
    fields: result.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    affectedRows: result.affectedRows ?? 0,
  };
}
