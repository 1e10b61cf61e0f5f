// The list of personal data (common/personal-data.ts) against the database's catalog: every column
// that holds a user id or an email address, in every schema the project writes, and every Storage
// bucket, is listed, and the list names nothing the database no longer has. So a new table with an
// applicant's id or address fails here until the list says how it is found, exported and deleted.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_SECTIONS, PERSONAL_BUCKETS, PERSONAL_TABLES } from '../../common/personal-data.ts';
import { openTestDb, type TestDb } from './support.ts';

let db: TestDb;

beforeAll(async () => {
  db = await openTestDb();
});

afterAll(async () => {
  await db?.close();
});

/**
 * schema.table.column of every column that holds a user id or an email address: a foreign key to
 * auth.users or public.profiles (whose id is the user's), a name with email, user_id or owner in it, or
 * the type public.email_address. The Auth server's own schema is left out but for auth.users, the
 * account itself (listed by hand, as the catalog cannot say which of its columns are personal).
 */
async function catalogColumns(): Promise<string[]> {
  const { rows } = await db.query<{ column: string }>(
    `with referencing as (
         select n.nspname, c.relname, a.attname
         from pg_constraint k
                  join pg_class c on c.oid = k.conrelid
                  join pg_namespace n on n.oid = c.relnamespace
                  join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any (k.conkey)
         where k.contype = 'f'
           and k.confrelid in ('auth.users'::regclass, 'public.profiles'::regclass)),
     named as (
         select n.nspname, c.relname, a.attname
         from pg_attribute a
                  join pg_class c on c.oid = a.attrelid
                  join pg_namespace n on n.oid = c.relnamespace
         where c.relkind in ('r', 'p')
           and a.attnum > 0
           and not a.attisdropped
           and (a.attname ilike '%email%' or a.attname ilike '%user\_id%' or a.attname ilike 'owner%'
               or a.atttypid = 'public.email_address'::regtype))
     select distinct nspname || '.' || relname || '.' || attname as column
     from (select * from referencing union all select * from named) found
     where nspname in ('public', 'private', 'storage')
     order by 1`,
  );
  return rows.map((row) => row.column);
}

function listedColumns(): string[] {
  return PERSONAL_TABLES.filter((entry) => !entry.table.startsWith('auth.'))
    .flatMap((entry) => Object.keys(entry.columns).map((column) => `${entry.table}.${column}`))
    .sort();
}

describe('the list of personal data', () => {
  it('names every column of the catalog that holds a user id or an email address, and no other', async () => {
    const catalog = await catalogColumns();
    // Sanity: the catalog query finds what it must (a wrong query would find nothing and pass).
    expect(catalog).toEqual(expect.arrayContaining(['public.profiles.id', 'public.visa_applications.user_id', 'public.bookings.email', 'storage.objects.owner_id']));
    const missing = catalog.filter((column) => !listedColumns().includes(column));
    expect(missing, 'add these to PERSONAL_TABLES in common/personal-data.ts (and to the export or its reasons)').toEqual([]);
    const stale = listedColumns().filter((column) => !catalog.includes(column));
    expect(stale, 'these are listed but the database has no such column').toEqual([]);
  });

  it('names every Storage bucket', async () => {
    const { rows } = await db.query<{ id: string }>('select id from storage.buckets order by id');
    expect(rows.map((row) => row.id)).toEqual(PERSONAL_BUCKETS.map((entry) => entry.bucket).sort());
  });

  it('says for each table where the export puts its rows, or why it does not', () => {
    for (const entry of PERSONAL_TABLES) {
      if (entry.exportKey === null) expect(entry.notExported, entry.table).toMatch(/\w/);
      else expect(EXPORT_SECTIONS, entry.table).toContain(entry.exportKey);
    }
    for (const entry of PERSONAL_BUCKETS) expect(EXPORT_SECTIONS).toContain(entry.exportKey);
  });

  it('lists each table once, and auth.users with the account’s id and address', () => {
    const tables = PERSONAL_TABLES.map((entry) => entry.table);
    expect(new Set(tables).size).toBe(tables.length);
    expect(PERSONAL_TABLES.find((entry) => entry.table === 'auth.users')?.columns).toEqual({ id: 'account_id', email: 'account_email' });
  });
});
