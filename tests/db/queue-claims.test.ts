// A queue's claim reads the few rows it takes, however many are due: the due rows come from the
// claimable index in the claim's own order (time, then id), with no sort. Rows queued by one
// statement (an import's emails, an application's documents) share their time, and an index on
// the time alone left the planner to sort every due row for each claim: half a second per claim
// at 200,000 queued emails, on the one connection of the embedded database, which is how
// concurrent submissions came to have their connections reset (docs/performance.md). The claim's
// statement is the one private.due_jobs writes for every queue, so this checks what the migration defines.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from './support.ts';

const ROWS = 20_000;
let db: TestDb;

beforeAll(async () => {
  db = await openTestDb();
  // One statement each, so every row has the same time, as a burst or an import queues them.
  await db.query(
    `insert into public.notifications (kind, recipient, subject_table, subject_id, dedupe_key)
     select 'staff_new_application', null, 'visa_applications', gen_random_uuid(), 'claims-test:' || i
       from generate_series(1, $1::int) as i`,
    [ROWS],
  );
  await db.query(
    `insert into private.document_removals (bucket_id, object_name, application_id)
     select 'documents', 'claims-test/' || i, gen_random_uuid() from generate_series(1, $1::int) as i`,
    [ROWS],
  );
  await db.query('analyze public.notifications');
  await db.query('analyze private.document_removals');
}, 120_000);

afterAll(async () => {
  await db?.close();
});

/** The due select every claim locks (private.due_jobs, as private.claim_jobs runs it) on `table`, taking 25 rows. */
async function dueSelect(table: string): Promise<string> {
  const { rows } = await db.query<{ select: string }>(`select private.due_jobs($1::regclass) as select`, [table]);
  return `${rows[0]!.select.replace('$1', '25')} for update skip locked`;
}

/** Node types and index names of the plan of sql, run for real (EXPLAIN ANALYZE) in a rolled-back transaction. */
async function plan(sql: string): Promise<{ nodes: string[]; rows: number }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (analyze, format json) ${sql}`);
    const nodes: string[] = [];
    let scanned = 0;
    const walk = (node: Record<string, unknown>) => {
      nodes.push(`${String(node['Node Type'])}${node['Index Name'] ? ` ${String(node['Index Name'])}` : ''}`);
      if (/Scan/.test(String(node['Node Type']))) scanned += Number(node['Actual Rows'] ?? 0);
      for (const child of (node['Plans'] as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    walk((rows[0]!['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0]!.Plan);
    return { nodes, rows: scanned };
  });
}

describe(`a claim with ${ROWS} rows due at the same time`, () => {
  it.each([
    ['public.notifications', 'notifications_claimable_idx'],
    ['private.document_removals', 'document_removals_claimable_idx'],
  ])('the claim on %s reads its rows from %s in order, sorting nothing', async (table, index) => {
    const { nodes, rows } = await plan(await dueSelect(table));
    expect(nodes.join(' > ')).toContain(`Index Scan ${index}`);
    expect(nodes.filter((node) => /Sort/.test(node))).toEqual([]);
    // The 25 it takes, not every due row.
    expect(rows).toBeLessThanOrEqual(25);
  });
});
