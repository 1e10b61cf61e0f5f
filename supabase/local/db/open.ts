// The one entry point to the local database: PGlite in-process by default, a real PostgreSQL
// server when DATABASE_URL is set. Both adapters return the same JavaScript values for the same
// SQL (see types.ts), so the Auth and REST servers never branch on the kind. The interfaces live in
// types.ts, which the adapters import, so no adapter imports this file back.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBackendEnv } from '../../../common/env.ts';
import { migrate } from './migrate.ts';
import type { ScriptDb } from './types.ts';

export type { Db, QueryResult, ScriptDb, Sql } from './types.ts';

/** Options of openDb. */
export interface OpenDbOptions {
  /** PGlite data folder; 'memory://' keeps everything in memory. Choosing it also means PGlite. */
  dataDir?: string;
  /** A postgres:// URL; defaults to process.env.DATABASE_URL unless dataDir is given. */
  databaseUrl?: string;
  /** Run the bootstrap and pending migrations (default true). */
  migrate?: boolean;
}

/** The project's git-ignored PGlite folder, independent of the current directory. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../.local-data/pglite', import.meta.url));

/**
 * The database the backend and the db:reset and admin:grant scripts use: the server of
 * DATABASE_URL when set, else the PGlite folder of PGLITE_DATA_DIR (default DEFAULT_DATA_DIR).
 * Empty values count as unset, as in a copied .env.example; a bad value throws a ConfigError.
 */
export function localDbOptions(env: Record<string, string | undefined> = process.env): { databaseUrl: string } | { dataDir: string } {
  const { DATABASE_URL, PGLITE_DATA_DIR } = readBackendEnv(env);
  return DATABASE_URL ? { databaseUrl: DATABASE_URL } : { dataDir: PGLITE_DATA_DIR ?? DEFAULT_DATA_DIR };
}

/** Opens PGlite (dataDir, default '.local-data/pglite'; 'memory://' for in-memory) or Postgres
 *  (databaseUrl, default process.env.DATABASE_URL), runs the bootstrap and pending migrations unless migrate is false. */
export async function openDb(opts: OpenDbOptions = {}): Promise<ScriptDb> {
  const databaseUrl = serverUrlOf(opts);
  if (!databaseUrl && opts.dataDir?.startsWith('memory://') && opts.migrate !== false) {
    // Tests open many in-memory databases; starting from a cached, already migrated copy skips
    // initdb and the migrations (several seconds each).
    const { openMigratedInMemory } = await import('./snapshot.ts');
    return openMigratedInMemory();
  }
  const db = databaseUrl ? await openPostgresDb(databaseUrl) : await openPgliteDb(opts.dataDir ?? DEFAULT_DATA_DIR);
  if (opts.migrate !== false) {
    try {
      await migrate(db);
    } catch (error) {
      await db.close();
      throw error;
    }
  }
  return db;
}

/** The server openDb(opts) would connect to, or undefined when it would open PGlite. */
function serverUrlOf(opts: OpenDbOptions): string | undefined {
  return opts.databaseUrl ?? (opts.dataDir === undefined ? process.env['DATABASE_URL'] || undefined : undefined);
}

/**
 * True when openDb(opts) would create a new PGlite database (an empty or missing folder, or
 * memory). A server is never reported new: it may hold data this process cannot judge.
 */
export function isNewDatabase(opts: OpenDbOptions = {}): boolean {
  if (serverUrlOf(opts)) return false;
  const dataDir = opts.dataDir ?? DEFAULT_DATA_DIR;
  return dataDir.startsWith('memory://') || !existsSync(join(dataDir, 'PG_VERSION'));
}

// The adapters are imported lazily so a PostgreSQL run never loads the PGlite WebAssembly
// module, and a PGlite run never loads pg.
async function openPgliteDb(dataDir: string): Promise<ScriptDb> {
  const { openPglite } = await import('./pglite.ts');
  return openPglite(dataDir);
}

async function openPostgresDb(databaseUrl: string): Promise<ScriptDb> {
  const { openPostgres } = await import('./postgres.ts');
  return openPostgres(databaseUrl);
}
