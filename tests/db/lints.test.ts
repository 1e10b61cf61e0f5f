// The Security and Performance Advisors of a hosted project show nothing for this schema: every
// lint of Supabase's database linter that applies (tests/db/lints.ts, ported from
// github.com/supabase/splinter) finds nothing in the migrated database. A finding's detail names
// the table, policy or function to fix; the rules behind them are in the wave-2 contract and in
// the header of each migration.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINTS } from './lints.ts';
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
