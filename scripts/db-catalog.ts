// Compares what two versions of supabase/migrations build: each is applied to a fresh database
// (the bootstrap, then its migrations), the catalog of both is written out as sorted lines, and
// the lines that differ are printed. Run it after reorganising migrations to prove the schema did
// not change:
//   node scripts/db-catalog.ts <git revision>            the revision's migrations against the work tree's
//   node scripts/db-catalog.ts <git revision> <other>    two revisions
//   node scripts/db-catalog.ts --print                   the work tree's catalog, one object a line
// It uses PGlite in memory, or throwaway databases on the server of DATABASE_URL when set (as
// scripts/ci-postgres.sh does: the real pg_cron where it is preloaded is not used, the stand-in is).
// The catalog: schemas, extensions, tables, views and sequences with their options, row-level
// security and grants; columns (type, default, nullability, identity, grants); constraints;
// indexes; policies; functions with their whole definition, settings and grants; triggers; types
// and domains; default privileges; comments on all of them; and the rows the migrations leave in
// any table (cron jobs, storage buckets, Vault secrets' names, refusal codes...). Exits 1 when the
// two differ.

import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate, MIGRATIONS_DIR } from '../supabase/local/db/migrate.ts';
import { openDb, type ScriptDb } from '../supabase/local/db/open.ts';

// Schemas of Postgres itself; everything else (auth, storage, extensions, net, cron, vault,
// public, private, supabase_migrations...) is compared.
const SYSTEM_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'`;

