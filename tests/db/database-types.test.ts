// The committed `Database` type is the one the migrations generate: a migration that changes a
// table or a function without regenerating the types fails here, not at run time.

import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { expect, it } from 'vitest';
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from '../../supabase/local/db/database-types.ts';

it('the committed database types are what the migrations generate', { timeout: 180_000 }, async () => {
  const generated = await generateDatabaseTypes();
  expect(generated).toContain('export type Database = {');
  const committed = await readFile(DATABASE_TYPES_FILE, 'utf8').catch(() => '(missing)');
  const file = relative(process.cwd(), DATABASE_TYPES_FILE);
  expect(committed, `${file} is not what the migrations generate: run \`npm run db:types\` and commit the file`).toBe(generated);
});
