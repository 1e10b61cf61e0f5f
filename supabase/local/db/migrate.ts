// Bootstrap and migration runner: what `supabase db push` and the hosted platform do, locally.
// supabase/migrations/<version>_<name>.sql files run in version order, each atomically together
// with its row in supabase_migrations.schema_migrations, and never twice.

import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { ScriptDb } from './open.ts';

/** The project's migrations folder. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

const BOOTSTRAP_FILE = new URL('./bootstrap.sql', import.meta.url);

/** One migration file on disk. */
export interface Migration {
  version: string;
  name: string;
  path: string;
}

/** Runs the bootstrap, then every migration not yet recorded; returns the versions applied now. */
export async function migrate(db: ScriptDb, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await bootstrap(db);
  const applied = await appliedVersions(db);
  const done: string[] = [];
  for (const migration of await listMigrations(dir)) {
    if (applied.has(migration.version)) continue;
    await applyMigration(db, migration);
    done.push(migration.version);
  }
  return done;
}

/** Creates what hosted Supabase provides (roles, auth schema and functions, ledger); safe to repeat. */
export async function bootstrap(db: ScriptDb): Promise<void> {
  const sql = await readFile(BOOTSTRAP_FILE, 'utf8');
  // Roles are cluster-wide: concurrent test workers bootstrapping fresh databases on one server
  // can collide on the same catalog rows. The statements are idempotent, so a retry settles it.
  for (let attempt = 1; ; attempt++) {
    try {
      await db.exec(sql);
      return;
    } catch (error) {
      if (attempt >= 5 || !isConcurrentCatalogUpdate(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** Lists <version>_<name>.sql files of dir in version order. */
export async function listMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
  return files.map((file) => {
    const match = /^(\d+)_(.+)\.sql$/.exec(file);
    if (!match) throw new Error(`Migration file name must be <version>_<name>.sql: ${file}`);
    return { version: match[1]!, name: match[2]!, path: `${dir.replace(/\/$/, '')}/${file}` };
  });
}

async function appliedVersions(db: ScriptDb): Promise<Set<string>> {
  const { rows } = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
  return new Set(rows.map((row) => row.version));
}

// A script of several statements sent in one simple query runs as one implicit transaction on
// PostgreSQL and PGlite alike, so a failing migration leaves neither its changes nor its ledger row.
async function applyMigration(db: ScriptDb, migration: Migration): Promise<void> {
  const sql = await readFile(migration.path, 'utf8');
  const checksum = createHash('sha256').update(sql).digest('hex');
  const record =
    `insert into supabase_migrations.schema_migrations (version, name, checksum) ` +
    `values (${literal(migration.version)}, ${literal(migration.name)}, ${literal(checksum)});`;
  try {
    await db.exec(`${sql}\n;\n${record}`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${migration.version}_${migration.name}.sql failed: ${reason}`, { cause: error });
  }
}

function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

function isConcurrentCatalogUpdate(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === '23505' || code === '42710' || /tuple concurrently (updated|deleted)/.test(message ?? '');
}
