// Bootstrap and migration runner: what `supabase db push` and the hosted platform do, locally.
// supabase/migrations/<version>_<name>.sql files run in version order, each atomically together
// with its row in supabase_migrations.schema_migrations, and never twice. Like `supabase db push`,
// it refuses a database whose ledger names a migration the folder does not have.

import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { ScriptDb } from './types.ts';

/** The project's migrations folder. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

/** What hosted Supabase provides before any migration runs (see bootstrap). */
const BOOTSTRAP_FILE = new URL('./bootstrap.sql', import.meta.url);

/** Hosted Storage's `storage` schema, created after the bootstrap (see storage-schema.sql). */
const STORAGE_SCHEMA_FILE = new URL('./storage-schema.sql', import.meta.url);

/** pg_net, pg_cron and Vault where the real extension cannot be created (see extension-stand-ins.sql). */
const EXTENSION_STAND_INS_FILE = new URL('./extension-stand-ins.sql', import.meta.url);

/** What runs before the migrations, in order, on every open. */
export const BOOTSTRAP_FILES = [BOOTSTRAP_FILE, STORAGE_SCHEMA_FILE, EXTENSION_STAND_INS_FILE];

/** One migration file on disk. */
export interface Migration {
  version: string;
  name: string;
  path: string;
}

/**
 * Runs the bootstrap, then every migration not yet recorded; returns the versions applied now.
 * Throws, before applying anything, when the ledger records a migration that dir does not have.
 */
export async function migrate(db: ScriptDb, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await bootstrap(db);
  const applied = await appliedMigrations(db);
  const migrations = await listMigrations(dir);
  refuseUnknownMigrations(applied, migrations, dir);
  const done: string[] = [];
  for (const migration of migrations) {
    const sql = await readFile(migration.path, 'utf8');
    const recorded = applied.get(migration.version);
    if (recorded) {
      // Editing an applied migration changes nothing in this database; say so instead of drifting silently.
      if (recorded.checksum !== checksumOf(sql)) {
        console.warn(
          `Migration ${migration.version}_${migration.name}.sql changed after it was applied to this database; ` +
            'run `npm run db:reset` to rebuild the local database.',
        );
      }
      continue;
    }
    await applyMigration(db, migration, sql);
    done.push(migration.version);
  }
  return done;
}

/** Creates what hosted Supabase provides (roles, auth and storage schemas, ledger, extensions or their stand-ins); safe to repeat. */
export async function bootstrap(db: ScriptDb): Promise<void> {
  for (const file of BOOTSTRAP_FILES) await runIdempotent(db, await readFile(file, 'utf8'));
}

/** Runs an idempotent script, retrying when concurrent workers collide on cluster-wide rows. */
async function runIdempotent(db: ScriptDb, sql: string): Promise<void> {
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

interface AppliedMigration {
  name: string;
  checksum: string | null;
}

async function appliedMigrations(db: ScriptDb): Promise<Map<string, AppliedMigration>> {
  const { rows } = await db.query<{ version: string; name: string; checksum: string | null }>(
    'select version, name, checksum from supabase_migrations.schema_migrations',
  );
  return new Map(rows.map(({ version, name, checksum }) => [version, { name, checksum }]));
}

// A database migrated with files that are now gone or renamed (the migrations were squashed, or
// another branch added one) cannot be brought to the folder's schema by applying what is missing:
// the result would be half of each. Stop before changing anything, and say how to start over.
function refuseUnknownMigrations(applied: Map<string, AppliedMigration>, migrations: Migration[], dir: string): void {
  const files = new Map(migrations.map((migration) => [migration.version, migration.name]));
  const unknown = [...applied]
    .filter(([version, { name }]) => files.get(version) !== name)
    .map(([version, { name }]) => `${version}_${name}.sql`)
    .sort();
  if (unknown.length === 0) return;
  throw new Error(
    `This database was migrated with ${unknown.join(', ')}, which ${dir} does not have ` +
      '(the migrations were squashed or renamed, or come from another branch). Its schema cannot be brought up to date: ' +
      'run `npm run db:reset` to rebuild the local database (its data is replaced by the development data).',
  );
}

function checksumOf(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

// A script of several statements sent in one simple query runs as one implicit transaction on
// PostgreSQL and PGlite alike, so a failing migration leaves neither its changes nor its ledger row.
async function applyMigration(db: ScriptDb, migration: Migration, sql: string): Promise<void> {
  const checksum = checksumOf(sql);
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
