// The admin dashboard's queries use the list indexes declared with each table
// (20261122000100_profiles_and_roles.sql says why): EXPLAIN of the statements PostgREST runs for the first page,
// a search, a sort and the filters, as an admin (row-level security included), over enough rows
// that a sequential scan would be the planner's choice without them. tests/bench (npm run
// bench:api) times the same requests at 100,000 rows.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, makeAdmin, openTestDb, runAs, staffSignedIn, type Actor, type TestDb } from './support.ts';

const ROWS = 20_000;
let db: TestDb;
let admin: Actor;

beforeAll(async () => {
  db = await openTestDb();
  const boss = await createUser(db, 'indexes-admin@example.com');
  await makeAdmin(db, boss.id);
  admin = staffSignedIn('admin', boss);
  await db.transaction(async (tx) => {
    // A bulk import: the visitors' spam-limit triggers are not what is measured here.
    await tx.query('set local session_replication_role = replica');
    await tx.query(
      `insert into public.visa_applications (visa_type, name, email, phone, dob, nationality, passport_number, marital_status, address, status, submitted_at)
       select (array['Tourist Visa','Business Visa','Visa Extension']::public.visa_type[])[1 + i % 3], 'Applicant ' || i, 'applicant' || i || '@example.com',
              '+234 800 000 0000', date '1980-01-01', 'Nigerian', 'P' || i, 'Single', 'Street ' || i,
              (array['submitted','in_review','approved','rejected']::public.application_status[])[1 + i % 4], now() - make_interval(secs => i)
       from generate_series(1, $1::int) as i`,
      [ROWS],
    );
    await tx.query(
      `insert into public.bookings (full_name, phone, email, country, date, time, created_at)
       select 'Booker ' || i, '+234 800 000 0000', 'booker' || i || '@example.com', 'UK', current_date + 1, '09:00', now() - make_interval(secs => i)
       from generate_series(1, $1::int) as i`,
      [ROWS],
    );
  });
  await db.query('analyze public.visa_applications');
  await db.query('analyze public.bookings');
}, 120_000);

afterAll(async () => {
  await db?.close();
});

/** The plan of `sql` as the admin runs it, as one string of node types and index names. */
async function plan(sql: string): Promise<string> {
  const { rows } = await runAs<{ 'QUERY PLAN': unknown }>(db, admin, `explain (format json) ${sql}`);
  return JSON.stringify(rows[0]!['QUERY PLAN']);
}

const APPLICATION = 'select id, name, email, status from public.visa_applications';

/** The admin lists' search (src/lib/admin/list-queries.ts): a range per lower-cased key, OR-ed. */
function search(keys: string[], from: string, to: string): string {
  return keys.map((key) => `(${key} >= '${from}' and ${key} < '${to}')`).join(' or ');
}

const APPLICATION_KEYS = ['name_lower', 'email_lower', 'passport_number_lower'];

