// The activity record (supabase/migrations/20261129000100_activity_record.sql): nobody rewrites
// it (every API role, and the table's owner through the triggers), only admins read it, and each
// recorded act leaves exactly one row in its own transaction: a status change, a verdict, a
// request for documents, a booking change by staff, a role change, an account deletion, a CSV
// export and every document staff open (before Storage lets them read it). An act that fails,
// or whose transaction rolls back, leaves none.
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
  service,
  signedIn,
  transactionAs,
  uniqueEmail,
  type Actor,
  type TestDb,
} from './support.ts';

interface ActivityRow {
  id: string;
  actor: string | null;
  actor_role: string;
  kind: string;
  application_id: string | null;
  subject_user_id: string | null;
  detail: Record<string, unknown>;
}

let db: TestDb;
let admin: Actor;
let adminId: string;
let adviser: Actor;
let adviserId: string;
let applicant: Actor;
let applicantId: string;

beforeAll(async () => {
  db = await openTestDb();
  ({ id: adminId, actor: admin } = await createAdmin(db));
  ({ id: adviserId, actor: adviser } = await createAdviser(db));
  const user = await createUser(db, uniqueEmail('applicant'));
  applicantId = user.id;
  applicant = signedIn('applicant', user);
});

afterAll(async () => {
  await db?.close();
});

/** The newest row's id, so a test reads only the rows its act wrote. */
async function lastId(): Promise<string> {
  const { rows } = await db.query<{ id: string }>(`select coalesce(max(id), 0)::text as id from public.activity_record`);
  return rows[0]!.id;
}

/** The rows written after `since`, oldest first. */
async function rowsAfter(since: string): Promise<ActivityRow[]> {
  const { rows } = await db.query<ActivityRow>(
    `select id::text, actor, actor_role, kind::text, application_id, subject_user_id, detail
     from public.activity_record where id > $1 order by id`,
    [since],
  );
  return rows;
}

async function newApplication(): Promise<string> {
  const { rows } = await db.query<{ id: string }>(`${INSERT_APPLICATION_FOR} returning id`, [...application(), applicantId]);
  return rows[0]!.id;
}

/** Stores a document of the application as the applicant uploads it, returning its name and id. */
async function newDocument(applicationId: string, file = 'passport.pdf'): Promise<{ name: string; id: string }> {
  const name = `${applicantId}/${applicationId}/passport/${file}`;
  const { rows } = await runAs<{ id: string }>(
    db,
    applicant,
    `insert into storage.objects (bucket_id, name, owner_id) values ($1, $2, $3) returning id`,
    [DOCUMENTS_BUCKET, name, applicantId],
  );
  return { name, id: rows[0]!.id };
}

