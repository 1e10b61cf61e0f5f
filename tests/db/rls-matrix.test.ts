// Every table x every actor x select/insert/update/delete: what is allowed and what is denied.
// Each attempt runs in a transaction that is rolled back, so the cases cannot affect each other.
// An adviser works cases: on every table here they may do what an admin may, except where a case
// says otherwise (the activity record, which only admins read).

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPEN_SLOT,
  DENIED,
  INSERT_APPLICATION,
  INSERT_APPLICATION_FOR,
  anon,
  application,
  attemptAs,
  createUser,
  makeAdmin,
  makeAdviser,
  service,
  signedIn,
  uniqueEmail,
  type Actor,
  type Outcome,
  type TestDb,
  openTestDb,
} from './support.ts';

type ActorKey = 'anon' | 'userA' | 'userB' | 'adviser' | 'admin' | 'service';
const ACTOR_KEYS: ActorKey[] = ['anon', 'userA', 'userB', 'adviser', 'admin', 'service'];
type Operation = 'select' | 'insert' | 'update' | 'delete';

/** rows/empty: a select sees the target row or not; ok/none: a write touched it or not; denied: 42501. */
type Expected = 'rows' | 'empty' | 'ok' | 'none' | 'denied';

interface TableCase {
  table: string;
  /** The row every operation targets: user A's (profile, application) or a visitor's submission. */
  target: () => string;
  /** A valid insert for this table, and its parameters. */
  insert: string;
  insertParams: () => unknown[];
  update: string;
  expect: Record<Operation, Record<Exclude<ActorKey, 'adviser'>, Expected>>;
  /** What an adviser may do where it differs from an admin. */
  adviser?: Partial<Record<Operation, Expected>>;
}

/** What `key` may do: an adviser as an admin unless the case says otherwise. */
function expected(tc: TableCase, operation: Operation, key: ActorKey): Expected {
  if (key === 'adviser') return tc.adviser?.[operation] ?? tc.expect[operation].admin;
  return tc.expect[operation][key];
}

let db: TestDb;
const actors = {} as Record<ActorKey, Actor>;
const ids = {} as Record<
  'profileA' | 'application' | 'booking' | 'contact' | 'subscriber' | 'profileless' | 'notification' | 'statusChange' | 'note' | 'documentRequest' | 'activity',
  string
>;

beforeAll(async () => {
  db = await openTestDb();
  const userA = await createUser(db, 'a@example.com');
  const userB = await createUser(db, 'b@example.com');
  const admin = await createUser(db, 'admin@example.com');
  await makeAdmin(db, admin.id);
  const adviser = await createUser(db, 'adviser@example.com');
  await makeAdviser(db, adviser.id);
  actors.anon = anon;
  actors.adviser = signedIn('adviser', adviser);
  actors.userA = signedIn('user A', userA);
  actors.userB = signedIn('user B', userB);
  actors.admin = signedIn('admin', admin);
  actors.service = service;

  // An auth user whose profile is gone: the only way a profile insert can be tried at all.
  const profileless = await createUser(db, 'profileless@example.com');
  await db.query('delete from public.profiles where id = $1', [profileless.id]);
  ids.profileless = profileless.id;
  ids.profileA = userA.id;

  const one = async (sql: string, params: unknown[] = []) =>
    (await db.query<{ id: string }>(sql, params)).rows[0]!.id;
  ids.application = await one(`${INSERT_APPLICATION_FOR} returning id`, [
    ...application({ name: 'User A', email: 'a@example.com' }),
    userA.id,
  ]);
  ids.booking = await one(
    `insert into public.bookings (full_name, phone, email, country, date, time)
     values ('Visitor', '+1 555 0100', 'visitor@example.com', 'Canada', current_date + 7, '10:30') returning id`,
  );
  ids.contact = await one(
    `insert into public.contact_messages (name, email, subject, phone, message, page)
     values ('Visitor', 'visitor@example.com', 'Study visa', '+1 555 0100', 'Can you help?', '/contact') returning id`,
  );
  ids.subscriber = await one(`insert into public.newsletter_subscribers (email) values ('reader@example.com') returning id`);
  // Queued by the booking's trigger; recorded by the application's; written by the admin.
  ids.notification = await one(`select id from public.notifications where dedupe_key = 'staff_new_booking:' || $1`, [ids.booking]);
  ids.statusChange = await one(`select id from public.application_status_changes where application_id = $1`, [ids.application]);
  ids.note = await one(`insert into public.application_notes (application_id, author_id, body) values ($1, $2, 'Called') returning id`, [
    ids.application,
    admin.id,
  ]);
  // The role changes above are the activity record's first rows.
  ids.activity = (await db.query<{ id: string }>(`select id::text from public.activity_record order by id limit 1`)).rows[0]!.id;
  ids.documentRequest = await one(`insert into public.document_requests (application_id, items) values ($1, '[{"key":"passport","label":"Passport bio page"}]') returning id`, [
    ids.application,
  ]);
});

afterAll(async () => {
  await db?.close();
});