describe('the applications list', () => {
  it('reads its first and next pages newest first from the submitted_at index', async () => {
    expect(await plan(`${APPLICATION} order by submitted_at desc, id asc limit 25 offset 25`)).toContain('visa_applications_submitted_at_idx');
  });

  it('searches name, email and passport number prefixes through their three indexes, past row-level security', async () => {
    const text = await plan(`${APPLICATION} where ${search(APPLICATION_KEYS, 'applicant 4242', 'applicant 4243')} order by submitted_at desc, id asc limit 25`);
    expect(text).toContain('BitmapOr');
    for (const index of ['visa_applications_name_lower_idx', 'visa_applications_email_lower_idx', 'visa_applications_passport_number_lower_idx']) {
      expect(text).toContain(index);
    }
    expect(text).not.toContain('"Seq Scan"');
  });

  it('counts a search (111 rows) from the indexes, not the whole table', async () => {
    // (A prefix matching a large share of the table is counted by a scan, as the planner should.)
    const text = await plan(`select count(*) from public.visa_applications where ${search(APPLICATION_KEYS, 'applicant 42', 'applicant 43')}`);
    expect(text).toContain('visa_applications_name_lower_idx');
    expect(text).not.toContain('"Seq Scan"');
  });

  it('would read the whole table with LIKE, which row-level security keeps out of the index', async () => {
    // Why the island searches with ranges: textlike is not leakproof, so it runs after the policy.
    const text = await plan(`select count(*) from public.visa_applications where name_lower like 'applicant 4242%'`);
    expect(text).toContain('"Seq Scan"');
  });

  it('sorts by name in either direction from the name index', async () => {
    expect(await plan(`${APPLICATION} order by name_lower asc, id desc limit 25`)).toContain('visa_applications_name_lower_idx');
    expect(await plan(`${APPLICATION} order by name_lower desc, id asc limit 25`)).toContain('visa_applications_name_lower_idx');
  });

  it('filters by status or visa type along the submitted_at index, and the overview counts a status through its index', async () => {
    // No row is 'Emergency Visa' and a few are 'rejected'.
    await db.query(`update public.visa_applications set status = 'submitted' where status = 'rejected' and name_lower >= 'applicant 2'`);
    await db.query('analyze public.visa_applications');
    // Status and visa type are enums, and enum equality is not leakproof: under the admins' policy
    // Postgres uses neither the column's statistics nor its index for it (as with LIKE above), so
    // the list's filter is checked row by row along the newest-first index, which stops at a
    // page's 25 matches: never a sort of the table (docs/performance.md).
    for (const filter of [`visa_type = 'Emergency Visa'`, `status = 'rejected'`]) {
      const text = await plan(`${APPLICATION} where ${filter} order by submitted_at desc, id asc limit 25`);
      expect(text, filter).toContain('visa_applications_submitted_at_idx');
      expect(text, filter).not.toContain('Sort');
    }
    // The overview (public.admin_overview, security definer: no policy between) counts through the status index.
    const { rows } = await db.query<{ 'QUERY PLAN': unknown }>(`explain (format json) select count(*) from public.visa_applications where status = 'rejected'`);
    expect(JSON.stringify(rows[0]!['QUERY PLAN'])).toContain('visa_applications_status_idx');
  });

  it('reads a page deep in the list by key from where the key is in the submitted_at index, not by walking past the rows before it', async () => {
    // The row ending page 600 of 25 (src/lib/admin/list-queries.ts, keyFilters: the page after it,
    // newest first, is submitted_at <= its time and, among rows of that time, id > its id).
    const { rows: [edge] } = await db.query<{ submitted_at: string; id: string }>(
      `select submitted_at::text, id from public.visa_applications order by submitted_at desc, id asc offset 14999 limit 1`,
    );
    const page = (where: string) => `${APPLICATION} where ${where} order by submitted_at desc, id asc limit 25`;
    const read = async (sql: string) => {
      const { rows } = await runAs<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(db, admin, `explain (analyze, format json) ${sql}`);
      return indexScan(rows[0]!['QUERY PLAN'][0].Plan);
    };
    const byKey = await read(page(`submitted_at <= '${edge!.submitted_at}' and (submitted_at < '${edge!.submitted_at}' or id > '${edge!.id}')`));
    expect(byKey.name).toBe('visa_applications_submitted_at_idx');
    // Its 25 rows and the next, not the 15,000 before it (by its number, offset 15000, the index is
    // walked past all of them, or the planner sorts the table).
    expect(byKey.read).toBeLessThanOrEqual(30);
  });
});

/** A node of EXPLAIN (ANALYZE, FORMAT JSON)'s plan. */
interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** The plan's index scan: its index and the index entries it read (rows it returned and rows its filter removed). */
function indexScan(node: PlanNode): { name: string | undefined; read: number } {
  if (node['Node Type'] === 'Index Scan') return { name: node['Index Name'], read: node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) };
  for (const child of node.Plans ?? []) {
    const found = indexScan(child);
    if (found.name) return found;
  }
  return { name: undefined, read: 0 };
}

describe('the bookings list', () => {
  it('searches names and emails through their indexes', async () => {
    const text = await plan(
      `select id from public.bookings where ${search(['full_name_lower', 'email_lower'], 'booker 777', 'booker 778')} order by created_at desc, id asc limit 25`,
    );
    expect(text).toContain('bookings_full_name_lower_idx');
    expect(text).toContain('bookings_email_lower_idx');
  });
});
