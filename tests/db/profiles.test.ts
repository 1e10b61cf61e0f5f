// Profiles: created by the signup trigger from the metadata, never with a role taken from it;
// editable by their owner except for role and email.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENIED, anon, attemptAs, createUser, openTestDb, runAs, signedIn, type TestDb } from './support.ts';

let db: TestDb;

beforeAll(async () => {
  db = await openTestDb();
});

afterAll(async () => {
  await db?.close();
});

async function profileOf(id: string) {
  const { rows } = await db.query('select * from public.profiles where id = $1', [id]);
  return rows[0];
}

describe('the signup trigger', () => {
  it('copies every signup field, the email from the account, and role user', async () => {
    const user = await createUser(db, 'ada@example.com', {
      full_name: 'Ada Obi',
      age: 34,
      address: '12 Allen Avenue, Ikeja',
      country: 'Nigeria',
      occupation: 'Engineer',
      phone: '+234 803 000 0000',
      marital_status: 'Married',
    });
    expect(await profileOf(user.id)).toMatchObject({
      full_name: 'Ada Obi',
      age: 34,
      address: '12 Allen Avenue, Ikeja',
      country: 'Nigeria',
      occupation: 'Engineer',
      phone: '+234 803 000 0000',
      marital_status: 'Married',
      email: 'ada@example.com',
      role: 'user',
    });
  });

  it('never takes role from the metadata', async () => {
    const user = await createUser(db, 'sneaky@example.com', { full_name: 'Sneaky', role: 'admin' });
    expect(await profileOf(user.id)).toMatchObject({ role: 'user' });
  });

  it.each([
    ['a non-numeric age', { age: 'thirty' }, { age: null }],
    ['an age out of range', { age: 400 }, { age: null }],
    ['an age sent as a string', { age: '41' }, { age: 41 }],
    ['an age sent as 30.0', { age: 30.0 }, { age: 30 }],
    ['an unknown marital status', { marital_status: 'Complicated' }, { marital_status: null }],
    ['a blank name', { full_name: '   ' }, { full_name: null }],
    ['a name longer than 200 characters', { full_name: 'x'.repeat(201) }, { full_name: null }],
    ['a one-character phone', { phone: '1' }, { phone: null }],
    ['values wrapped in spaces', { country: '  Ghana ' }, { country: 'Ghana' }],
  ])('accepts a signup with %s and stores what fits', async (_label, metadata, expected) => {
    const user = await createUser(db, `odd-${Math.random().toString(36).slice(2)}@example.com`, metadata);
    expect(await profileOf(user.id)).toMatchObject(expected);
  });

  it.each([
    ['no metadata', null],
    ['metadata that is not an object', ['full_name', 'Array']],
    ['a metadata string', 'just text'],
  ])('accepts a signup with %s', async (_label, metadata) => {
    const user = await createUser(db, `bare-${Math.random().toString(36).slice(2)}@example.com`, metadata);
    expect(await profileOf(user.id)).toMatchObject({ full_name: null, role: 'user' });
  });

  it('follows an email change of the account', async () => {
    const user = await createUser(db, 'old-address@example.com');
    await db.query(`update auth.users set email = 'new-address@example.com' where id = $1`, [user.id]);
    expect(await profileOf(user.id)).toMatchObject({ email: 'new-address@example.com' });
  });
});

describe('a user and their profile', () => {
  let user: { id: string; email: string };

  beforeAll(async () => {
    user = await createUser(db, 'owner@example.com', { full_name: 'Owner', age: 28, marital_status: 'Single' });
  });

  it('reads it', async () => {
    const { rows } = await runAs(db, signedIn('owner', user), 'select full_name, role from public.profiles');
    expect(rows).toEqual([{ full_name: 'Owner', role: 'user' }]);
  });

  it('updates the personal fields and updated_at moves', async () => {
    const before = (await profileOf(user.id))!['updated_at'];
    const result = await runAs(
      db,
      signedIn('owner', user),
      `update public.profiles set full_name = 'Owner Renamed', age = 29, address = '5 Ring Road, Accra', country = 'Ghana',
              occupation = 'Teacher', phone = '+233 20 000 0000', marital_status = 'Married' where id = $1`,
      [user.id],
    );
    expect(result.affectedRows).toBe(1);
    const after = await profileOf(user.id);
    expect(after).toMatchObject({ full_name: 'Owner Renamed', age: 29, country: 'Ghana', marital_status: 'Married' });
    expect(after!['updated_at']).not.toBe(before);
  });

  it.each([
    ['role', `update public.profiles set role = 'admin' where id = $1`],
    ['email', `update public.profiles set email = 'other@example.com' where id = $1`],
    ['id', `update public.profiles set id = extensions.gen_random_uuid() where id = $1`],
    ['created_at', `update public.profiles set created_at = now() - interval '1 year' where id = $1`],
  ])('cannot change %s', async (_column, sql) => {
    expect(await attemptAs(db, signedIn('owner', user), sql, [user.id])).toMatchObject({ ok: false, code: DENIED });
    expect(await profileOf(user.id)).toMatchObject({ role: 'user', email: 'owner@example.com' });
  });

  it.each([
    // An enum's refusal is 22P02 (the value is not one of the type), a CHECK's 23514.
    ['an unknown marital status', `marital_status = 'Engaged'`, '22P02'],
    ['an age of 0', 'age = 0', '23514'],
    ['a blank name', `full_name = '   '`, '23514'],
    ['a name of 201 characters', `full_name = repeat('x', 201)`, '23514'],
  ])('cannot store %s', async (_label, assignment, code) => {
    const outcome = await attemptAs(db, signedIn('owner', user), `update public.profiles set ${assignment} where id = $1`, [
      user.id,
    ]);
    expect(outcome).toMatchObject({ ok: false, code });
  });

  it('can clear a detail', async () => {
    const outcome = await attemptAs(db, signedIn('owner', user), 'update public.profiles set occupation = null where id = $1', [
      user.id,
    ]);
    expect(outcome).toMatchObject({ ok: true, affectedRows: 1 });
  });
});

describe('anonymous visitors', () => {
  it('cannot read any profile', async () => {
    await createUser(db, 'private@example.com');
    expect(await attemptAs(db, anon, 'select * from public.profiles')).toMatchObject({ ok: false, code: DENIED });
  });

  it('cannot call the admin check', async () => {
    expect(await attemptAs(db, anon, 'select private.is_admin()')).toMatchObject({ ok: false, code: DENIED });
  });
});