describe('nobody rewrites the record', () => {
  let target: string;
  beforeAll(async () => {
    await db.query(`select private.record_activity('csv_exported', null, null, '{"list":"users"}')`);
    target = await lastId();
  });

  const everyone: [string, () => Actor][] = [
    ['anonymous', () => anon],
    ['a user', () => applicant],
    ['an adviser', () => adviser],
    ['an admin', () => admin],
    ['the service role', () => service],
  ];

  it.each(everyone)('%s can neither add, change nor delete a row (42501)', async (_label, actor) => {
    const attempts = [
      attemptAs(db, actor(), `insert into public.activity_record (actor_role, kind) values ('admin', 'csv_exported')`),
      attemptAs(db, actor(), `update public.activity_record set detail = '{}' where id = $1`, [target]),
      attemptAs(db, actor(), `delete from public.activity_record where id = $1`, [target]),
      attemptAs(db, actor(), `select private.record_activity('csv_exported', null, null)`),
    ];
    for (const outcome of await Promise.all(attempts)) expect(outcome).toMatchObject({ ok: false, code: DENIED });
  });

  it('refuses even the table owner an update, a delete or a truncate', async () => {
    for (const sql of [
      `update public.activity_record set detail = '{}' where id = ${target}`,
      `delete from public.activity_record where id = ${target}`,
      `truncate public.activity_record`,
    ]) {
      await expect(db.query(sql)).rejects.toMatchObject({ code: DENIED });
    }
    expect((await db.query(`select 1 from public.activity_record where id = $1`, [target])).rows).toHaveLength(1);
  });

  it('lets admins and the service role read it, and nobody else', async () => {
    const read = (actor: Actor) => attemptAs(db, actor, `select id from public.activity_record where id = $1`, [target]);
    expect(await read(admin)).toMatchObject({ ok: true, rows: [expect.anything()] });
    expect(await read(service)).toMatchObject({ ok: true, rows: [expect.anything()] });
    expect(await read(adviser)).toMatchObject({ ok: true, rows: [] });
    expect(await read(applicant)).toMatchObject({ ok: true, rows: [] });
    expect(await read(anon)).toMatchObject({ ok: false, code: DENIED });
  });

  it('names the actor and their role as the database knows them, never as the caller says', async () => {
    const since = await lastId();
    await db.query(`select private.record_activity('csv_exported', null, null)`);
    const [row] = await rowsAfter(since);
    // SQL without a signed-in user (Cron, the operator): no actor, the database role (the owner's).
    const { rows } = await db.query<{ owner: string }>(`select current_user as owner`);
    expect(row).toMatchObject({ actor: null, actor_role: rows[0]!.owner, kind: 'csv_exported', detail: {} });
    // The service key changing a status: no actor, its API role.
    const applicationId = await newApplication();
    const after = await lastId();
    await runAs(db, service, `update public.visa_applications set status = 'in_review' where id = $1`, [applicationId]);
    expect(await rowsAfter(after)).toEqual([expect.objectContaining({ actor: null, actor_role: 'service_role', kind: 'status_changed' })]);
  });
});