const formTableExpectations: TableCase['expect'] = {
  select: { anon: 'denied', userA: 'empty', userB: 'empty', admin: 'rows', service: 'rows' },
  insert: { anon: 'ok', userA: 'ok', userB: 'ok', admin: 'ok', service: 'ok' },
  update: { anon: 'denied', userA: 'denied', userB: 'denied', admin: 'denied', service: 'ok' },
  delete: { anon: 'denied', userA: 'none', userB: 'none', admin: 'ok', service: 'ok' },
};

const tables: TableCase[] = [
  {
    table: 'profiles',
    target: () => ids.profileA,
    insert: `insert into public.profiles (id, full_name) values ($1, 'Inserted')`,
    insertParams: () => [ids.profileless],
    update: `update public.profiles set full_name = 'Changed' where id = $1`,
    expect: {
      select: { anon: 'denied', userA: 'rows', userB: 'empty', admin: 'rows', service: 'rows' },
      insert: { anon: 'denied', userA: 'denied', userB: 'denied', admin: 'denied', service: 'ok' },
      update: { anon: 'denied', userA: 'ok', userB: 'none', admin: 'none', service: 'ok' },
      // Users leave through admin_delete_user (the auth account), never by deleting the profile.
      delete: { anon: 'denied', userA: 'denied', userB: 'denied', admin: 'denied', service: 'ok' },
    },
  },
  {
    table: 'visa_applications',
    target: () => ids.application,
    insert: INSERT_APPLICATION,
    insertParams: () => application(),
    update: `update public.visa_applications set status = 'in_review' where id = $1`,
    expect: {
      select: { anon: 'denied', userA: 'rows', userB: 'empty', admin: 'rows', service: 'rows' },
      insert: { anon: 'denied', userA: 'ok', userB: 'ok', admin: 'ok', service: 'ok' },
      update: { anon: 'denied', userA: 'none', userB: 'none', admin: 'ok', service: 'ok' },
      delete: { anon: 'denied', userA: 'none', userB: 'none', admin: 'ok', service: 'ok' },
    },
  },
  {
    table: 'bookings',
    target: () => ids.booking,
    insert: `insert into public.bookings (full_name, phone, email, country, date, time)
             select 'Booker', '+49 30 000000', $1, 'Germany', open.date, open.time from ${OPEN_SLOT} as open`,
    insertParams: () => [uniqueEmail()],
    update: `update public.bookings set full_name = 'Changed' where id = $1`,
    expect: formTableExpectations,
  },
  {
    table: 'contact_messages',
    target: () => ids.contact,
    insert: `insert into public.contact_messages (name, email, subject, phone, message, page)
             values ('Sender', $1, 'Work permit', '+91 00000 00000', 'Please call me.', '/contact1')`,
    insertParams: () => [uniqueEmail()],
    update: `update public.contact_messages set subject = 'Changed' where id = $1`,
    expect: formTableExpectations,
  },
  {
    table: 'newsletter_subscribers',
    target: () => ids.subscriber,
    insert: `insert into public.newsletter_subscribers (email) values ($1)`,
    insertParams: () => [uniqueEmail()],
    update: `update public.newsletter_subscribers set email = 'changed@example.com' where id = $1`,
    // Only subscribe_newsletter adds addresses: a direct insert would tell who is subscribed.
    expect: { ...formTableExpectations, insert: { anon: 'denied', userA: 'denied', userB: 'denied', admin: 'denied', service: 'ok' } },
  },
  {
    table: 'notifications',
    target: () => ids.notification,
    insert: `insert into public.notifications (kind, subject_table, subject_id, dedupe_key)
             values ('staff_new_contact_message', 'contact_messages', $1::uuid, 'staff_new_contact_message:' || $1::text)`,
    // A subject of its own: the contact message's notification is queued already, and keys are unique.
    insertParams: () => [randomUUID()],
    update: `update public.notifications set status = 'sent' where id = $1`,
    // The outbox is the worker's (service key); admins only read it and retry through retry_notification.
    expect: {
      select: { anon: 'denied', userA: 'empty', userB: 'empty', admin: 'rows', service: 'rows' },
      insert: { anon: 'denied', userA: 'denied', userB: 'denied', admin: 'denied', service: 'ok' },
      update: { anon: 'denied', userA: 'denied', userB: 'denied', admin: 'denied', service: 'ok' },
      delete: { anon: 'denied', userA: 'denied', userB: 'denied', admin: 'denied', service: 'ok' },
    },
  },
  {
    table: 'application_status_changes',
    target: () => ids.statusChange,
    insert: `insert into public.application_status_changes (application_id, to_status) values ($1, 'approved')`,
    insertParams: () => [ids.application],
    update: `update public.application_status_changes set to_status = 'rejected' where id = $1`,
    // Written only by the status triggers; nobody, not even the service key, rewrites history.
    expect: {
      select: { anon: 'denied', userA: 'rows', userB: 'empty', admin: 'rows', service: 'rows' },
      insert: { anon: 'denied', userA: 'denied', userB: 'denied', admin: 'denied', service: 'denied' },
      update: { anon: 'denied', userA: 'denied', userB: 'denied', admin: 'denied', service: 'denied' },
      delete: { anon: 'denied', userA: 'denied', userB: 'denied', admin: 'denied', service: 'denied' },
    },
  },
  {
    table: 'application_notes',
    target: () => ids.note,
    insert: `insert into public.application_notes (application_id, body) values ($1, 'Documents received.')`,
    insertParams: () => [ids.application],
    update: `update public.application_notes set body = 'Changed' where id = $1`,
    // Internal: user A never sees the notes on their own application.
    expect: {
      select: { anon: 'denied', userA: 'empty', userB: 'empty', admin: 'rows', service: 'rows' },
      insert: { anon: 'denied', userA: 'denied', userB: 'denied', admin: 'ok', service: 'ok' },
      update: { anon: 'denied', userA: 'denied', userB: 'denied', admin: 'denied', service: 'ok' },
      delete: { anon: 'denied', userA: 'denied', userB: 'denied', admin: 'denied', service: 'ok' },
    },
  },
  {
    table: 'document_requests',
    target: () => ids.documentRequest,
    insert: `insert into public.document_requests (application_id, items) values ($1, '[{"key":"photo","label":"Passport photograph"}]')`,
    insertParams: () => [ids.application],
    update: `update public.document_requests set fulfilled_at = now() where id = $1`,
    // Written by public.request_documents and the upload's trigger; the applicant reads theirs.
    expect: {
      select: { anon: 'denied', userA: 'rows', userB: 'empty', admin: 'rows', service: 'rows' },
      insert: { anon: 'denied', userA: 'denied', userB: 'denied', admin: 'denied', service: 'ok' },
      update: { anon: 'denied', userA: 'denied', userB: 'denied', admin: 'denied', service: 'ok' },
      delete: { anon: 'denied', userA: 'denied', userB: 'denied', admin: 'denied', service: 'ok' },
    },
  },
  {
    table: 'activity_record',
    target: () => ids.activity,
    insert: `insert into public.activity_record (actor, actor_role, kind, subject_user_id) values ($1, 'admin', 'role_changed', $1)`,
    insertParams: () => [ids.profileA],
    update: `update public.activity_record set detail = '{}' where id = $1`,
    // Append-only for every API role, the service key's included; admins alone read it.
    expect: {
      select: { anon: 'denied', userA: 'empty', userB: 'empty', admin: 'rows', service: 'rows' },
      insert: { anon: 'denied', userA: 'denied', userB: 'denied', admin: 'denied', service: 'denied' },
      update: { anon: 'denied', userA: 'denied', userB: 'denied', admin: 'denied', service: 'denied' },
      delete: { anon: 'denied', userA: 'denied', userB: 'denied', admin: 'denied', service: 'denied' },
    },
    adviser: { select: 'empty' },
  },
];

