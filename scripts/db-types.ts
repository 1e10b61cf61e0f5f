// `npm run db:types`: writes common/database.types.ts, the `Database` type
// every supabase-js client of the site and the functions is created with, from the migrations.
// tests/db/database-types.test.ts fails while the committed file differs from what this writes.

import { writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from '../supabase/local/db/database-types.ts';

try {
  await writeFile(DATABASE_TYPES_FILE, await generateDatabaseTypes());
  console.log(`Wrote ${relative(process.cwd(), DATABASE_TYPES_FILE)}`);
} catch (error) {
  console.error(`db:types failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