describe('each act leaves exactly one row, in its own transaction', () => {
  it('a status change by an adviser: status_changed, from and to', async () => {
    const applicationId = await newApplication();
    const since = await lastId();
    await runAs(db, adviser, `update public.visa_applications set status = 'in_review' where id = $1`, [applicationId]);
    expect(await rowsAfter(since)).toEqual([
      expect.objectContaining({
        actor: adviserId,
        actor_role: 'adviser',
        kind: 'status_changed',
        application_id: applicationId,
        subject_user_id: applicantId,
        detail: { from: 'submitted', to: 'in_review' },
      }),
    ]);
  });

  it('a status change whose transaction fails leaves no row', async () => {
    const applicationId = await newApplication();
    const since = await lastId();
    await expect(
      transactionAs(db, adviser, async (tx) => {
        await tx.query(`update public.visa_applications set status = 'approved' where id = $1`, [applicationId]);
        await tx.query(`select 1 / 0`);
      }),
    ).rejects.toMatchObject({ code: '22012' });
    expect(await rowsAfter(since)).toEqual([]);
    // The same status set again is no change, and no row.
    await runAs(db, adviser, `update public.visa_applications set status = 'submitted' where id = $1`, [applicationId]);
    expect(await rowsAfter(since)).toEqual([]);
  });

  it('a verdict on a document: verdict_given; a refused verdict: none', async () => {
    const applicationId = await newApplication();
    const document = await newDocument(applicationId);
    const since = await lastId();
    await runAs(db, adviser, `select public.review_document($1, 'needs_replacing', 'Too dark', 'Passport bio page')`, [document.id]);
    expect(await rowsAfter(since)).toEqual([
      expect.objectContaining({
        actor: adviserId,
        kind: 'verdict_given',
        application_id: applicationId,
        subject_user_id: applicantId,
        detail: { object_id: document.id, file_name: 'passport.pdf', item: 'passport', verdict: 'needs_replacing' },
      }),
    ]);
    const after = await lastId();
    expect(await attemptAs(db, applicant, `select public.review_document($1, 'accepted', null, null)`, [document.id])).toMatchObject({
      ok: false,
      code: DENIED,
    });
    expect(await rowsAfter(after)).toEqual([]);
  });

  it('a request for documents: documents_requested, with the items asked for', async () => {
    const applicationId = await newApplication();
    const since = await lastId();
    await runAs(db, adviser, `select public.request_documents($1, '[{"key":"photo","label":"Passport photograph"}]'::jsonb, null)`, [
      applicationId,
    ]);
    expect(await rowsAfter(since)).toEqual([
      expect.objectContaining({ actor: adviserId, kind: 'documents_requested', application_id: applicationId, subject_user_id: applicantId }),
    ]);
    expect((await rowsAfter(since))[0]!.detail).toMatchObject({ items: ['photo'] });
  });

  it('a booking confirmed and then deleted by staff: booking_changed each time; a visitor’s booking: none', async () => {
    const since = await lastId();
    const { rows } = await db.query<{ id: string }>(
      `insert into public.bookings (full_name, phone, email, country, date, time)
       select 'Visitor', '+1 555 0100', $1, 'Canada', open.date, open.time from ${OPEN_SLOT} as open returning id`,
      [uniqueEmail()],
    );
    const bookingId = rows[0]!.id;
    expect(await rowsAfter(since)).toEqual([]);
    await runAs(db, adviser, `select public.change_booking($1, 'confirmed')`, [bookingId]);
    await runAs(db, admin, `delete from public.bookings where id = $1`, [bookingId]);
    const written = await rowsAfter(since);
    expect(written.map((row) => [row.kind, row.actor, row.detail['change']])).toEqual([
      ['booking_changed', adviserId, 'confirmed'],
      ['booking_changed', adminId, 'deleted'],
    ]);
  });

  it('a role change by an admin: role_changed; an adviser’s attempt is refused and leaves none', async () => {
    const user = await createUser(db, uniqueEmail('promoted'));
    const since = await lastId();
    await runAs(db, admin, `select public.admin_set_role($1, 'adviser')`, [user.id]);
    expect(await rowsAfter(since)).toEqual([
      expect.objectContaining({ actor: adminId, actor_role: 'admin', kind: 'role_changed', subject_user_id: user.id, detail: { from: 'user', to: 'adviser' } }),
    ]);
    const after = await lastId();
    expect(await attemptAs(db, adviser, `select public.admin_set_role($1, 'admin')`, [user.id])).toMatchObject({ ok: false, code: DENIED });
    expect(await rowsAfter(after)).toEqual([]);
  });

  it('an account deleted by an admin: account_deleted, by its id only', async () => {
    const user = await createUser(db, uniqueEmail('leaving'));
    const since = await lastId();
    await runAs(db, admin, `select public.admin_delete_user($1)`, [user.id]);
    expect(await rowsAfter(since)).toEqual([
      expect.objectContaining({ actor: adminId, kind: 'account_deleted', subject_user_id: user.id, detail: {} }),
    ]);
  });

  it('names a deleted account by its id in the admin\'s list, never as the system', async () => {
    const user = await createUser(db, uniqueEmail('gone'));
    const since = await lastId();
    await runAs(db, admin, `select public.admin_delete_user($1)`, [user.id]);
    const { rows } = await runAs<{ actor_email: string | null; subject_email: string | null }>(
      db,
      admin,
      `select actor_email, subject_email from public.activity_entries where id > $1 and kind = 'account_deleted'`,
      [since],
    );
    expect(rows).toEqual([{ actor_email: expect.stringContaining('@'), subject_email: `deleted account ${user.id}` }]);
  });

  it('a CSV export: csv_exported with the list and its view, before any row is read; staff only', async () => {
    const since = await lastId();
    await runAs(db, adviser, `select public.start_csv_export('applications', '{"status":"submitted","q":"chidi"}')`);
    expect(await rowsAfter(since)).toEqual([
      expect.objectContaining({
        actor: adviserId,
        kind: 'csv_exported',
        detail: { list: 'applications', view: { status: 'submitted', q: 'chidi' } },
      }),
    ]);
    const after = await lastId();
    expect(await attemptAs(db, applicant, `select public.start_csv_export('users', '{}')`)).toMatchObject({ ok: false, code: DENIED });
    expect(await attemptAs(db, adviser, `select public.start_csv_export('../users', '{}')`)).toMatchObject({ ok: false, code: '22023' });
    expect(await attemptAs(db, adviser, `select public.start_csv_export('users', '[]')`)).toMatchObject({ ok: false, code: '22023' });
    expect(await rowsAfter(after)).toEqual([]);
  });
});

