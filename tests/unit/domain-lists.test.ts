// The CHECK constraints of the migrations and the closed lists of src/lib/domain.ts must not
// drift apart: the forms validate with the lists, the database with the constraints.

import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { listMigrations } from '../../supabase/local/db/migrate.ts';
import { APPLICATION_STATUSES, BOOKING_COUNTRIES, MARITAL_STATUSES, VISA_TYPES } from '../../src/lib/domain.ts';

const migrations = await Promise.all((await listMigrations()).map((m) => readFile(m.path, 'utf8')));
const sql = migrations.join('\n');

/** Every `<name> in ('a', 'b', ...)` list of the migrations, as arrays of values. */
function listsFor(name: string): string[][] {
  const pattern = new RegExp(`\\b${name}\\s+in\\s*\\(([^)]*)\\)`, 'g');
  return [...sql.matchAll(pattern)].map((match) =>
    [...match[1]!.matchAll(/'((?:[^']|'')*)'/g)].map((value) => value[1]!.replaceAll("''", "'")),
  );
}

describe.each([
  ['visa_type', VISA_TYPES, 1],
  // profiles, the signup trigger's filter and visa_applications
  ['marital_status', MARITAL_STATUSES, 2],
  ['marital', MARITAL_STATUSES, 1],
  ['country', BOOKING_COUNTRIES, 1],
  ['status', APPLICATION_STATUSES, 1],
] as const)('the %s lists in the migrations', (name, expected, count) => {
  const lists = listsFor(name);

  it(`appear ${count} time(s)`, () => {
    expect(lists).toHaveLength(count);
  });

  it('equal src/lib/domain.ts, in order', () => {
    for (const list of lists) expect(list).toEqual([...expected]);
  });
});