// Each query returns one text column, `line`: one catalog object and what defines it.
const CATALOG_QUERIES: Record<string, string> = {
  schema: `select format('%s owner=%s acl=%s', n.nspname, pg_get_userbyid(n.nspowner), n.nspacl) as line
           from pg_namespace n where ${SYSTEM_SCHEMAS}`,
  extension: `select format('%s schema=%s', e.extname, n.nspname) as line
              from pg_extension e join pg_namespace n on n.oid = e.extnamespace`,
  relation: `select format('%s.%s kind=%s owner=%s rls=%s force_rls=%s options=%s acl=%s persistence=%s', n.nspname, c.relname, c.relkind,
                    pg_get_userbyid(c.relowner), c.relrowsecurity, c.relforcerowsecurity, c.reloptions, c.relacl, c.relpersistence) as line
             from pg_class c join pg_namespace n on n.oid = c.relnamespace
             where ${SYSTEM_SCHEMAS} and c.relkind in ('r', 'v', 'm', 'S', 'p', 'f')`,
  view: `select format('%s.%s %s', n.nspname, c.relname, pg_get_viewdef(c.oid)) as line
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where ${SYSTEM_SCHEMAS} and c.relkind in ('v', 'm')`,
  column: `select format('%s.%s.%s #%s %s notnull=%s default=%s identity=%s generated=%s collation=%s acl=%s', n.nspname, c.relname, a.attname,
                  a.attnum, format_type(a.atttypid, a.atttypmod), a.attnotnull, pg_get_expr(d.adbin, d.adrelid), a.attidentity,
                  a.attgenerated, co.collname, a.attacl) as line
           from pg_attribute a
           join pg_class c on c.oid = a.attrelid
           join pg_namespace n on n.oid = c.relnamespace
           left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
           left join pg_collation co on co.oid = a.attcollation and a.attcollation <> 100
           where ${SYSTEM_SCHEMAS} and c.relkind in ('r', 'v', 'm', 'p', 'f', 'c') and a.attnum > 0 and not a.attisdropped`,
  constraint: `select format('%s.%s %s %s deferrable=%s deferred=%s validated=%s', n.nspname, coalesce(c.relname, t.typname), con.conname,
                      pg_get_constraintdef(con.oid), con.condeferrable, con.condeferred, con.convalidated) as line
               from pg_constraint con
               join pg_namespace n on n.oid = con.connamespace
               left join pg_class c on c.oid = con.conrelid
               left join pg_type t on t.oid = con.contypid
               where ${SYSTEM_SCHEMAS}`,
  index: `select format('%s.%s %s', n.nspname, c.relname, pg_get_indexdef(c.oid)) as line
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where ${SYSTEM_SCHEMAS} and c.relkind in ('i', 'I')`,
  policy: `select format('%s.%s %s %s %s roles=%s using=%s check=%s', schemaname, tablename, policyname, permissive, cmd, roles, qual, with_check) as line
           from pg_policies`,
  function: `select format('%s.%s(%s) owner=%s acl=%s %s', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid),
                    pg_get_userbyid(p.proowner), p.proacl,
                    case when p.prokind in ('f', 'p', 'w') then pg_get_functiondef(p.oid) else format('aggregate %s', p.prokind) end) as line
             from pg_proc p join pg_namespace n on n.oid = p.pronamespace
             where ${SYSTEM_SCHEMAS}`,
  trigger: `select format('%s.%s %s enabled=%s', n.nspname, c.relname, pg_get_triggerdef(t.oid), t.tgenabled) as line
            from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
            where ${SYSTEM_SCHEMAS} and not t.tgisinternal`,
  event_trigger: `select format('%s %s %s enabled=%s', evtname, evtevent, evtfoid::regproc, evtenabled) as line from pg_event_trigger`,
  type: `select format('%s.%s kind=%s base=%s notnull=%s default=%s acl=%s enum=%s', n.nspname, t.typname, t.typtype,
                format_type(t.typbasetype, t.typtypmod), t.typnotnull, t.typdefault, t.typacl,
                (select string_agg(e.enumlabel, ',' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid)) as line
         from pg_type t join pg_namespace n on n.oid = t.typnamespace
         where ${SYSTEM_SCHEMAS} and t.typtype in ('d', 'e', 'r', 'm')
            or (${SYSTEM_SCHEMAS} and t.typtype = 'c' and (select relkind from pg_class where oid = t.typrelid) = 'c')`,
  default_acl: `select format('%s in %s on %s: %s', pg_get_userbyid(d.defaclrole), coalesce(n.nspname, '(all)'), d.defaclobjtype, d.defaclacl) as line
                from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace`,
  comment: `select line from (select d.classoid::regclass || ' ' || 
                    case d.classoid
                      when 'pg_class'::regclass then (select format('%s.%s', n.nspname, c.relname) || coalesce('.' || (select attname from pg_attribute where attrelid = c.oid and attnum = d.objsubid and d.objsubid > 0), '')
                                                      from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.oid = d.objoid and ${SYSTEM_SCHEMAS})
                      when 'pg_proc'::regclass then (select format('%s.%s(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid))
                                                     from pg_proc p join pg_namespace n on n.oid = p.pronamespace where p.oid = d.objoid and ${SYSTEM_SCHEMAS})
                      when 'pg_type'::regclass then (select format('%s.%s', n.nspname, t.typname)
                                                     from pg_type t join pg_namespace n on n.oid = t.typnamespace where t.oid = d.objoid and ${SYSTEM_SCHEMAS})
                      when 'pg_namespace'::regclass then (select n.nspname from pg_namespace n where n.oid = d.objoid and ${SYSTEM_SCHEMAS})
                      when 'pg_constraint'::regclass then (select format('%s.%s', n.nspname, con.conname)
                                                           from pg_constraint con join pg_namespace n on n.oid = con.connamespace where con.oid = d.objoid and ${SYSTEM_SCHEMAS})
                      when 'pg_policy'::regclass then (select format('%s.%s', pol.polrelid::regclass, pol.polname) from pg_policy pol where pol.oid = d.objoid)
                      when 'pg_trigger'::regclass then (select format('%s.%s', tg.tgrelid::regclass, tg.tgname) from pg_trigger tg where tg.oid = d.objoid)
                    end || ': ' || d.description as line
            from pg_description d) described
            where line is not null`,
};

