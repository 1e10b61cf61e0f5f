// What the admin dashboard does, asked of the database as each kind of caller: an admin may read
// every list, change an application's status, delete from every list, delete a user and change
// another user's role; a user, an anonymous visitor and an admin demoted a moment ago may not.
// Also: an admin cannot demote or delete themself, and the search keys are the database's own.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DENIED,
  INSERT_APPLICATION_FOR,
  anon,
  application,
  attemptAs,
  createUser,
  makeAdmin,
  openTestDb,
  runAs,
  signedIn,
  type Actor,
  type TestDb,
} from './support.ts';

let db: TestDb;
let admin: Actor;
let adminId: string;
let user: Actor;
let userId: string;
let demoted: Actor;
let demotedId: string;
let applicationId: string;

beforeAll(async () => {
  db = await openTestDb();
  const boss = await createUser(db, 'boss@example.com', { full_name: 'Boss Admin' });
  await makeAdmin(db, boss.id);
  adminId = boss.id;
  admin = signedIn('admin', boss);

  const plain = await createUser(db, 'plain@example.com', { full_name: 'Plain User' });
  userId = plain.id;
  user = signedIn('user', plain);

  // An admin whom the first admin demotes through the function the dashboard calls.
  const former = await createUser(db, 'former@example.com', { full_name: 'Former Admin' });
  await makeAdmin(db, former.id);
  demotedId = former.id;
  demoted = signedIn('demoted admin', former);
  await runAs(db, admin, 'select public.admin_set_role($1, $2)', [demotedId, 'user']);

  const { rows } = await db.query<{ id: string }>(`${INSERT_APPLICATION_FOR} returning id`, [
    ...application({ name: 'Zainab Bello', email: 'Zainab@Example.com', passport_number: 'B1234567' }),
    userId,
  ]);
  applicationId = rows[0]!.id;
  await db.query(`insert into public.bookings (full_name, phone, email, country, date, time)
                  values ('Kemi Ade', '+234 800 000 0001', 'kemi@example.com', 'UK', current_date + 3, '10:00')`);
  await db.query(`insert into public.contact_messages (name, email, subject, phone, message, page)
                  values ('Tunde Ojo', 'tunde@example.com', 'Hello', '+234 800 000 0002', 'A question', '/contact')`);
  await db.query(`insert into public.newsletter_subscribers (email) values ('reader@example.com')`);
});

afterAll(async () => {
  await db?.close();
});

const LISTS = ['visa_applications', 'bookings', 'contact_messages', 'newsletter_subscribers'] as const;

async function roleOf(id: string): Promise<string | undefined> {
  return (await db.query<{ role: string }>('select role from public.profiles where id = $1', [id])).rows[0]?.role;
}

describe('the demotion that sets up the test', () => {
  it('took effect at once', async () => {
    expect(await roleOf(demotedId)).toBe('user');
  });
});

describe.each(LISTS)('the %s list', (table) => {
  it('is read in full by an admin, with the exact count the dashboard asks for', async () => {
    const outcome = await attemptAs(db, admin, `select count(*)::int as n from public.${table}`);
    expect(outcome).toMatchObject({ ok: true, rows: [{ n: 1 }] });
  });

  it.each([
    ['user', () => user],
    ['demoted admin', () => demoted],
  ])('shows a %s none of it (beyond their own application)', async (_label, actor) => {
    const others = table === 'visa_applications' ? 'where user_id is distinct from $1' : 'where $1::uuid is not null';
    const outcome = await attemptAs(db, actor(), `select id from public.${table} ${others}`, [actor().claims['sub']]);
    expect(outcome).toMatchObject({ ok: true, rows: [] });
  });

  it('is refused to an anonymous visitor', async () => {
    const outcome = await attemptAs(db, anon, `select id from public.${table}`);
    expect(outcome).toMatchObject({ ok: false, code: DENIED });
  });

  it('lets an admin delete a row', async () => {
    const outcome = await attemptAs(db, admin, `delete from public.${table}`);
    expect(outcome).toMatchObject({ ok: true, affectedRows: 1 });
  });

  it.each([
    ['user', () => user],
    ['demoted admin', () => demoted],
  ])('lets a %s delete nothing', async (_label, actor) => {
    const outcome = await attemptAs(db, actor(), `delete from public.${table}`);
    // The applicant's own application is visible to them but the delete policy is the admin's.
    expect(outcome).toMatchObject({ ok: true, affectedRows: 0 });
  });

  it('refuses a delete from an anonymous visitor', async () => {
    const outcome = await attemptAs(db, anon, `delete from public.${table}`);
    expect(outcome).toMatchObject({ ok: false, code: DENIED });
  });
});

