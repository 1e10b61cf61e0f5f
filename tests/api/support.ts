// Starts the local backend for one test file: in-memory PGlite with the migrations applied, a
// server on an ephemeral port, supabase-js clients, and helpers that read the outbox and follow
// email links the way a browser would.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PROJECT_ROOT } from '../../supabase/local/config.ts';
import { loadConfig, type BackendConfig } from '../../supabase/local/config.ts';
import { openDb, type ScriptDb } from '../../supabase/local/db/open.ts';
import type { MailMessage } from '../../supabase/local/mail/outbox.ts';
import { createServer, type BackendServer } from '../../supabase/local/server.ts';

export interface TestBackend {
  url: string;
  /** Where email links land when no allowed redirect is named (supabase/config.toml site_url). */
  siteUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  db: ScriptDb;
  server: BackendServer;
  /** A fresh supabase-js client with the anon key and no stored session. */
  client(): SupabaseClient;
  /** A client that uses the service_role key. */
  admin(): SupabaseClient;
  /** Messages in the outbox addressed to `to`, oldest first. */
  mail(to: string): Promise<MailMessage[]>;
  /** The newest message to `to` (fails when there is none). */
  lastMail(to: string): Promise<MailMessage>;
  /** Opens an email link without following the redirect; returns the Location and its fragment values. */
  follow(link: string): Promise<{ status: number; location: string; fragment: URLSearchParams }>;
  /** Signs up, confirms through the emailed link and signs in; returns the signed-in client and user id. */
  confirmedUser(email: string, password?: string, data?: Record<string, unknown>): Promise<{ client: SupabaseClient; userId: string }>;
  /** Gives a user the admin role (as an operator would, in SQL). */
  makeAdmin(userId: string): Promise<void>;
  close(): Promise<void>;
}

/** Settings that keep tests fast: cheap bcrypt, no refresh reuse window. */
export const TEST_CONFIG: Partial<BackendConfig> = {
  port: 0,
  bcryptCost: 4,
  refreshTokenReuseIntervalSeconds: 0,
};

/**
 * A migrated PGlite data folder shared by every test file as a template. Creating a PGlite
 * database (its initdb) is the slowest step of a test file, often 10 s or more on a busy machine,
 * so it happens once per version of the schema: the folder is named by a hash of the bootstrap
 * and the migrations, and a lock directory makes concurrent files wait for the first one.
 */
async function migratedTemplate(): Promise<string> {
  const sources = [join(PROJECT_ROOT, 'supabase/local/db/bootstrap.sql')];
  const migrations = join(PROJECT_ROOT, 'supabase/migrations');
  for (const name of (await readdir(migrations)).sort()) if (name.endsWith('.sql')) sources.push(join(migrations, name));
  const hash = createHash('sha256');
  for (const file of sources) hash.update(file).update(await readFile(file));
  const base = join(tmpdir(), `api-test-pglite-${hash.digest('hex').slice(0, 16)}`);
  const ready = join(base, 'ready');
  const lock = `${base}.lock`;
  for (;;) {
    if (existsSync(ready)) return join(base, 'data');
    try {
      await mkdir(lock);
    } catch {
      // Another file is building it; a lock older than five minutes was left by a killed run.
      const age = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age > 300_000) await rm(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      await rm(base, { recursive: true, force: true });
      const db = await openDb({ dataDir: join(base, 'data') });
      await db.close();
      await writeFile(ready, new Date().toISOString());
      await removeOldTemplates(base);
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}

/** Templates of earlier schema versions are 40 MB each: drop those unused for an hour. */
async function removeOldTemplates(current: string): Promise<void> {
  for (const name of await readdir(tmpdir())) {
    const path = join(tmpdir(), name);
    if (!name.startsWith('api-test-pglite-') || path === current || name.endsWith('.lock')) continue;
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: Date.now() }));
    if (Date.now() - mtimeMs > 3_600_000) await rm(path, { recursive: true, force: true });
  }
}

/**
 * A fresh database for one test file: a private copy of the migrated PGlite template in a
 * temporary folder, or, when API_TEST_DATABASE_URL names a PostgreSQL server, a new database on
 * it. Either is removed afterwards.
 */
async function freshDatabase(): Promise<{ db: ScriptDb; drop: () => Promise<void> }> {
  const serverUrl = process.env.API_TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = await migratedTemplate();
    const folder = await mkdtemp(join(tmpdir(), 'api-test-'));
    await cp(template, join(folder, 'data'), { recursive: true });
    return { db: await openDb({ dataDir: join(folder, 'data') }), drop: () => rm(folder, { recursive: true, force: true }) };
  }
  const name = `api_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client(serverUrl);
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: url.toString() });
  return {
    db,
    drop: async () => {
      const c = new pg.Client(serverUrl);
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Starts a backend over a fresh database (see freshDatabase). */
export async function startBackend(overrides: Partial<BackendConfig> = {}): Promise<TestBackend> {
  const { db, drop } = await freshDatabase();
  const config = loadConfig({ ...TEST_CONFIG, ...overrides });
  const server = await createServer({ db, config });
  const { anonKey, serviceRoleKey } = server.keys;
  const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

  const backend: TestBackend = {
    url: server.url,
    siteUrl: config.siteUrl,
    anonKey,
    serviceRoleKey,
    db,
    server,
    client: () => createClient(server.url, anonKey, options),
    admin: () => createClient(server.url, serviceRoleKey, options),
    async mail(to) {
      const res = await fetch(`${server.url}/mail.json?to=${encodeURIComponent(to)}`);
      return ((await res.json()) as { messages: MailMessage[] }).messages;
    },
    async lastMail(to) {
      const messages = await backend.mail(to);
      const last = messages.at(-1);
      if (!last) throw new Error(`no email to ${to} in the outbox`);
      return last;
    },
    async follow(link) {
      const res = await fetch(link, { redirect: 'manual' });
      const location = res.headers.get('location') ?? '';
      const hash = location.includes('#') ? location.slice(location.indexOf('#') + 1) : '';
      return { status: res.status, location, fragment: new URLSearchParams(hash) };
    },
    async confirmedUser(email, password = 'correct-horse-battery', data = {}) {
      const client = backend.client();
      const { error } = await client.auth.signUp({ email, password, options: { data } });
      if (error) throw error;
      await backend.follow((await backend.lastMail(email)).links[0]!);
      const signIn = await client.auth.signInWithPassword({ email, password });
      if (signIn.error) throw signIn.error;
      return { client, userId: signIn.data.user!.id };
    },
    async makeAdmin(userId) {
      await db.query(`update public.profiles set role = 'admin' where id = $1`, [userId]);
    },
    async close() {
      await server.close();
      await db.close();
      await drop();
    },
  };
  return backend;
}

/** A unique address for one test. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}