/** Every table's rows as JSON, for the tables outside Postgres' own schemas that have any. */
async function tableRows(db: ScriptDb): Promise<string[]> {
  const { rows: tables } = await db.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where ${SYSTEM_SCHEMAS} and c.relkind in ('r', 'p') and n.nspname <> 'supabase_migrations' order by 1`,
  );
  // pg_cron records the database a job runs in: the throwaway database's own name, which differs per build.
  const { rows: current } = await db.query<{ name: string }>('select current_database() as name');
  const database = `"database": ${JSON.stringify(current[0]!.name)}`;
  const lines: string[] = [];
  for (const { name } of tables) {
    // Values that differ on every build (ids from sequences, times, Vault's ciphertext) are left out.
    const { rows } = await db.query<{ line: string }>(
      `select to_jsonb(t) - array['id', 'created_at', 'updated_at', 'secret', 'nonce', 'key_id', 'inserted_at', 'jobid', 'checksum'] #>> '{}' as line from ${name} t`,
    );
    for (const { line } of rows) lines.push(`row ${name} ${line.replaceAll(database, '"database": "(this database)"')}`);
  }
  return lines;
}

/** The catalog of db, sorted: one line per object, each starting with what kind of object it is. */
export async function catalogOf(db: ScriptDb): Promise<string[]> {
  const lines: string[] = [];
  for (const [kind, sql] of Object.entries(CATALOG_QUERIES)) {
    const { rows } = await db.query<{ line: string }>(sql);
    for (const { line } of rows) lines.push(`${kind} ${line.replaceAll('\n', '\n    ')}`);
  }
  lines.push(...(await tableRows(db)));
  return lines.sort();
}

/** A fresh database migrated with the files of dir; close() drops it. */
async function freshDatabase(dir: string): Promise<ScriptDb> {
  const serverUrl = process.env['DATABASE_URL'];
  if (!serverUrl) {
    const db = await openDb({ dataDir: 'memory://', migrate: false });
    await migrate(db, dir);
    return db;
  }
  const name = `catalog_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: url.toString(), migrate: false });
  await migrate(db, dir);
  return {
    ...db,
    close: async () => {
      await db.close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The catalog that the migrations of dir build. */
async function catalogOfMigrations(dir: string): Promise<string[]> {
  const db = await freshDatabase(dir);
  try {
    return await catalogOf(db);
  } finally {
    await db.close();
  }
}

/** The migrations folder of a git revision, extracted into a temporary folder. */
async function migrationsAt(revision: string, scratch: string): Promise<string> {
  const dir = join(scratch, revision.replaceAll(/[^\w.-]/g, '_'));
  execFileSync('mkdir', ['-p', dir]);
  const archive = execFileSync('git', ['archive', revision, 'supabase/migrations'], { maxBuffer: 1 << 28 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  return join(dir, 'supabase/migrations');
}

/** The lines only in before ("-") and only in after ("+"). */
function difference(before: string[], after: string[]): string[] {
  const count = (lines: string[]) => lines.reduce((map, line) => map.set(line, (map.get(line) ?? 0) + 1), new Map<string, number>());
  const a = count(before);
  const b = count(after);
  const out: string[] = [];
  for (const [line, n] of a) for (let i = b.get(line) ?? 0; i < n; i++) out.push(`- ${line}`);
  for (const [line, n] of b) for (let i = a.get(line) ?? 0; i < n; i++) out.push(`+ ${line}`);
  // Removed and added versions of one object side by side.
  return out.sort((x, y) => x.slice(2).localeCompare(y.slice(2)) || x.localeCompare(y));
}

async function main(args: string[]): Promise<number> {
  if (args[0] === '--print') {
    for (const line of await catalogOfMigrations(MIGRATIONS_DIR)) console.log(line);
    return 0;
  }
  const [from, to] = args;
  if (!from) {
    console.error('Usage: node scripts/db-catalog.ts <git revision> [<git revision>] | --print');
    return 2;
  }
  const scratch = await mkdtemp(join(tmpdir(), 'db-catalog-'));
  try {
    const before = await catalogOfMigrations(await migrationsAt(from, scratch));
    const after = await catalogOfMigrations(to ? await migrationsAt(to, scratch) : MIGRATIONS_DIR);
    const changed = difference(before, after);
    const where = process.env['DATABASE_URL'] ? 'PostgreSQL' : 'PGlite';
    console.log(`${before.length} catalog lines from ${from}, ${after.length} from ${to ?? 'the work tree'} (${where}).`);
    if (changed.length === 0) {
      console.log('The catalogs are identical.');
      return 0;
    }
    console.log(`${changed.length} lines differ:`);
    for (const line of changed) console.log(line);
    return 1;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

process.exitCode = await main(process.argv.slice(2));
