// The bootstrap reproduces what hosted Supabase provides: API roles, auth tables with the Auth
// server's column shapes and cascades, and auth.uid()/role()/email()/jwt() as the contract says.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anon, createUser, openTestDb, runAs, service, signedIn, type TestDb } from './support.ts';

let db: TestDb;

beforeAll(async () => {
  db = await openTestDb();
});

afterAll(async () => {
  await db?.close();
});

describe('roles', () => {
  it('creates anon, authenticated, service_role and authenticator as on hosted', async () => {
    const { rows } = await db.query(
      `select rolname, rolcanlogin, rolinherit, rolbypassrls from pg_roles
       where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by rolname`,
    );
    expect(rows).toEqual([
      { rolname: 'anon', rolcanlogin: false, rolinherit: false, rolbypassrls: false },
      { rolname: 'authenticated', rolcanlogin: false, rolinherit: false, rolbypassrls: false },
      { rolname: 'authenticator', rolcanlogin: false, rolinherit: false, rolbypassrls: false },
      { rolname: 'service_role', rolcanlogin: false, rolinherit: false, rolbypassrls: true },
    ]);
  });

  it('lets the authenticator switch to each API role', async () => {
    const { rows } = await db.query(
      `select pg_has_role('authenticator', 'anon', 'member') as anon,
              pg_has_role('authenticator', 'authenticated', 'member') as authenticated,
              pg_has_role('authenticator', 'service_role', 'member') as service_role`,
    );
    expect(rows).toEqual([{ anon: true, authenticated: true, service_role: true }]);
  });

  it('switches role for one transaction only', async () => {
    const inside = await runAs<{ who: string }>(db, anon, 'select current_user as who');
    const after = await db.query<{ who: string }>('select current_user as who');
    expect(inside.rows[0]!.who).toBe('anon');
    expect(after.rows[0]!.who).not.toBe('anon');
  });

  it('keeps auth tables out of reach of the API roles', async () => {
    const { rows } = await db.query(
      `select has_table_privilege('anon', 'auth.users', 'select') as anon,
              has_table_privilege('authenticated', 'auth.users', 'select') as authenticated`,
    );
    expect(rows).toEqual([{ anon: false, authenticated: false }]);
  });
});

describe('auth helper functions', () => {
  const claims = { sub: '6b1d7a9e-8c53-4a52-9f1e-0d6f3f1f2a10', email: 'claims@example.com', role: 'authenticated' };

  it('read sub, role and email from request.jwt.claims', async () => {
    const { rows } = await runAs(
      db,
      { label: 'claims', role: 'authenticated', claims },
      'select auth.uid() as uid, auth.role() as role, auth.email() as email, auth.jwt() as jwt',
    );
    expect(rows).toEqual([{ uid: claims.sub, role: 'authenticated', email: claims.email, jwt: claims }]);
  });

  it('prefer the legacy per-claim settings when they are set', async () => {
    const legacySub = '0f0e0d0c-0b0a-4908-8706-050403020100';
    const rows = await db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
      await tx.query(`select set_config('request.jwt.claim.sub', $1, true)`, [legacySub]);
      await tx.query(`select set_config('request.jwt.claim.role', 'service_role', true)`);
      return (await tx.query('select auth.uid() as uid, auth.role() as role')).rows;
    });
    expect(rows).toEqual([{ uid: legacySub, role: 'service_role' }]);
  });

  it('return NULL, not an error, when no claims are set', async () => {
    const { rows } = await db.query('select auth.uid() as uid, auth.role() as role, auth.email() as email, auth.jwt() as jwt');
    expect(rows).toEqual([{ uid: null, role: null, email: null, jwt: null }]);
  });

  it('return NULL for the anonymous and service claims that carry no sub', async () => {
    const asAnon = await runAs(db, anon, 'select auth.uid() as uid, auth.role() as role');
    const asService = await runAs(db, service, 'select auth.uid() as uid, auth.role() as role');
    expect(asAnon.rows).toEqual([{ uid: null, role: 'anon' }]);
    expect(asService.rows).toEqual([{ uid: null, role: 'service_role' }]);
  });
});

describe('auth tables', () => {
  it('leave the token columns NULL when an insert omits them, as hosted does', async () => {
    await db.query(
      `insert into auth.users (id, aud, role, email, created_at, updated_at)
       values ('5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b', 'authenticated', 'authenticated', 'tokens@example.com', now(), now())`,
    );
    const { rows } = await db.query(
      `select confirmation_token, recovery_token, email_change_token_new, email_change, email_change_token_current, is_anonymous
       from auth.users where email = 'tokens@example.com'`,
    );
    expect(rows).toEqual([
      { confirmation_token: null, recovery_token: null, email_change_token_new: null, email_change: null, email_change_token_current: '', is_anonymous: false },
    ]);
  });

  it('derive confirmed_at from email_confirmed_at', async () => {
    const user = await createUser(db, 'confirmed@example.com');
    const { rows } = await db.query('select confirmed_at = email_confirmed_at as same from auth.users where id = $1', [user.id]);
    expect(rows).toEqual([{ same: true }]);
  });

  it('refuse a second account with the same email', async () => {
    await createUser(db, 'twice@example.com');
    await expect(createUser(db, 'twice@example.com')).rejects.toMatchObject({ code: '23505' });
  });

  it('number refresh tokens and cascade a deleted user to identities, sessions and tokens', async () => {
    const user = await createUser(db, 'cascade@example.com');
    const sessionId = crypto.randomUUID();
    await db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider) values ($1, $2, $3, 'email')`,
      [user.id, user.id, JSON.stringify({ sub: user.id, email: 'Cascade@Example.com' })],
    );
    await db.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, user.id]);
    const tokens = await db.query<{ id: number }>(
      `insert into auth.refresh_tokens (token, user_id, session_id, revoked)
       values ('first-token', $1, $2, true), ('second-token', $1, $2, false) returning id`,
      [user.id, sessionId],
    );
    expect(tokens.rows[1]!.id).toBe(tokens.rows[0]!.id + 1);
    const identity = await db.query('select email from auth.identities where user_id = $1', [user.id]);
    expect(identity.rows).toEqual([{ email: 'cascade@example.com' }]);

    await db.query('delete from auth.users where id = $1', [user.id]);
    const { rows } = await db.query(
      `select (select count(*) from auth.identities where user_id = $1)::int as identities,
              (select count(*) from auth.sessions where user_id = $1)::int as sessions,
              (select count(*) from auth.refresh_tokens where user_id = $1::text)::int as tokens,
              (select count(*) from public.profiles where id = $1)::int as profiles`,
      [user.id],
    );
    expect(rows).toEqual([{ identities: 0, sessions: 0, tokens: 0, profiles: 0 }]);
  });

  it('make a signed-in user’s claims match their profile', async () => {
    const user = await createUser(db, 'me@example.com');
    const { rows } = await runAs(db, signedIn('me', user), 'select id, email from public.profiles where id = auth.uid()');
    expect(rows).toEqual([{ id: user.id, email: 'me@example.com' }]);
  });
});
