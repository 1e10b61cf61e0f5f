// openDb's contract with the Auth and REST servers: the same JavaScript values from PGlite and
// PostgreSQL, affectedRows, transactions that commit or roll back, and (PGlite) data that
// survives a restart.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations } from '../../supabase/local/db/migrate.ts';
import { openDb } from '../../supabase/local/db/open.ts';
import { openTestDb, type TestDb } from './support.ts';

let db: TestDb;

beforeAll(async () => {
  db = await openTestDb();
  await db.exec('create table public.adapter_probe (id bigint generated always as identity primary key, label text not null)');
});

afterAll(async () => {
  await db?.close();
});

describe('values', () => {
  it('come back as the same JavaScript types on both adapters', async () => {
    const { rows } = await db.query(
      `select 42::int as int4, 9007199254740993::int8 as big, 7::int8 as small, 1.5::float8 as float,
              12.50::numeric as numeric, true as bool, '{"a":[1,2]}'::jsonb as jsonb, 'x'::text as text,
              '2030-01-02'::date as date, '13:45:00'::time as time,
              '2030-01-02 03:04:05.678+00'::timestamptz as timestamptz,
              '6b1d7a9e-8c53-4a52-9f1e-0d6f3f1f2a10'::uuid as uuid, null::text as nothing`,
    );
    expect(rows[0]).toEqual({
      int4: 42,
      big: '9007199254740993',
      small: 7,
      float: 1.5,
      numeric: '12.50',
      bool: true,
      jsonb: { a: [1, 2] },
      text: 'x',
      date: '2030-01-02',
      time: '13:45:00',
      timestamptz: '2030-01-02 03:04:05.678+00',
      uuid: '6b1d7a9e-8c53-4a52-9f1e-0d6f3f1f2a10',
      nothing: null,
    });
  });

  it('describe each column by name and type OID', async () => {
    const { fields } = await db.query('select 1::int4 as a, now() as b');
    expect(fields).toEqual([
      { name: 'a', dataTypeID: 23 },
      { name: 'b', dataTypeID: 1184 },
    ]);
  });
});

describe('affectedRows', () => {
  it('counts rows written by insert, update and delete, and is 0 for a select', async () => {
    const insert = await db.query(`insert into public.adapter_probe (label) values ('a'), ('b'), ('c') returning id`);
    const update = await db.query(`update public.adapter_probe set label = label || '!' where label in ('a', 'b')`);
    const select = await db.query('select * from public.adapter_probe');
    const remove = await db.query(`delete from public.adapter_probe where label = 'c'`);
    expect([insert.affectedRows, update.affectedRows, select.affectedRows, remove.affectedRows]).toEqual([3, 2, 0, 1]);
    expect(insert.rows).toHaveLength(3);
  });
});

describe('transaction', () => {
  it('commits what fn did and returns its value', async () => {
    const value = await db.transaction(async (tx) => {
      await tx.query(`insert into public.adapter_probe (label) values ($1)`, ['committed']);
      return 'done';
    });
    expect(value).toBe('done');
    const { rows } = await db.query(`select label from public.adapter_probe where label = 'committed'`);
    expect(rows).toHaveLength(1);
  });

  it('rolls back everything when fn throws, and rethrows', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into public.adapter_probe (label) values ($1)`, ['rolled back']);
        await tx.query('select 1 / 0');
      }),
    ).rejects.toMatchObject({ code: '22012' });
    const { rows } = await db.query(`select label from public.adapter_probe where label = 'rolled back'`);
    expect(rows).toEqual([]);
  });

  it('keeps set_config(..., true) local to the transaction', async () => {
    const inside = await db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, ['{"sub":"x"}']);
      return (await tx.query<{ claims: string }>(`select current_setting('request.jwt.claims', true) as claims`)).rows[0];
    });
    const after = await db.query<{ claims: string | null }>(`select current_setting('request.jwt.claims', true) as claims`);
    expect(inside).toEqual({ claims: '{"sub":"x"}' });
    expect([null, '']).toContain(after.rows[0]!.claims);
  });

  it('runs concurrent transactions without mixing their settings', async () => {
    const results = await Promise.all(
      ['one', 'two', 'three', 'four'].map((tag) =>
        db.transaction(async (tx) => {
          await tx.query(`select set_config('app.tag', $1, true)`, [tag]);
          await tx.query('select pg_sleep(0.01)');
          return (await tx.query<{ tag: string }>(`select current_setting('app.tag') as tag`)).rows[0]!.tag;
        }),
      ),
    );
    expect(results).toEqual(['one', 'two', 'three', 'four']);
  });
});

describe.skipIf(Boolean(process.env['DATABASE_URL']))('PGlite in memory', () => {
  it('gives each caller its own fully migrated database (from the cached snapshot after the first)', async () => {
    const [one, two] = [await openDb({ dataDir: 'memory://' }), await openDb({ dataDir: 'memory://' })];
    try {
      await one.query(`insert into public.newsletter_subscribers (email) values ('only-in-one@example.com')`);
      const count = (d: typeof one) =>
        d.query<{ n: number }>('select count(*)::int as n from public.newsletter_subscribers').then((r) => r.rows[0]!.n);
      const migrations = (d: typeof one) =>
        d.query<{ n: number }>('select count(*)::int as n from supabase_migrations.schema_migrations').then((r) => r.rows[0]!.n);
      expect([await count(one), await count(two)]).toEqual([1, 0]);
      const all = (await listMigrations()).length;
      expect([await migrations(one), await migrations(two)]).toEqual([all, all]);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe.skipIf(Boolean(process.env['DATABASE_URL']))('PGlite in a data folder', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'visa-pglite-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await rm(`${dataDir}.lock`, { force: true });
  });

  it('keeps data across a restart and does not migrate twice', async () => {
    const first = await openDb({ dataDir });
    expect(first.kind).toBe('pglite');
    await first.query(`insert into public.newsletter_subscribers (email) values ('kept@example.com')`);
    // PGlite allows one user per folder: a second open is refused while the first is live.
    await expect(openDb({ dataDir })).rejects.toThrow(/already open in this process/);
    await first.close();

    // A lock left behind by a process that died is taken over.
    await writeFile(`${dataDir}.lock`, '2147483646');
    const second = await openDb({ dataDir });
    try {
      const kept = await second.query(`select email from public.newsletter_subscribers`);
      const versions = await second.query(`select count(*)::int as n from supabase_migrations.schema_migrations`);
      expect(kept.rows).toEqual([{ email: 'kept@example.com' }]);
      expect(versions.rows).toEqual([{ n: (await listMigrations()).length }]);
    } finally {
      await second.close();
    }
    // Two cold starts of PGlite on disk; slow on a busy machine.
  }, 120_000);
});
