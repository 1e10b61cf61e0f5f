// PGlite adapter: PostgreSQL compiled to WebAssembly, in this process, one connection.
// PGlite serialises every query and transaction itself, so concurrent HTTP requests simply queue.

import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PGlite, type Results } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { INT8_OID, TEXT_KEPT_OIDS, keepText, parseInt8, type QueryResult, type ScriptDb, type Sql } from './types.ts';

const parsers: Record<number, (value: string) => unknown> = { [INT8_OID]: parseInt8 };

/**
 * Waits for the event loop to turn (its I/O and timers) before a statement. PGlite runs in this
 * thread, and statements queued behind one another would otherwise run back to back, each started
 * from the last one's promise, while the server reads no request and fires no timer: a kept-alive
 * connection's idle timer then fires late, with the client's next request unread in it, and
 * closes it under that request (the client's ECONNRESET; docs/performance.md). A turn costs
 * microseconds; the server's stalls are then one statement long, not a whole queue's.
 */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
for (const oid of TEXT_KEPT_OIDS) parsers[oid] = keepText;

/** A PGlite database that can also write its whole data folder to one compressed archive. */
export interface PgliteDb extends ScriptDb {
  /** The data folder as a gzipped tar, which `loadDataDir` turns back into the same database. */
  dump(): Promise<Blob>;
  /** The PGlite instance itself, for tools that speak to it directly (the wire-protocol server of `npm run db:types`). */
  pglite: PGlite;
}

/** Opens (creating if needed) a PGlite database in dataDir, or in memory for 'memory://';
 *  loadDataDir starts it from an archive made by dump() instead of an empty cluster. */
export async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<PgliteDb> {
  const inMemory = dataDir.startsWith('memory://');
  const release = inMemory ? async () => {} : await lockDataDir(dataDir);
  let pg: PGlite;
  try {
    if (!inMemory) await mkdir(dataDir, { recursive: true });
    pg = await PGlite.create({ dataDir, extensions: { pgcrypto, uuid_ossp }, parsers, ...(loadDataDir ? { loadDataDir } : {}) });
  } catch (error) {
    await release();
    throw error;
  }
  // One session for the life of the process: timestamps print in UTC like hosted Supabase.
  await pg.exec(`set timezone to 'UTC'`);

  return {
    kind: 'pglite',
    query: async <T,>(text: string, params?: unknown[]) => {
      await turn();
      return toResult<T>(await pg.query(text, params));
    },
    exec: async (sql) => {
      await pg.exec(sql);
    },
    transaction: async (fn) => {
      await turn();
      return pg.transaction((tx) => {
        const sql: Sql = {
          query: async <T,>(text: string, params?: unknown[]) => {
            await turn();
            return toResult<T>(await tx.query(text, params));
          },
        };
        return fn(sql);
      });
    },
    listen: (channel, onNotify) => pg.listen(channel, onNotify),
    dump: () => pg.dumpDataDir('gzip'),
    pglite: pg,
    close: async () => {
      await pg.close();
      await release();
    },
  };
}

const openInThisProcess = new Set<string>();

// PGlite is a single-process database: a second process writing the same folder corrupts it. A
// lock file beside the folder names the process holding it; a lock left by a dead process is taken over.
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = `${dataDir.replace(/\/+$/, '')}.lock`;
  if (openInThisProcess.has(lockPath)) throw new Error(`The local database ${dataDir} is already open in this process.`);
  await mkdir(dirname(lockPath), { recursive: true });
  try {
    await writeFile(lockPath, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number((await readFile(lockPath, 'utf8').catch(() => '')).trim());
    if (holder && holder !== process.pid && isRunning(holder)) {
      throw new Error(
        `The local database ${dataDir} is in use by process ${holder} (is \`npm start\` or \`npm run backend\` running?). ` +
          'Stop it first, or set DATABASE_URL to use a PostgreSQL server.',
      );
    }
    await writeFile(lockPath, String(process.pid));
  }
  openInThisProcess.add(lockPath);
  return async () => {
    openInThisProcess.delete(lockPath);
    await rm(lockPath, { force: true });
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function toResult<T>(result: Results<unknown>): QueryResult<T> {
  return {
    rows: result.rows as T[],
    fields: result.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    affectedRows: result.affectedRows ?? 0,
  };
}
