// admin_delete_user: an admin removes the account (private.delete_account, the deletion an
// applicant makes on /profile too); the profile and auth rows cascade, the user's applications stay
// with user_id cleared and their personal fields erased. Anyone else is refused.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENIED, INSERT_APPLICATION_FOR, anon, application, attemptAs, createUser, makeAdmin, openTestDb, runAs, service, signedIn, staffSignedIn, type Actor, type TestDb } from './support.ts';

let db: TestDb;
let admin: Actor;
let adminId: string;

beforeAll(async () => {
  db = await openTestDb();
  const boss = await createUser(db, 'boss@example.com');
  await makeAdmin(db, boss.id);
  adminId = boss.id;
  admin = staffSignedIn('admin', boss);
});

afterAll(async () => {
  await db?.close();
});

/** A user with an application, an identity, a session and a refresh token, as after a real login. */
async function userWithHistory(email: string): Promise<{ id: string; email: string; applicationId: string }> {
  const user = await createUser(db, email);
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider)
     values ($1, $2, jsonb_build_object('sub', $1::text, 'email', $3::text), 'email')`,
    [user.id, user.id, email],
  );
  const sessionId = crypto.randomUUID();
  await db.query('insert into auth.sessions (id, user_id, aal) values ($1, $2, $3)', [sessionId, user.id, 'aal1']);
  await db.query('insert into auth.refresh_tokens (token, user_id, session_id, revoked) values ($1, $2, $3, false)', [
    `token-${sessionId}`,
    user.id,
    sessionId,
  ]);
  const { rows } = await db.query<{ id: string }>(`${INSERT_APPLICATION_FOR} returning id`, [
    ...application({ name: 'Leaving User', email }),
    user.id,
  ]);
  return { ...user, applicationId: rows[0]!.id };
}

async function countFor(table: string, column: string, id: string): Promise<number> {
  const { rows } = await db.query(`select 1 from ${table} where ${column} = $1`, [id]);
  return rows.length;
}

describe('an admin deleting a user', () => {
  it('removes the account, its profile, identities, sessions and refresh tokens', async () => {
    const user = await userWithHistory('leaving@example.com');
    await runAs(db, admin, 'select public.admin_delete_user($1)', [user.id]);
    expect(await countFor('auth.users', 'id', user.id)).toBe(0);
    expect(await countFor('public.profiles', 'id', user.id)).toBe(0);
    expect(await countFor('auth.identities', 'user_id', user.id)).toBe(0);
    expect(await countFor('auth.sessions', 'user_id', user.id)).toBe(0);
    expect(await countFor('auth.refresh_tokens', 'user_id', user.id)).toBe(0);
  });

  it('keeps the user’s applications with the owner cleared and the personal fields erased, still visible to admins', async () => {
    const user = await userWithHistory('applied-then-left@example.com');
    await runAs(db, admin, 'select public.admin_delete_user($1)', [user.id]);
    const { rows } = await runAs(db, admin, 'select user_id, name, email, passport_number, marital_status, status from public.visa_applications where id = $1', [
      user.applicationId,
    ]);
    expect(rows).toEqual([{ user_id: null, name: 'Erased', email: 'erased@erased.invalid', passport_number: 'Erased', marital_status: null, status: 'submitted' }]);
  });

  it('queues no email to an erased applicant when staff later change its status, and none to staff in their place', async () => {
    const user = await userWithHistory('decided-after-leaving@example.com');
    await runAs(db, admin, 'select public.admin_delete_user($1)', [user.id]);
    await runAs(db, admin, `update public.visa_applications set status = 'approved' where id = $1`, [user.applicationId]);
    const { rows } = await db.query(`select kind from public.notifications where subject_table = 'visa_applications' and subject_id = $1`, [user.applicationId]);
    expect(rows).toEqual([]);
  });

  it('records the deletion and queues its confirmation to the address the account had', async () => {
    const user = await userWithHistory('confirmed-leaving@example.com');
    await runAs(db, admin, 'select public.admin_delete_user($1)', [user.id]);
    const { rows } = await db.query(
      `select d.by_staff, d.applications_kept, n.kind, n.recipient from public.account_deletions d
         join public.notifications n on n.subject_table = 'account_deletions' and n.subject_id = d.id
       where d.email = $1`,
      [user.email],
    );
    expect(rows).toEqual([{ by_staff: true, applications_kept: 1, kind: 'account_deleted', recipient: user.email }]);
  });

  it('reports an unknown user', async () => {
    const outcome = await attemptAs(db, admin, 'select public.admin_delete_user($1)', [crypto.randomUUID()]);
    expect(outcome).toMatchObject({ ok: false, code: 'PT404', message: 'User not found.' });
  });

  it('refuses to delete the admin’s own account', async () => {
    const outcome = await attemptAs(db, admin, 'select public.admin_delete_user($1)', [adminId]);
    expect(outcome).toMatchObject({ ok: false, message: 'Administrators cannot delete their own account.' });
    expect(await countFor('auth.users', 'id', adminId)).toBe(1);
  });
});

describe('anyone else calling admin_delete_user', () => {
  let victim: { id: string; email: string };
  let caller: Actor;

  beforeAll(async () => {
    victim = await createUser(db, 'victim@example.com');
    caller = signedIn('ordinary user', await createUser(db, 'ordinary@example.com'));
  });

  it('is refused for a signed-in non-admin', async () => {
    const outcome = await attemptAs(db, caller, 'select public.admin_delete_user($1)', [victim.id]);
    expect(outcome).toMatchObject({ ok: false, code: DENIED, message: 'Only administrators can delete users.' });
  });

  it('is refused for a user trying to delete themself', async () => {
    const self = signedIn('victim', victim);
    expect(await attemptAs(db, self, 'select public.admin_delete_user($1)', [victim.id])).toMatchObject({
      ok: false,
      code: DENIED,
    });
  });

  it.each([
    ['an anonymous visitor', anon],
    ['the service role (it deletes users through the Auth admin API)', service],
  ])('is refused for %s', async (_label, actor) => {
    expect(await attemptAs(db, actor, 'select public.admin_delete_user($1)', [victim.id])).toMatchObject({
      ok: false,
      code: DENIED,
    });
  });

  it('left the victim in place', async () => {
    expect(await countFor('auth.users', 'id', victim.id)).toBe(1);
    expect(await countFor('public.profiles', 'id', victim.id)).toBe(1);
  });
});