function check(outcome: Outcome, expected: Expected): void {
  switch (expected) {
    case 'denied':
      expect(outcome).toMatchObject({ ok: false, code: DENIED });
      break;
    case 'rows':
      expect(outcome).toMatchObject({ ok: true, rows: [expect.anything()] });
      break;
    case 'empty':
      expect(outcome).toMatchObject({ ok: true, rows: [] });
      break;
    case 'ok':
      expect(outcome).toMatchObject({ ok: true, affectedRows: 1 });
      break;
    case 'none':
      expect(outcome).toMatchObject({ ok: true, affectedRows: 0 });
      break;
  }
}

describe.each(tables)('$table', (tc) => {
  it.each(ACTOR_KEYS)('select as %s', async (key) => {
    const outcome = await attemptAs(db, actors[key], `select id from public.${tc.table} where id = $1`, [tc.target()]);
    check(outcome, expected(tc, 'select', key));
  });

  it.each(ACTOR_KEYS)('insert as %s', async (key) => {
    check(await attemptAs(db, actors[key], tc.insert, tc.insertParams()), expected(tc, 'insert', key));
  });

  it.each(ACTOR_KEYS)('update as %s', async (key) => {
    check(await attemptAs(db, actors[key], tc.update, [tc.target()]), expected(tc, 'update', key));
  });

  it.each(ACTOR_KEYS)('delete as %s', async (key) => {
    const outcome = await attemptAs(db, actors[key], `delete from public.${tc.table} where id = $1`, [tc.target()]);
    check(outcome, expected(tc, 'delete', key));
  });
});

describe('the target rows are untouched after every rolled-back attempt', () => {
  it('still has user A’s profile and application, each form submission, and the rows they led to', async () => {
    const count = async (table: string, id: string) =>
      (await db.query(`select 1 from public.${table} where id = $1`, [id])).rows.length;
    expect(await count('profiles', ids.profileA)).toBe(1);
    expect(await count('visa_applications', ids.application)).toBe(1);
    expect(await count('bookings', ids.booking)).toBe(1);
    expect(await count('contact_messages', ids.contact)).toBe(1);
    expect(await count('newsletter_subscribers', ids.subscriber)).toBe(1);
    expect(await count('notifications', ids.notification)).toBe(1);
    expect(await count('application_status_changes', ids.statusChange)).toBe(1);
    expect(await count('application_notes', ids.note)).toBe(1);
    expect(await count('document_requests', ids.documentRequest)).toBe(1);
  });
});
