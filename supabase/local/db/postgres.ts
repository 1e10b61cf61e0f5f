// node-postgres adapter for a real PostgreSQL server (DATABASE_URL): a small pool, one client
// per transaction.

import pg from 'pg';
import { INT8_OID, TEXT_KEPT_OIDS, WRITE_COMMANDS, keepText, parseInt8, type QueryResult, type ScriptDb, type Sql } from './types.ts';

const textKept = new Set<number>(TEXT_KEPT_OIDS);

// Per-pool parsers so this module never changes pg's process-wide defaults for other code.
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (textKept.has(oid)) return keepText;
    if (oid === INT8_OID) return parseInt8;
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
} as pg.CustomTypesConfig;

/** Connects a pool to databaseUrl; every session runs in UTC. */
export async function openPostgres(databaseUrl: string): Promise<ScriptDb> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    options: '-c TimeZone=UTC',
    types: typeParsers,
  });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => {});
  // Fail fast on a wrong URL instead of at the first request.
  const probe = await pool.connect();
  probe.release();

  return {
    kind: 'postgres',
    query: async (text, params) => toResult(await pool.query(text, params)),
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const tx: Sql = { query: async (text, params) => toResult(await client.query(text, params)) };
        const value = await fn(tx);
        await client.query('commit');
        return value;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    // LISTEN holds its connection, so each listener has a client of its own, outside the pool.
    listen: async (channel, onNotify) => {
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on('error', () => {});
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      return () => client.end();
    },
    close: () => pool.end(),
  };
}

function toResult<T>(result: pg.QueryResult): QueryResult<T> {
  return {
    rows: result.rows as T[],
    fields: result.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    affectedRows: WRITE_COMMANDS.has(result.command) ? (result.rowCount ?? 0) : 0,
  };
}
