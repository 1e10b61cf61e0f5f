// The retention rules (public.retention_rules, 20261129000200_retention.sql): their defaults are
// the periods the privacy notice states (content/privacy/retention.json, one entry per rule, the
// same keys), staff read them, only admins change a period and only within its limits, and the
// daily Cron job applies them.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENIED, anon, attemptAs, createAdmin, createAdviser, createUser, openTestDb, runAs, service, signedIn, type Actor, type TestDb } from './support.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** A period as the notice's table states it. */
interface NoticeRule {
  id: string;
  period: number;
  unit: 'days' | 'months' | 'years';
}

const NOTICE: NoticeRule[] = JSON.parse(readFileSync(join(ROOT, 'content/privacy/retention.json'), 'utf8'));

let db: TestDb;
let admin: Actor;
let adminId: string;
let adviser: Actor;
let user: Actor;

beforeAll(async () => {
  db = await openTestDb();
  ({ id: adminId, actor: admin } = await createAdmin(db));
  ({ actor: adviser } = await createAdviser(db));
  user = signedIn('user', await createUser(db, 'reader@example.com'));
});
afterAll(async () => {
  await db?.close();
});

const RULES = `select kind::text, period::text from public.retention_rules order by kind`;
const CHANGE = `update public.retention_rules set period = $2::interval where kind = $1 returning kind`;

/** Restores a rule's default after a test changed it (as the owner: the defaults are the migration's). */
async function restore(kind: string): Promise<void> {
  const entry = NOTICE.find((rule) => rule.id === kind)!;
  await db.query(`update public.retention_rules set period = make_interval(${entry.unit} => $2) where kind = $1`, [kind, entry.period]);
}

describe('the retention rules', () => {
  it('are one per kind, and by default the periods the privacy notice states', async () => {
    const { rows: kinds } = await db.query<{ kind: string }>(`select unnest(enum_range(null::public.retention_kind))::text as kind order by 1`);
    expect(NOTICE.map((rule) => rule.id).sort()).toEqual(kinds.map((row) => row.kind));
    // Compared as Postgres writes each interval: '2 years' is not '730 days'.
    const { rows: stated } = await db.query<{ kind: string; period: string }>(
      `select n.id as kind, case n.unit when 'days' then make_interval(days => n.period)
                                        when 'months' then make_interval(months => n.period)
                                        when 'years' then make_interval(years => n.period) end::text as period
       from jsonb_to_recordset($1::jsonb) as n(id text, period integer, unit text) order by n.id`,
      [JSON.stringify(NOTICE)],
    );
    expect((await db.query(RULES)).rows).toEqual(stated);
  });

  it('are applied daily by a Supabase Cron job', async () => {
    const { rows } = await db.query('select schedule, command from cron.job where jobname = $1', ['retain-personal-data']);
    expect(rows).toEqual([{ schedule: '30 3 * * *', command: 'select private.apply_retention()' }]);
  });

  it('are read by staff (advisers and admins), and by no visitor or applicant', async () => {
    expect((await runAs(db, admin, RULES)).rows).toHaveLength(NOTICE.length);
    expect((await runAs(db, adviser, RULES)).rows).toHaveLength(NOTICE.length);
    expect((await runAs(db, user, RULES)).rows).toEqual([]);
    expect(await attemptAs(db, anon, RULES)).toMatchObject({ ok: false, code: DENIED });
  });

  it('are changed by an admin, who is recorded with the time', async () => {
    expect((await runAs(db, admin, CHANGE, ['documents', '90 days'])).rows).toEqual([{ kind: 'documents' }]);
    const { rows } = await db.query(`select period::text, updated_by, updated_at > now() - interval '1 minute' as recent from public.retention_rules where kind = 'documents'`);
    expect(rows).toEqual([{ period: '90 days', updated_by: adminId, recent: true }]);
    await restore('documents');
  });

  it('are changed by nobody else: an adviser or a user changes no row, a visitor and the actions an admin lacks are refused', async () => {
    expect(await attemptAs(db, adviser, CHANGE, ['documents', '90 days'])).toMatchObject({ ok: true, rows: [] });
    expect(await attemptAs(db, user, CHANGE, ['documents', '90 days'])).toMatchObject({ ok: true, rows: [] });
    expect(await attemptAs(db, anon, CHANGE, ['documents', '90 days'])).toMatchObject({ ok: false, code: DENIED });
    // The rows are the migration's: one per kind, never added or removed through the API.
    for (const actor of [admin, service]) {
      expect(await attemptAs(db, actor, `delete from public.retention_rules where kind = 'bookings'`), actor.label).toMatchObject({ ok: false, code: DENIED });
      expect(await attemptAs(db, actor, `update public.retention_rules set kind = 'bookings' where kind = 'contact_messages'`), actor.label).toMatchObject({ ok: false, code: DENIED });
    }
    expect((await db.query(RULES)).rows).toHaveLength(NOTICE.length);
  });

  it.each([
    ['no period', 'documents', '0 days'],
    ['a negative period', 'bookings', '-1 year'],
    ['less than a day', 'unverified_accounts', '23 hours'],
    ['more than ten years', 'contact_messages', '10 years 1 day'],
    ['documents kept less than 30 days after the decision', 'documents', '29 days'],
    ["a sign-up deleted while its confirmation link still works (7 days)", 'unconfirmed_newsletter_sign_ups', '6 days'],
  ])('refuse %s (400, naming the period)', async (_label, kind, period) => {
    expect(await attemptAs(db, admin, CHANGE, [kind, period])).toMatchObject({ ok: false, code: '23514' });
  });

  it('refuse what is not a period (400)', async () => {
    expect(await attemptAs(db, admin, CHANGE, ['documents', 'forever'])).toMatchObject({ ok: false, code: '22007' });
  });

  it('take a period at either limit', async () => {
    for (const [kind, period] of [['documents', '30 days'], ['unconfirmed_newsletter_sign_ups', '7 days'], ['bookings', '1 day'], ['contact_messages', '10 years']] as const) {
      expect((await attemptAs(db, admin, CHANGE, [kind, period])).ok, `${kind} ${period}`).toBe(true);
    }
  });

  it('apply only as the database owner: the sweep is out of every API role’s reach', async () => {
    for (const actor of [anon, user, adviser, admin, service]) {
      expect(await attemptAs(db, actor, 'select private.apply_retention()'), actor.label).toMatchObject({ ok: false, code: DENIED });
    }
  });
});
