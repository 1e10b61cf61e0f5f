// `npm run db:reset [-- --no-seed]`: rebuilds the local database from nothing: bootstrap, every
// migration, then supabase/seed.sql. PGlite's folder (.local-data/pglite, or PGLITE_DATA_DIR) is
// deleted; on DATABASE_URL the project's schemas are dropped, and only on a server on this machine.
// Storage's files (.local-data/storage, or STORAGE_DATA_DIR) go too: no row points at them any more.

import { rm } from 'node:fs/promises';
import { loadConfig } from '../supabase/local/config.ts';
import { localDbOptions, openDb, type ScriptDb } from '../supabase/local/db/open.ts';
import { exitOnConfigError, loadProjectEnv } from '../common/env.ts';
import { describeAccounts, seed } from '../supabase/local/db/seed.ts';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '']);

const withSeed = !process.argv.includes('--no-seed');
// The same database the backend opens, .env included.
loadProjectEnv();
const target = exitOnConfigError(() => localDbOptions());
const { storageDir } = exitOnConfigError(() => loadConfig());

try {
  const db = 'databaseUrl' in target ? await resetServer(target.databaseUrl) : await resetPglite(target.dataDir);
  if (!storageDir.startsWith('memory://')) await rm(storageDir, { recursive: true, force: true });
  try {
    if (withSeed) await seed(db);
    await report(db);
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(`db:reset failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}

async function resetPglite(dataDir: string): Promise<ScriptDb> {
  // Opening first takes the folder's lock, so a running backend is detected before anything is deleted.
  const current = await openDb({ dataDir, migrate: false });
  await current.close();
  await rm(dataDir, { recursive: true, force: true });
  console.log(`Rebuilding PGlite database in ${dataDir}`);
  return openDb({ dataDir });
}

async function resetServer(url: string): Promise<ScriptDb> {
  const { hostname, pathname } = new URL(url);
  // A reset drops every table: refuse anything but a server on this machine.
  if (!LOCAL_HOSTS.has(hostname)) throw new Error(`refusing to reset a database on ${hostname}; db:reset is for local servers only.`);
  const db = await openDb({ databaseUrl: url, migrate: false });
  console.log(`Rebuilding database ${pathname.slice(1) || '(default)'} on ${hostname || 'the local socket'}`);
  // Roles are shared by the whole server and stay; everything the bootstrap and migrations create goes.
  await db.exec(`
    drop schema if exists public, private, auth, storage, supabase_migrations, extensions cascade;
    create schema public;
  `);
  await db.close();
  return openDb({ databaseUrl: url });
}

async function report(db: ScriptDb): Promise<void> {
  const { rows } = await db.query<{ migrations: number; users: number; applications: number }>(
    `select (select count(*) from supabase_migrations.schema_migrations)::int as migrations,
            (select count(*) from auth.users)::int as users,
            (select count(*) from public.visa_applications)::int as applications`,
  );
  const { migrations, users, applications } = rows[0]!;
  console.log(`Applied ${migrations} migrations; ${users} users, ${applications} visa applications.`);
  if (withSeed) for (const line of describeAccounts()) console.log(line);
}
