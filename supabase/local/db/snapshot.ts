// In-memory PGlite databases (tests) start from a cached archive of a freshly migrated database
// instead of running initdb, the bootstrap and every migration each time. The archive is keyed by
// the content of the bootstrap files (bootstrap.sql, storage-schema.sql, extension-stand-ins.sql), the migrations and the PGlite version, so any change rebuilds it.

import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOOTSTRAP_FILES, listMigrations, migrate } from './migrate.ts';
import { openPglite, type PgliteDb } from './pglite.ts';

const CACHE_DIR = fileURLToPath(new URL('../../../node_modules/.cache/pglite-snapshots', import.meta.url));
const PGLITE_PACKAGE = new URL('../../../node_modules/@electric-sql/pglite/package.json', import.meta.url);

/** Opens an in-memory database with the bootstrap and all migrations applied, from the cache when it can. */
export async function openMigratedInMemory(): Promise<PgliteDb> {
  const archive = join(CACHE_DIR, `${await snapshotKey()}.tar.gz`);
  const cached = await readFile(archive).catch(() => undefined);
  if (cached) return openPglite('memory://', new Blob([cached]));

  const db = await openPglite('memory://');
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  await saveArchive(archive, await db.dump()).catch((error: unknown) => {
    // The cache only saves time; a read-only node_modules must not fail the caller.
    console.warn(`PGlite snapshot not cached: ${error instanceof Error ? error.message : String(error)}`);
  });
  return db;
}

// Written under a unique name, then renamed: concurrent test workers never read half a file.
async function saveArchive(archive: string, blob: Blob): Promise<void> {
  await mkdir(CACHE_DIR, { recursive: true });
  const partial = `${archive}.${randomUUID()}.partial`;
  try {
    await writeFile(partial, Buffer.from(await blob.arrayBuffer()));
    await rename(partial, archive);
  } finally {
    await rm(partial, { force: true });
  }
  // Archives of older schemas are never read again.
  for (const file of await readdir(CACHE_DIR)) {
    if (file.endsWith('.tar.gz') && join(CACHE_DIR, file) !== archive) await rm(join(CACHE_DIR, file), { force: true });
  }
}

async function snapshotKey(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await readFile(PGLITE_PACKAGE, 'utf8').catch(() => 'unknown pglite'));
  for (const file of BOOTSTRAP_FILES) hash.update(await readFile(file, 'utf8'));
  for (const migration of await listMigrations()) {
    hash.update(`\0${migration.version}_${migration.name}\0`);
    hash.update(await readFile(migration.path, 'utf8'));
  }
  return hash.digest('hex').slice(0, 24);
}
