// Visa applications: a user applies for themself only, as a new submission, with the values the
// specification allows; admins move the status; the applicant sees their own and its status.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARITAL_STATUSES, VISA_TYPES } from '../../common/domain.ts';
import {
  APPLICATION_FIELDS,
  DENIED,
  INSERT_APPLICATION,
  INSERT_APPLICATION_FOR,
  anon,
  application,
  attemptAs,
  createUser,
  makeAdmin,
  openTestDb,
  runAs,
  signedIn,
  staffSignedIn,
  type Actor,
  type TestDb,
} from './support.ts';

let db: TestDb;
let applicant: Actor;
let other: Actor;
let admin: Actor;
let applicantId: string;
let otherId: string;

const INSERT = `${INSERT_APPLICATION} returning id, user_id, status, submitted_at`;

beforeAll(async () => {
  db = await openTestDb();
  const a = await createUser(db, 'applicant@example.com');
  const b = await createUser(db, 'other@example.com');
  const boss = await createUser(db, 'boss@example.com');
  await makeAdmin(db, boss.id);
  applicantId = a.id;
  otherId = b.id;
  applicant = signedIn('applicant', a);
  other = signedIn('other', b);
  admin = staffSignedIn('admin', boss);
});

afterAll(async () => {
  await db?.close();
});

describe('submitting', () => {
  it('stores the application for the signed-in user, submitted now', async () => {
    const { rows } = await runAs(db, applicant, INSERT, application({ message: 'Travelling in June.' }));
    expect(rows[0]).toMatchObject({ user_id: applicantId, status: 'submitted' });
    expect(typeof rows[0]!['submitted_at']).toBe('string');
  });

  it('accepts the user naming themself as user_id', async () => {
    const outcome = await attemptAs(
      db,
      applicant,
      INSERT_APPLICATION_FOR,
      [...application(), applicantId],
    );
    expect(outcome).toMatchObject({ ok: true, affectedRows: 1 });
  });

  it('refuses an application for another user', async () => {
    const outcome = await attemptAs(
      db,
      applicant,
      INSERT_APPLICATION_FOR,
      [...application(), otherId],
    );
    expect(outcome).toMatchObject({ ok: false, code: DENIED });
    expect(outcome.ok ? '' : outcome.message).toMatch(/row-level security/);
  });

  it.each([
    ['status', `insert into public.visa_applications (status, ${APPLICATION_FIELDS}) values ('approved', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`],
    ['submitted_at', `insert into public.visa_applications (submitted_at, ${APPLICATION_FIELDS}) values ('2000-01-01', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`],
    ['id', `insert into public.visa_applications (id, ${APPLICATION_FIELDS}) values (extensions.gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`],
  ])('refuses a user setting %s', async (_column, sql) => {
    expect(await attemptAs(db, applicant, sql, application())).toMatchObject({ ok: false, code: DENIED });
  });

  it('refuses anonymous visitors', async () => {
    expect(await attemptAs(db, anon, INSERT, application())).toMatchObject({ ok: false, code: DENIED });
  });

  it.each(VISA_TYPES)(
    'accepts the visa type %s',
    async (visaType) => {
      expect(await attemptAs(db, applicant, INSERT, application({ visa_type: visaType }))).toMatchObject({ ok: true });
    },
  );

  it.each(MARITAL_STATUSES)('accepts the marital status %s', async (status) => {
    expect(await attemptAs(db, applicant, INSERT, application({ marital_status: status }))).toMatchObject({ ok: true });
  });

  it.each([
    // Enums: a value outside the list is not a value of the type (22P02), not a failed CHECK.
    ['an unknown visa type', { visa_type: 'Student Visa' }, '22P02'],
    ['an unknown marital status', { marital_status: 'single' }, '22P02'],
    ['an email without @', { email: 'chidi.example.com' }, '23514'],
    ['a blank name', { name: '  ' }, '23514'],
    ['a passport number of 51 characters', { passport_number: 'P'.repeat(51) }, '23514'],
    ['a message of 5001 characters', { message: 'm'.repeat(5001) }, '23514'],
    ['a date of birth before 1900', { dob: '1899-12-31' }, '23514'],
    ['a date of birth next year (its own SQLSTATE, for the form’s field)', { dob: `${new Date().getUTCFullYear() + 1}-01-01` }, 'RF002'],
    ['no name', { name: null }, '23502'],
    ['no visa type', { visa_type: null }, '23502'],
    ['no passport number', { passport_number: null }, '23502'],
    ['no address', { address: null }, '23502'],
  ])('refuses %s', async (_label, overrides, code) => {
    expect(await attemptAs(db, applicant, INSERT, application(overrides))).toMatchObject({ ok: false, code });
  });

  it('says why a future date of birth is refused, with the code the form knows it by', async () => {
    const outcome = await attemptAs(db, applicant, INSERT, application({ dob: '2999-01-01' }));
    expect(outcome).toMatchObject({ ok: false, code: 'RF002', message: 'The date of birth cannot be in the future.' });
  });
});

describe('reading and reviewing', () => {
  let applicationId: string;

  beforeAll(async () => {
    const { rows } = await runAs<{ id: string }>(db, applicant, INSERT, application({ visa_type: 'Business Visa' }));
    applicationId = rows[0]!.id;
  });

  it('shows applicants only their own applications', async () => {
    const mine = await runAs<{ user_id: string }>(db, applicant, 'select user_id from public.visa_applications');
    const theirs = await runAs(db, other, 'select * from public.visa_applications');
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(mine.rows.every((row) => row.user_id === applicantId)).toBe(true);
    expect(theirs.rows).toEqual([]);
  });

  it('does not let the applicant change their own status or fields', async () => {
    const status = await attemptAs(db, applicant, `update public.visa_applications set status = 'approved' where id = $1`, [
      applicationId,
    ]);
    const field = await attemptAs(db, applicant, `update public.visa_applications set name = 'Changed' where id = $1`, [
      applicationId,
    ]);
    expect(status).toMatchObject({ ok: true, affectedRows: 0 });
    expect(field).toMatchObject({ ok: false, code: DENIED });
  });

  it('lets an admin move the status through its review, and the applicant sees it', async () => {
    for (const status of ['in_review', 'approved', 'rejected', 'submitted']) {
      const result = await runAs(db, admin, 'update public.visa_applications set status = $1 where id = $2', [
        status,
        applicationId,
      ]);
      expect(result.affectedRows).toBe(1);
      const seen = await runAs<{ status: string }>(db, applicant, 'select status from public.visa_applications where id = $1', [
        applicationId,
      ]);
      expect(seen.rows[0]!.status).toBe(status);
    }
  });

  it('refuses an unknown status and any other column, even for an admin', async () => {
    const unknown = await attemptAs(db, admin, `update public.visa_applications set status = 'lost' where id = $1`, [applicationId]);
    const name = await attemptAs(db, admin, `update public.visa_applications set name = 'Changed' where id = $1`, [applicationId]);
    expect(unknown).toMatchObject({ ok: false, code: '22P02' });
    expect(name).toMatchObject({ ok: false, code: DENIED });
  });

  it('lets an admin delete an application, and nobody else', async () => {
    const byApplicant = await attemptAs(db, applicant, 'delete from public.visa_applications where id = $1', [applicationId]);
    expect(byApplicant).toMatchObject({ ok: true, affectedRows: 0 });
    const byAdmin = await runAs(db, admin, 'delete from public.visa_applications where id = $1', [applicationId]);
    expect(byAdmin.affectedRows).toBe(1);
  });
});
