// The application timeline (20261122000600_application_timeline.sql): every status an application takes is
// recorded with who set it and when, by the database alone; an applicant reads the timeline of
// their own applications and nobody else's; internal notes are the staff's only.

import { beforeAll, describe, expect, it } from 'vitest';
import {
  DENIED,
  INSERT_APPLICATION,
  anon,
  application,
  attemptAs,
  createUser,
  adminAndUserFixture,
  runAs,
  service,
  signedIn,
  type Actor,
  type TestDb,
} from './support.ts';

const fixture = adminAndUserFixture({ email: 'amara@example.com', label: 'applicant' });
let db: TestDb;
let admin: Actor;
let adminId: string;
let applicant: Actor;
let applicantId: string;
let other: Actor;
let applicationId: string;

beforeAll(async () => {
  ({ db, admin, adminId, user: applicant, userId: applicantId } = fixture);
  other = signedIn('another user', await createUser(db, 'other@example.com'));

  const { rows } = await runAs<{ id: string }>(db, applicant, `${INSERT_APPLICATION} returning id`, [...application()]);
  applicationId = rows[0]!.id;
});

interface Change {
  from_status: string | null;
  to_status: string;
  changed_by: string | null;
}

async function timeline(actor: Actor, id = applicationId): Promise<Change[]> {
  const { rows } = await runAs<Change>(
    db,
    actor,
    `select from_status, to_status, changed_by from public.application_status_changes
     where application_id = $1 order by changed_at, to_status`,
    [id],
  );
  return rows;
}

const setStatus = (actor: Actor, status: string, id = applicationId) =>
  runAs(db, actor, 'update public.visa_applications set status = $2 where id = $1', [id, status]);

describe('status changes', () => {
  it('start with the submission, by the applicant', async () => {
    expect(await timeline(admin)).toEqual([{ from_status: null, to_status: 'submitted', changed_by: applicantId }]);
  });

  it('record each real change with its admin, and nothing when the status is set to what it is', async () => {
    await setStatus(admin, 'in_review');
    await setStatus(admin, 'in_review');
    await setStatus(admin, 'approved');
    expect(await timeline(admin)).toEqual([
      { from_status: null, to_status: 'submitted', changed_by: applicantId },
      { from_status: 'submitted', to_status: 'in_review', changed_by: adminId },
      { from_status: 'in_review', to_status: 'approved', changed_by: adminId },
    ]);
  });

  it('record a change made with the service key or in SQL with no user', async () => {
    const { rows } = await db.query<{ id: string }>(`${INSERT_APPLICATION} returning id`, [...application()]);
    await setStatus(service, 'rejected', rows[0]!.id);
    expect(await timeline(admin, rows[0]!.id)).toEqual([
      { from_status: null, to_status: 'submitted', changed_by: null },
      { from_status: 'submitted', to_status: 'rejected', changed_by: null },
    ]);
  });

  it('are read by the applicant for their own application, and by nobody else but admins', async () => {
    expect(await timeline(applicant)).toHaveLength(3);
    expect(await timeline(other)).toEqual([]);
    expect(await attemptAs(db, anon, 'select 1 from public.application_status_changes')).toMatchObject({
      ok: false,
      code: DENIED,
    });
  });

  it.each([
    ['an anonymous visitor', () => anon],
    ['the applicant', () => applicant],
    ['an admin', () => admin],
    ['the service key', () => service],
  ])('cannot be written, rewritten or deleted by %s', async (_label, who) => {
    const actor = who();
    const attempts = [
      [`insert into public.application_status_changes (application_id, to_status) values ($1, 'approved')`],
      [`update public.application_status_changes set to_status = 'rejected' where application_id = $1`],
      [`delete from public.application_status_changes where application_id = $1`],
    ];
    for (const [sql] of attempts) {
      expect(await attemptAs(db, actor, sql!, [applicationId]), sql).toMatchObject({ ok: false, code: DENIED });
    }
  });
});

