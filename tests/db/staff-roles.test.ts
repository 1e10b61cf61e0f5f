// What each role may do through the RPCs (the tables: tests/db/rls-matrix.test.ts): an adviser
// works a case (applications, documents, bookings, messages, the emails, exports) with every staff
// RPC; only an admin changes a role, deletes an account, removes a factor or reads the activity
// record; a user and an anonymous visitor can do none of it. Each call runs in a transaction that
// is rolled back, so the cases cannot affect each other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENTS_BUCKET } from '../../src/lib/document-rules.ts';
import {
  DENIED,
  INSERT_APPLICATION_FOR,
  OPEN_SLOT,
  anon,
  application,
  attemptAs,
  createAdmin,
  createAdviser,
  createUser,
  openTestDb,
  runAs,
  signedIn,
  uniqueEmail,
  type Actor,
  type Outcome,
  type TestDb,
} from './support.ts';

let db: TestDb;
const actors = {} as Record<'anon' | 'user' | 'adviser' | 'admin', Actor>;
const ids = {} as Record<'user' | 'application' | 'object' | 'objectName' | 'booking' | 'message' | 'notification' | 'activity', string>;

beforeAll(async () => {
  db = await openTestDb();
  actors.admin = (await createAdmin(db)).actor;
  actors.adviser = (await createAdviser(db)).actor;
  const user = await createUser(db, uniqueEmail('applicant'));
  ids.user = user.id;
  actors.user = signedIn('user', user);
  actors.anon = anon;
  const one = async (sql: string, params: unknown[] = []) => (await db.query<{ id: string }>(sql, params)).rows[0]!.id;
  ids.application = await one(`${INSERT_APPLICATION_FOR} returning id`, [...application(), user.id]);
  ids.objectName = `${user.id}/${ids.application}/passport/passport.pdf`;
  ids.object = (
    await runAs<{ id: string }>(db, actors.user, `insert into storage.objects (bucket_id, name, owner_id) values ($1, $2, $3) returning id`, [
      DOCUMENTS_BUCKET,
      ids.objectName,
      user.id,
    ])
  ).rows[0]!.id;
  ids.booking = await one(
    `insert into public.bookings (full_name, phone, email, country, date, time)
     select 'Visitor', '+1 555 0100', $1, 'Canada', open.date, open.time from ${OPEN_SLOT} as open returning id`,
    [uniqueEmail()],
  );
  ids.message = await one(
    `insert into public.contact_messages (name, email, subject, phone, message, page)
     values ('Visitor', $1, 'Study visa', '+1 555 0100', 'Can you help?', '/contact') returning id`,
    [uniqueEmail()],
  );
  ids.notification = await one(`select id from public.notifications where subject_id = $1 limit 1`, [ids.message]);
  ids.activity = (await db.query<{ id: string }>(`select max(id)::text as id from public.activity_record`)).rows[0]!.id;
});

afterAll(async () => {
  await db?.close();
});

/** A staff RPC: the call, its parameters, and what a signed-in user who is not staff gets. */
interface StaffCall {
  name: string;
  sql: string;
  params: () => unknown[];
  /** A list read through row-level security answers a user with nothing of others' rather than 42501. */
  forUser?: 'empty';
}

const STAFF_CALLS: StaffCall[] = [
  { name: 'admin_overview', sql: `select * from public.admin_overview()`, params: () => [] },
  { name: 'admin_leads_by_week', sql: `select * from public.admin_leads_by_week()`, params: () => [] },
  { name: 'review_document', sql: `select public.review_document($1, 'accepted')`, params: () => [ids.object] },
  {
    name: 'request_documents',
    sql: `select public.request_documents($1, '[{"key":"photo","label":"Passport photograph"}]'::jsonb, 'Please')`,
    params: () => [ids.application],
  },
  { name: 'document_verdict_reviewers', sql: `select * from public.document_verdict_reviewers($1)`, params: () => [ids.application] },
  { name: 'open_document', sql: `select public.open_document($1)`, params: () => [ids.objectName] },
  { name: 'change_booking', sql: `select id from public.change_booking($1, 'confirmed')`, params: () => [ids.booking] },
  { name: 'bookings_on_closed_days', sql: `select * from public.bookings_on_closed_days()`, params: () => [] },
  {
    name: 'set_weekly_hours',
    sql: `select public.set_weekly_hours('[{"weekday":"monday","opens":"09:00","closes":"17:00"}]'::jsonb)`,
    params: () => [],
  },
  { name: 'set_lead_handled', sql: `select public.set_lead_handled('contact_messages', $1, true)`, params: () => [ids.message] },
  { name: 'retry_notification', sql: `select public.retry_notification($1)`, params: () => [ids.notification] },
  { name: 'start_csv_export', sql: `select public.start_csv_export('applications', '{}'::jsonb)`, params: () => [] },
  { name: 'case_activity', sql: `select * from public.case_activity($1)`, params: () => [ids.application] },
  { name: 'application_documents', sql: `select * from public.application_documents($1)`, params: () => [ids.application], forUser: 'empty' },
];

