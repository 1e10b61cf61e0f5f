// The README names every Edge Function and every Cron job the project deploys ("What runs where"):
// the functions are the folders of supabase/functions/ (less _shared/ and tests/), the jobs are
// what the migrations schedule, read back from cron.job of a migrated database. A function or a
// job added or removed without the README fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from './support.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf-8');

/**
 * The names of the README's list under the bullet `- **<title>**`: each item one level deeper
 * that starts with a name in backticks, up to the next bullet of the list's own level.
 */
function listedNames(title: string): string[] {
  const lines = README.split('\n');
  const start = lines.findIndex((line) => line.trimStart().startsWith(`- **${title}**`));
  if (start < 0) throw new Error(`README.md has no "- **${title}**" bullet`);
  const depth = lines[start]!.indexOf('-');
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const bullet = line.indexOf('- ');
    const isBullet = bullet >= 0 && line.slice(0, bullet).trim() === '';
    if (isBullet && bullet <= depth) break;
    const item = isBullet ? /^- `([^`]+)`/.exec(line.slice(bullet)) : null;
    if (item) names.push(item[1]!);
  }
  return names.sort();
}

describe('the README lists what is deployed', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('every Edge Function of supabase/functions/, and nothing else', () => {
    const folders = readdirSync(join(ROOT, 'supabase/functions'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== '_shared' && entry.name !== 'tests')
      .map((entry) => entry.name)
      .sort();
    expect(folders.length).toBeGreaterThan(0);
    expect(listedNames('Edge Functions')).toEqual(folders);
  });

  it('every Cron job the migrations schedule, and nothing else', async () => {
    const { rows } = await db.query<{ jobname: string }>(`select jobname from cron.job order by jobname`);
    expect(rows.length).toBeGreaterThan(0);
    expect(listedNames('Cron')).toEqual(rows.map((row) => row.jobname).sort());
  });
});