describe('internal notes', () => {
  const addNote = (actor: Actor, body: string, id = applicationId) =>
    attemptAs(db, actor, 'insert into public.application_notes (application_id, body) values ($1, $2) returning author_id', [
      id,
      body,
    ]);

  it('are added by admins, in their own name', async () => {
    expect(await addNote(admin, 'Called the applicant; documents by Friday.')).toMatchObject({
      ok: true,
      rows: [{ author_id: adminId }],
    });
    await runAs(db, admin, 'insert into public.application_notes (application_id, body) values ($1, $2)', [
      applicationId,
      'Passport scan received.',
    ]);
    const { rows } = await runAs(db, admin, 'select body, author_id from public.application_notes where application_id = $1', [
      applicationId,
    ]);
    expect(rows).toEqual([{ body: 'Passport scan received.', author_id: adminId }]);
  });

  it('cannot name another author', async () => {
    const outcome = await attemptAs(
      db,
      admin,
      'insert into public.application_notes (application_id, body, author_id) values ($1, $2, $3)',
      [applicationId, 'Signed by someone else', applicantId],
    );
    expect(outcome).toMatchObject({ ok: false, code: DENIED });
  });

  it('are hidden from the applicant, other users and visitors, who cannot add any either', async () => {
    expect((await runAs(db, applicant, 'select * from public.application_notes')).rows).toEqual([]);
    expect((await runAs(db, other, 'select * from public.application_notes')).rows).toEqual([]);
    expect(await attemptAs(db, anon, 'select * from public.application_notes')).toMatchObject({ ok: false, code: DENIED });
    expect(await addNote(applicant, 'Please hurry')).toMatchObject({ ok: false, code: DENIED });
    expect(await addNote(anon, 'Hello')).toMatchObject({ ok: false, code: DENIED });
  });

  it('are never edited or deleted through the API', async () => {
    for (const actor of [admin, applicant, anon]) {
      expect(await attemptAs(db, actor, `update public.application_notes set body = 'Edited'`)).toMatchObject({
        ok: false,
        code: DENIED,
      });
      expect(await attemptAs(db, actor, 'delete from public.application_notes')).toMatchObject({ ok: false, code: DENIED });
    }
  });

  it.each([
    ['blank', '   '],
    ['untrimmed', ' Space around '],
    ['2,001 characters long', 'x'.repeat(2001)],
  ])('refuse a body that is %s', async (_label, body) => {
    expect(await addNote(admin, body)).toMatchObject({ ok: false, code: '23514' });
  });

  it('accept a body of 2,000 characters, and refuse a note on an unknown application', async () => {
    expect(await addNote(admin, 'x'.repeat(2000))).toMatchObject({ ok: true });
    expect(await addNote(admin, 'Lost', '00000000-0000-4000-8000-000000000000')).toMatchObject({ ok: false, code: '23503' });
  });
});

describe('when an application or an admin goes', () => {
  it('the application’s timeline and notes go with it; an admin’s notes and changes stay, unsigned', async () => {
    const { rows } = await runAs<{ id: string }>(db, applicant, `${INSERT_APPLICATION} returning id`, [...application()]);
    const doomed = rows[0]!.id;
    await runAs(db, admin, 'insert into public.application_notes (application_id, body) values ($1, $2)', [doomed, 'Duplicate']);
    await runAs(db, admin, 'delete from public.visa_applications where id = $1', [doomed]);
    const left = await db.query(
      `select (select count(*) from public.application_status_changes where application_id = $1)::int as changes,
              (select count(*) from public.application_notes where application_id = $1)::int as notes`,
      [doomed],
    );
    expect(left.rows).toEqual([{ changes: 0, notes: 0 }]);

    await db.query('delete from auth.users where id = $1', [adminId]);
    const signed = await db.query(
      `select (select count(*) from public.application_notes where application_id = $1 and author_id is null)::int as notes,
              (select count(*) from public.application_status_changes
               where application_id = $1 and from_status is not null and changed_by is null)::int as changes`,
      [applicationId],
    );
    expect(signed.rows).toEqual([{ notes: 1, changes: 2 }]);
  });
});
