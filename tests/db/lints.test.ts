// The Security and Performance Advisors of a hosted project show nothing for this schema: every
// lint of Supabase's database linter that applies (tests/db/lints.ts, ported from
// github.com/supabase/splinter) finds nothing in the migrated database. A finding's detail names
// the table, policy or function to fix; the rules behind them are in the wave-2 contract and in
// the header of each migration.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPOSED_SCHEMAS, LINTS } from './lints.ts';
import { openTestDb, type TestDb } from './support.ts';

let db: TestDb;

beforeAll(async () => {
  db = await openTestDb();
});

afterAll(async () => {
  await db.close();
});

describe("Supabase's database linter finds nothing", () => {
  for (const lint of LINTS) {
    it(`${lint.id} ${lint.name} (${lint.level})`, async () => {
      const { rows } = await db.query<{ detail: string }>(lint.sql);
      expect(rows.map((row) => row.detail)).toEqual([]);
    });
  }
});

// The project's own rules are stricter than the linter's where it only warns about what the API
// roles can reach today: a grant added later must not be what makes a table or function unsafe.
describe('the rules the linter only partly checks', () => {
  it('row-level security on every table of an exposed schema, whatever its grants', async () => {
    const { rows } = await db.query<{ name: string }>(
      `select c.oid::regclass::text as name from pg_class c
       where c.relkind in ('r', 'p') and c.relnamespace::regnamespace::text = any($1) and not c.relrowsecurity`,
      [EXPOSED_SCHEMAS],
    );
    expect(rows.map((row) => row.name)).toEqual([]);
  });

  it('no security definer function in an exposed schema, whoever may execute it', async () => {
    const { rows } = await db.query<{ name: string }>(
      `select p.oid::regprocedure::text as name from pg_proc p
       where p.prosecdef and p.pronamespace::regnamespace::text = any($1)`,
      [EXPOSED_SCHEMAS],
    );
    expect(rows.map((row) => row.name)).toEqual([]);
  });
});