describe('opening a document: the row first, then Storage lets its opener read it', () => {
  const SELECT = `select name from storage.objects where bucket_id = $1 and name = $2`;
  let applicationId: string;
  let document: { name: string; id: string };

  beforeAll(async () => {
    applicationId = await newApplication();
    document = await newDocument(applicationId, 'statement.pdf');
  });

  it('staff cannot read a document they have not opened; the case still lists it', async () => {
    for (const actor of [adviser, admin]) {
      expect(await attemptAs(db, actor, SELECT, [DOCUMENTS_BUCKET, document.name])).toMatchObject({ ok: true, rows: [] });
      const listed = await attemptAs(db, actor, `select name from public.application_documents($1)`, [applicationId]);
      expect(listed).toMatchObject({ ok: true, rows: [{ name: document.name }] });
      const counted = await attemptAs(db, actor, `select documents from public.application_document_counts($1)`, [[applicationId]]);
      expect(counted).toMatchObject({ ok: true, rows: [{ documents: 1 }] });
    }
  });

  it('open_document writes document_opened, and then its opener alone reads the file', async () => {
    const since = await lastId();
    await runAs(db, adviser, `select public.open_document($1)`, [document.name]);
    expect(await rowsAfter(since)).toEqual([
      expect.objectContaining({
        actor: adviserId,
        actor_role: 'adviser',
        kind: 'document_opened',
        application_id: applicationId,
        subject_user_id: applicantId,
        detail: { path: document.name, object_id: document.id },
      }),
    ]);
    expect(await attemptAs(db, adviser, SELECT, [DOCUMENTS_BUCKET, document.name])).toMatchObject({ ok: true, rows: [{ name: document.name }] });
    // Another staff member's opening lets nobody else in.
    expect(await attemptAs(db, admin, SELECT, [DOCUMENTS_BUCKET, document.name])).toMatchObject({ ok: true, rows: [] });
  });

  it('an opening older than a minute lets its opener read nothing any more', async () => {
    const late = await createAdviser(db, uniqueEmail('late'));
    // Written as the table's owner with an old time: an opening of two minutes ago.
    await db.query(
      `insert into public.activity_record (at, actor, actor_role, kind, detail)
       values (now() - interval '2 minutes', $1, 'adviser', 'document_opened', jsonb_build_object('path', $2::text))`,
      [late.id, document.name],
    );
    expect(await attemptAs(db, late.actor, SELECT, [DOCUMENTS_BUCKET, document.name])).toMatchObject({ ok: true, rows: [] });
  });

  it('an opening lets a demoted adviser read nothing', async () => {
    const demoted = await createAdviser(db, uniqueEmail('demoted'));
    await runAs(db, demoted.actor, `select public.open_document($1)`, [document.name]);
    await db.query(`update public.profiles set role = 'user' where id = $1`, [demoted.id]);
    expect(await attemptAs(db, demoted.actor, SELECT, [DOCUMENTS_BUCKET, document.name])).toMatchObject({ ok: true, rows: [] });
  });

  it('refuses users and anonymous visitors, and answers an unknown object with 404 and no row', async () => {
    const since = await lastId();
    expect(await attemptAs(db, applicant, `select public.open_document($1)`, [document.name])).toMatchObject({ ok: false, code: DENIED });
    expect(await attemptAs(db, anon, `select public.open_document($1)`, [document.name])).toMatchObject({ ok: false, code: DENIED });
    expect(await attemptAs(db, adviser, `select public.open_document($1)`, [`${applicantId}/${applicationId}/passport/none.pdf`])).toMatchObject({
      ok: false,
      code: 'PT404',
    });
    expect(await rowsAfter(since)).toEqual([]);
  });

  it('leaves the applicant reading their own document as before, with no row', async () => {
    const since = await lastId();
    expect(await attemptAs(db, applicant, SELECT, [DOCUMENTS_BUCKET, document.name])).toMatchObject({ ok: true, rows: [{ name: document.name }] });
    expect(await rowsAfter(since)).toEqual([]);
  });
});