const ADMIN_CALLS: { name: string; sql: string; params: () => unknown[] }[] = [
  { name: 'admin_set_role', sql: `select public.admin_set_role($1, 'adviser')`, params: () => [ids.user] },
  { name: 'admin_delete_user', sql: `select public.admin_delete_user($1)`, params: () => [ids.user] },
];

const denied = (outcome: Outcome) => expect(outcome).toMatchObject({ ok: false, code: DENIED });

describe('an adviser works a case with every staff RPC, as an admin does', () => {
  it.each(STAFF_CALLS)('$name', async ({ sql, params }) => {
    expect(await attemptAs(db, actors.adviser, sql, params())).toMatchObject({ ok: true });
    expect(await attemptAs(db, actors.admin, sql, params())).toMatchObject({ ok: true });
  });
});

describe('a user and an anonymous visitor can call none of them', () => {
  it.each(STAFF_CALLS)('$name', async ({ sql, params, forUser }) => {
    denied(await attemptAs(db, actors.anon, sql, params()));
    const asUser = await attemptAs(db, actors.user, sql, params());
    // The user owns this application: a list through row-level security would show it them, so
    // the list's user case asks about another applicant's application.
    if (forUser === 'empty') {
      const other = await createUser(db, uniqueEmail('other'));
      expect(await attemptAs(db, signedIn('other', other), sql, params())).toMatchObject({ ok: true, rows: [] });
    } else {
      denied(asUser);
    }
  });
});

describe('only an admin changes a role, deletes an account, removes a factor or reads the activity record', () => {
  it.each(ADMIN_CALLS)('$name: refused to an adviser, a user and anonymous; done by an admin', async ({ sql, params }) => {
    for (const actor of [actors.adviser, actors.user, actors.anon]) denied(await attemptAs(db, actor, sql, params()));
    expect(await attemptAs(db, actors.admin, sql, params())).toMatchObject({ ok: true });
  });

  it('record_factor_removal: refused to an adviser and a user before any factor is looked up', async () => {
    const sql = `select public.record_factor_removal($1, gen_random_uuid())`;
    for (const actor of [actors.adviser, actors.user, actors.anon]) denied(await attemptAs(db, actor, sql, [ids.user]));
  });

  it('the activity record: an admin reads it, an adviser and a user read nothing, anonymous is refused', async () => {
    const sql = `select id from public.activity_record where id = $1`;
    expect(await attemptAs(db, actors.admin, sql, [ids.activity])).toMatchObject({ ok: true, rows: [expect.anything()] });
    expect(await attemptAs(db, actors.adviser, sql, [ids.activity])).toMatchObject({ ok: true, rows: [] });
    expect(await attemptAs(db, actors.user, sql, [ids.activity])).toMatchObject({ ok: true, rows: [] });
    denied(await attemptAs(db, actors.anon, sql, [ids.activity]));
    const entries = `select id from public.activity_entries where id = $1`;
    expect(await attemptAs(db, actors.admin, entries, [ids.activity])).toMatchObject({ ok: true, rows: [expect.anything()] });
    expect(await attemptAs(db, actors.adviser, entries, [ids.activity])).toMatchObject({ ok: true, rows: [] });
  });

  it('an adviser cannot make themself an admin by writing their profile', async () => {
    const adviserId = actors.adviser.claims['sub'];
    denied(await attemptAs(db, actors.adviser, `update public.profiles set role = 'admin' where id = $1`, [adviserId]));
  });
});
