// The storage schema (supabase/local/db/storage-schema.sql) is shaped like hosted Supabase's:
// the path helpers answer as hosted's do, row-level security is on with no policy (so nothing is
// readable or writable by the API roles until a migration adds policies), the API roles have
// hosted's grants, and only the Storage API may delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENIED, anon, attemptAs, createUser, openTestDb, runAs, service, signedIn, type Actor, type TestDb } from './support.ts';

let db: TestDb;
let user: Actor;
const BUCKET = 'schema-test';

beforeAll(async () => {
  db = await openTestDb();
  user = signedIn('a signed-in user', await createUser(db, 'storage-schema@example.com'));
  await db.query(`insert into storage.buckets (id, name) values ($1, $1)`, [BUCKET]);
});

afterAll(async () => {
  await db?.close();
});

describe('path helpers, as hosted defines them', () => {
  it.each([
    ['a/b/c.pdf', ['a', 'b'], 'c.pdf', 'pdf'],
    ['c.tar.gz', [], 'c.tar.gz', 'gz'],
    ['user/passport', ['user'], 'passport', 'passport'],
  ])('%s', async (name, folders, file, extension) => {
    const { rows } = await db.query(`select storage.foldername($1) as folders, storage.filename($1) as file, storage.extension($1) as ext`, [name]);
    expect(rows[0]).toEqual({ folders, file, ext: extension });
  });
});

describe('columns', () => {
  it('has hosted columns, path_tokens generated from the name', async () => {
    await db.query(`insert into storage.objects (bucket_id, name, owner_id, metadata) values ($1, 'x/y/z.png', 'someone', '{"size": 1}')`, [BUCKET]);
    const { rows } = await db.query(`select path_tokens, version, owner, created_at is not null as stamped from storage.objects where name = 'x/y/z.png'`);
    expect(rows[0]).toEqual({ path_tokens: ['x', 'y', 'z.png'], version: null, owner: null, stamped: true });
    const { rows: bucketColumns } = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'storage' and table_name = 'buckets' order by column_name`,
    );
    expect(bucketColumns.map((c) => c.column_name)).toEqual(
      expect.arrayContaining(['id', 'name', 'owner', 'public', 'file_size_limit', 'allowed_mime_types', 'created_at', 'updated_at']),
    );
  });

  it('keeps updated_at current on every update', async () => {
    await db.query(`update storage.objects set updated_at = now() - interval '1 day' where name = 'x/y/z.png'`);
    await db.query(`update storage.objects set metadata = '{"size": 2}' where name = 'x/y/z.png'`);
    const { rows } = await db.query(`select updated_at > now() - interval '1 minute' as fresh from storage.objects where name = 'x/y/z.png'`);
    expect(rows[0]).toEqual({ fresh: true });
  });
});

describe('row-level security with no policy', () => {
  it('is enabled on storage.objects and storage.buckets', async () => {
    const { rows } = await db.query(`select relname, relrowsecurity from pg_class where relnamespace = 'storage'::regnamespace and relname in ('objects', 'buckets') order by relname`);
    expect(rows).toEqual([
      { relname: 'buckets', relrowsecurity: true },
      { relname: 'objects', relrowsecurity: true },
    ]);
  });

  it('gives the API roles every privilege on both tables, as hosted does (policies decide)', async () => {
    for (const role of ['anon', 'authenticated', 'service_role']) {
      for (const table of ['storage.objects', 'storage.buckets']) {
        const { rows } = await db.query(
          `select bool_and(has_table_privilege($1, $2, p)) as ok from unnest(array['select', 'insert', 'update', 'delete']) p`,
          [role, table],
        );
        expect(rows[0], `${role} on ${table}`).toEqual({ ok: true });
      }
    }
  });

  it.each([['anonymous', () => anon], ['signed in', () => user]])('denies %s everything on a bucket no policy opens', async (_label, who) => {
    const actor = who();
    expect(await attemptAs(db, actor, `select count(*)::int as n from storage.objects where bucket_id = $1`, [BUCKET])).toMatchObject({ ok: true, rows: [{ n: 0 }] });
    expect(await attemptAs(db, actor, `select count(*)::int as n from storage.buckets`)).toMatchObject({ ok: true, rows: [{ n: 0 }] });
    expect(await attemptAs(db, actor, `insert into storage.objects (bucket_id, name) values ($1, 'mine.pdf')`, [BUCKET])).toMatchObject({ ok: false, code: DENIED });
    expect(await attemptAs(db, actor, `update storage.objects set name = 'moved' where bucket_id = $1`, [BUCKET])).toMatchObject({ ok: true, affectedRows: 0 });
  });

  it('lets the service role read and write (it bypasses row-level security)', async () => {
    const { rows } = await runAs(db, service, `select count(*)::int as n from storage.objects where bucket_id = $1`, [BUCKET]);
    expect(rows[0]).toEqual({ n: 1 });
  });
});

describe('deletes', () => {
  it('refuses a delete that does not come through the Storage API, whoever makes it', async () => {
    expect(await attemptAs(db, service, `delete from storage.objects where bucket_id = $1`, [BUCKET])).toMatchObject({
      ok: false,
      code: DENIED,
      message: expect.stringContaining('Use the Storage API'),
    });
  });

  it("allows the Storage API's own delete (storage.allow_delete_query set for its transaction)", async () => {
    const result = await db.transaction(async (tx) => {
      await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
      return tx.query(`delete from storage.objects where bucket_id = $1`, [BUCKET]);
    });
    expect(result.affectedRows).toBe(1);
  });
});