describe('changing an application’s status', () => {
  const setStatus = `update public.visa_applications set status = 'approved' where id = $1`;

  it('is allowed to an admin, and the applicant reads the new status', async () => {
    expect(await attemptAs(db, admin, setStatus, [applicationId])).toMatchObject({ ok: true, affectedRows: 1 });
    await runAs(db, admin, `update public.visa_applications set status = 'in_review' where id = $1`, [applicationId]);
    const { rows } = await runAs(db, user, 'select status from public.visa_applications where id = $1', [applicationId]);
    expect(rows).toEqual([{ status: 'in_review' }]);
  });

  it.each([
    ['the applicant', () => user],
    ['a demoted admin', () => demoted],
  ])('changes nothing for %s', async (_label, actor) => {
    expect(await attemptAs(db, actor(), setStatus, [applicationId])).toMatchObject({ ok: true, affectedRows: 0 });
  });

  it('is refused to an anonymous visitor', async () => {
    expect(await attemptAs(db, anon, setStatus, [applicationId])).toMatchObject({ ok: false, code: DENIED });
  });

  it('accepts only the four statuses (an enum: 22P02 for any other)', async () => {
    const outcome = await attemptAs(db, admin, `update public.visa_applications set status = 'lost' where id = $1`, [applicationId]);
    expect(outcome).toMatchObject({ ok: false, code: '22P02' });
  });
});

describe('admin_set_role', () => {
  it('lets an admin promote a user and demote them again', async () => {
    const target = await createUser(db, 'rising@example.com');
    expect(await runAs(db, admin, 'select public.admin_set_role($1, $2) as role', [target.id, 'admin'])).toMatchObject({
      rows: [{ role: 'admin' }],
    });
    expect(await roleOf(target.id)).toBe('admin');
    await runAs(db, admin, 'select public.admin_set_role($1, $2)', [target.id, 'user']);
    expect(await roleOf(target.id)).toBe('user');
  });

  it.each([
    ['a user', () => user],
    ['an admin demoted a moment ago', () => demoted],
  ])('is refused to %s, even for themself', async (_label, actor) => {
    for (const target of [userId, actor().claims['sub']]) {
      const outcome = await attemptAs(db, actor(), 'select public.admin_set_role($1, $2)', [target, 'admin']);
      expect(outcome).toMatchObject({ ok: false, code: DENIED, message: 'Only administrators can change roles.' });
    }
    expect(await roleOf(userId)).toBe('user');
    expect(await roleOf(demotedId)).toBe('user');
  });

  it('is not executable by an anonymous visitor', async () => {
    const outcome = await attemptAs(db, anon, 'select public.admin_set_role($1, $2)', [userId, 'admin']);
    expect(outcome).toMatchObject({ ok: false, code: DENIED });
  });

  it('never lets an admin change their own role', async () => {
    const outcome = await attemptAs(db, admin, 'select public.admin_set_role($1, $2)', [adminId, 'user']);
    expect(outcome).toMatchObject({ ok: false, code: 'P0001', message: 'Administrators cannot change their own role.' });
    expect(await roleOf(adminId)).toBe('admin');
  });

  it('accepts only user and admin (an enum: 22P02 for another value, 22023 for none)', async () => {
    for (const role of ['owner', '']) {
      const outcome = await attemptAs(db, admin, 'select public.admin_set_role($1, $2)', [userId, role]);
      expect(outcome).toMatchObject({ ok: false, code: '22P02', message: `invalid input value for enum user_role: "${role}"` });
    }
    const none = await attemptAs(db, admin, 'select public.admin_set_role($1, $2)', [userId, null]);
    expect(none).toMatchObject({ ok: false, code: '22023', message: 'The role must be user, adviser or admin.' });
  });

  it('reports an unknown user', async () => {
    const outcome = await attemptAs(db, admin, 'select public.admin_set_role($1, $2)', [crypto.randomUUID(), 'admin']);
    expect(outcome).toMatchObject({ ok: false, code: 'PT404', message: 'User not found.' });
  });

  it('leaves role a column no API role can write directly', async () => {
    const outcome = await attemptAs(db, admin, `update public.profiles set role = 'admin' where id = $1`, [userId]);
    expect(outcome).toMatchObject({ ok: false, code: DENIED });
  });
});

describe('admin_delete_user for the callers that must be refused', () => {
  it.each([
    ['a user', () => user],
    ['an admin demoted a moment ago', () => demoted],
  ])('is refused to %s', async (_label, actor) => {
    const outcome = await attemptAs(db, actor(), 'select public.admin_delete_user($1)', [adminId]);
    expect(outcome).toMatchObject({ ok: false, code: DENIED });
  });

  it('is not executable by an anonymous visitor', async () => {
    expect(await attemptAs(db, anon, 'select public.admin_delete_user($1)', [userId])).toMatchObject({ ok: false, code: DENIED });
  });

  it('refuses an admin’s own account (enforced in SQL, not only in the dashboard)', async () => {
    const outcome = await attemptAs(db, admin, 'select public.admin_delete_user($1)', [adminId]);
    expect(outcome).toMatchObject({ ok: false, message: 'Administrators cannot delete their own account.' });
  });
});

describe('the search keys', () => {
  it('are the lower-cased columns, kept by the database', async () => {
    const { rows } = await db.query(
      'select name_lower, email_lower, passport_number_lower from public.visa_applications where id = $1',
      [applicationId],
    );
    expect(rows).toEqual([{ name_lower: 'zainab bello', email_lower: 'zainab@example.com', passport_number_lower: 'b1234567' }]);
  });

  it('cannot be written by anyone', async () => {
    const outcome = await attemptAs(db, admin, `update public.visa_applications set name_lower = 'x' where id = $1`, [applicationId]);
    expect(outcome.ok).toBe(false);
  });
});
