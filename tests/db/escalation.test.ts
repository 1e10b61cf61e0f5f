// Privilege escalation attempts, gathered in one place: every way a visitor or user might try to
// become an admin, act as someone else, or read what is not theirs must fail.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENIED, INSERT_APPLICATION_FOR, anon, application, attemptAs, createUser, makeAdmin, openTestDb, signedIn, staffSignedIn, type Actor, type TestDb } from './support.ts';

let db: TestDb;
let mallory: Actor;
let malloryId: string;
let victimId: string;
let admin: Actor;
let victimApplication: string;
let malloryApplication: string;

const APPLY = `${INSERT_APPLICATION_FOR} returning id`;

/** Parameters of APPLY: an application under name, filed for userId. */
const applyFor = (userId: string, name: string) => [...application({ name }), userId];

beforeAll(async () => {
  db = await openTestDb();
  const m = await createUser(db, 'mallory@example.com', { full_name: 'Mallory', role: 'admin', is_admin: true });
  const v = await createUser(db, 'victim@example.com');
  const boss = await createUser(db, 'boss@example.com');
  await makeAdmin(db, boss.id);
  malloryId = m.id;
  victimId = v.id;
  mallory = signedIn('mallory', m);
  admin = staffSignedIn('admin', boss);
  victimApplication = (await db.query<{ id: string }>(APPLY, applyFor(v.id, 'Victim'))).rows[0]!.id;
  malloryApplication = (await db.query<{ id: string }>(APPLY, applyFor(m.id, 'Mallory'))).rows[0]!.id;
});

afterAll(async () => {
  await db?.close();
});

async function roleOf(id: string): Promise<string> {
  return (await db.query<{ role: string }>('select role from public.profiles where id = $1', [id])).rows[0]!.role;
}

describe('becoming an admin', () => {
  it('fails through signup metadata', async () => {
    expect(await roleOf(malloryId)).toBe('user');
  });

  it('fails by updating one’s own role', async () => {
    const outcome = await attemptAs(db, mallory, `update public.profiles set role = 'admin' where id = $1`, [malloryId]);
    expect(outcome).toMatchObject({ ok: false, code: DENIED });
    expect(await roleOf(malloryId)).toBe('user');
  });

  it('fails even for an admin promoting someone else over the API', async () => {
    const outcome = await attemptAs(db, admin, `update public.profiles set role = 'admin' where id = $1`, [malloryId]);
    expect(outcome).toMatchObject({ ok: false, code: DENIED });
  });

  it('fails by inserting a second, admin profile', async () => {
    const outcome = await attemptAs(db, mallory, `insert into public.profiles (id, role) values ($1, 'admin')`, [malloryId]);
    expect(outcome).toMatchObject({ ok: false, code: DENIED });
  });

  it('fails by calling the private signup or admin helpers directly', async () => {
    const trigger = await attemptAs(db, mallory, 'select private.handle_new_user()');
    expect(trigger.ok).toBe(false);
    const isAdmin = await attemptAs(db, mallory, 'select private.is_admin() as admin');
    expect(isAdmin).toMatchObject({ ok: true, rows: [{ admin: false }] });
  });
});

describe('acting as someone else', () => {
  it('fails for an application filed in another user’s name', async () => {
    const outcome = await attemptAs(db, mallory, APPLY, applyFor(victimId, 'Forged'));
    expect(outcome).toMatchObject({ ok: false, code: DENIED });
  });

  it('fails for handing one’s application to another user', async () => {
    const outcome = await attemptAs(db, mallory, 'update public.visa_applications set user_id = $1 where id = $2', [
      victimId,
      malloryApplication,
    ]);
    expect(outcome).toMatchObject({ ok: false, code: DENIED });
  });

  it('fails for approving one’s own application', async () => {
    const outcome = await attemptAs(db, mallory, `update public.visa_applications set status = 'approved' where id = $1`, [
      malloryApplication,
    ]);
    expect(outcome).toMatchObject({ ok: true, affectedRows: 0 });
  });

  it('fails for deleting another user’s account or application', async () => {
    const account = await attemptAs(db, mallory, 'select public.admin_delete_user($1)', [victimId]);
    const application = await attemptAs(db, mallory, 'delete from public.visa_applications where id = $1', [victimApplication]);
    expect(account).toMatchObject({ ok: false, code: DENIED });
    expect(application).toMatchObject({ ok: true, affectedRows: 0 });
  });
});

describe('reading what is not one’s own', () => {
  it.each([
    ['auth.users', 'select email, encrypted_password from auth.users'],
    ['auth.sessions', 'select * from auth.sessions'],
    ['auth.refresh_tokens', 'select token from auth.refresh_tokens'],
    ['the spam log', 'select * from private.form_submissions'],
  ])('fails for a signed-in user on %s', async (_label, sql) => {
    expect(await attemptAs(db, mallory, sql)).toMatchObject({ ok: false, code: DENIED });
  });

  it('shows a user no other profile or application', async () => {
    const profiles = await attemptAs(db, mallory, 'select id from public.profiles');
    const applications = await attemptAs(db, mallory, 'select id from public.visa_applications');
    expect(profiles).toMatchObject({ ok: true, rows: [{ id: malloryId }] });
    expect(applications).toMatchObject({ ok: true, rows: [{ id: malloryApplication }] });
  });

  it.each(['profiles', 'visa_applications', 'bookings', 'contact_messages', 'newsletter_subscribers'])(
    'fails for an anonymous visitor on %s',
    async (table) => {
      expect(await attemptAs(db, anon, `select * from public.${table}`)).toMatchObject({ ok: false, code: DENIED });
    },
  );

  it('fails for an anonymous visitor on auth.users', async () => {
    expect(await attemptAs(db, anon, 'select email from auth.users')).toMatchObject({ ok: false, code: DENIED });
  });
});
