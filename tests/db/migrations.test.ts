// The migration runner: every file recorded once in version order, reopening applies nothing,
// and a failing migration leaves neither its changes nor its ledger row.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bootstrap, listMigrations, migrate } from '../../supabase/local/db/migrate.ts';
import { openTestDb, type TestDb } from './support.ts';

let db: TestDb;
let scratch: string;

beforeAll(async () => {
  db = await openTestDb();
  scratch = await mkdtemp(join(tmpdir(), 'visa-migrations-'));
});

afterAll(async () => {
  await db?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('the project migrations', () => {
  it('are named <version>_<name>.sql, one per domain and then one per later change, in order', async () => {
    const names = (await listMigrations()).map((m) => m.name);
    expect(names).toEqual([
      'profiles',
      'visa_applications',
      'public_forms',
      'admin_users',
      'newsletter_rpc_only',
      'submission_limit_without_email',
      'admin_dashboard',
      'form_spam_and_retries',
    ]);
  });

  it('are all recorded in supabase_migrations.schema_migrations with a checksum', async () => {
    const files = await listMigrations();
    const { rows } = await db.query<{ version: string; name: string; checksum: string }>(
      'select version, name, checksum from supabase_migrations.schema_migrations order by version',
    );
    expect(rows.map(({ version, name }) => ({ version, name }))).toEqual(files.map(({ version, name }) => ({ version, name })));
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.checksum))).toBe(true);
  });

  it('apply nothing the second time, and the bootstrap can run again', async () => {
    await bootstrap(db);
    expect(await migrate(db)).toEqual([]);
  });

  it('enable row-level security on every public table', async () => {
    const { rows } = await db.query<{ relname: string; relrowsecurity: boolean }>(
      `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
    );
    expect(rows).toEqual(
      ['bookings', 'contact_messages', 'newsletter_subscribers', 'profiles', 'visa_applications'].map((relname) => ({
        relname,
        relrowsecurity: true,
      })),
    );
  });

  it('give every policy a named role and evaluate auth.uid() and is_admin() once per statement', async () => {
    const { rows } = await db.query<{ policyname: string; roles: string[] | string; qual: string | null; with_check: string | null }>(
      `select policyname, roles::text[] as roles, qual, with_check from pg_policies where schemaname = 'public'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(15);
    for (const policy of rows) {
      expect(policy.roles, policy.policyname).not.toContain('public');
      const text = `${policy.qual ?? ''} ${policy.with_check ?? ''}`;
      // Wrapped in a scalar subquery, the call becomes an init plan instead of running per row.
      expect(text, policy.policyname).not.toMatch(/(?<!SELECT )(auth\.uid|private\.is_admin)\(\)/);
    }
  });

  it('make every security definer function pin an empty search_path', async () => {
    const { rows } = await db.query<{ proname: string; proconfig: string[] | null }>(
      `select p.proname, p.proconfig from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('public', 'private') and p.prosecdef`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const row of rows) expect(row.proconfig, row.proname).toContain('search_path=""');
  });

  it('leave no public function executable by anonymous visitors except subscribe_newsletter', async () => {
    const { rows } = await db.query<{ proname: string }>(
      `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and has_function_privilege('anon', p.oid, 'execute') order by 1`,
    );
    expect(rows.map((row) => row.proname)).toEqual(['subscribe_newsletter']);
  });

  it('let signed-in users execute nothing in private but the admin check', async () => {
    const { rows } = await db.query<{ proname: string }>(
      `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'private' and has_function_privilege('authenticated', p.oid, 'execute') order by 1`,
    );
    expect(rows.map((row) => row.proname)).toEqual(['is_admin']);
  });
});

describe('a new migration', () => {
  it('runs after the applied ones and is recorded', async () => {
    const dir = join(scratch, 'good');
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir);
    await writeFile(join(dir, '29990101000000_notes.sql'), 'create table public.scratch_notes (id int primary key);');
    expect(await migrate(db, dir)).toEqual(['29990101000000']);
    expect(await migrate(db, dir)).toEqual([]);
    const { rows } = await db.query(`select to_regclass('public.scratch_notes') is not null as exists`);
    expect(rows).toEqual([{ exists: true }]);
  });

  it('that fails leaves no trace and names the file', async () => {
    const dir = join(scratch, 'bad');
    await mkdir(dir);
    await writeFile(
      join(dir, '29990102000000_broken.sql'),
      'create table public.half_done (id int);\nselect 1 / 0;\n',
    );
    await expect(migrate(db, dir)).rejects.toThrow(/29990102000000_broken\.sql failed: division by zero/);
    const { rows } = await db.query(
      `select to_regclass('public.half_done') as tbl,
              exists (select 1 from supabase_migrations.schema_migrations where version = '29990102000000') as recorded`,
    );
    expect(rows).toEqual([{ tbl: null, recorded: false }]);
  });

  it('that is edited after it was applied is reported, not re-run', async () => {
    const dir = join(scratch, 'edited');
    await mkdir(dir);
    const file = join(dir, '29990103000000_edited.sql');
    await writeFile(file, 'create table public.edited_once (id int);');
    expect(await migrate(db, dir)).toEqual(['29990103000000']);
    await writeFile(file, 'create table public.edited_once (id int, name text);');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(await migrate(db, dir)).toEqual([]);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('29990103000000_edited.sql changed after it was applied'));
    } finally {
      warn.mockRestore();
    }
  });

  it('must be named <version>_<name>.sql', async () => {
    const dir = join(scratch, 'misnamed');
    await mkdir(dir);
    await writeFile(join(dir, 'add-things.sql'), 'select 1;');
    await expect(listMigrations(dir)).rejects.toThrow('Migration file name must be <version>_<name>.sql: add-things.sql');
  });
});
