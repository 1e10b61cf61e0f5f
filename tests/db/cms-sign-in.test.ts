// Each CMS sign-in's state is spent once (20261128001330_cms_sign_in.sql): the first spend of a
// nonce is true, a second false, an expired state false; expired rows go on the next call; only
// the service role (the cms-oauth function) may spend one, and no API role reads the table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENIED, anon, attemptAs, createUser, openTestDb, runAs, service, signedIn, type Actor, type TestDb } from './support.ts';

let db: TestDb;
let user: Actor;

beforeAll(async () => {
  db = await openTestDb();
  user = signedIn('user', await createUser(db, 'editor@example.com'));
});
afterAll(async () => {
  await db?.close();
});

const SPEND = 'select public.spend_cms_oauth_state($1, $2) as fresh';
const spend = async (nonce: string, expires: string) => (await runAs<{ fresh: boolean }>(db, service, SPEND, [nonce, expires])).rows[0]!.fresh;

describe('spend_cms_oauth_state', () => {
  it('is true for a new nonce, false for the same nonce again', async () => {
    const nonce = crypto.randomUUID();
    const expires = new Date(Date.now() + 600_000).toISOString();
    expect(await spend(nonce, expires)).toBe(true);
    expect(await spend(nonce, expires)).toBe(false);
    expect(await spend(nonce, new Date(Date.now() + 300_000).toISOString())).toBe(false);
  });

  it('is false for a state already expired, which is not stored', async () => {
    const nonce = crypto.randomUUID();
    expect(await spend(nonce, new Date(Date.now() - 1000).toISOString())).toBe(false);
    const { rows } = await db.query('select 1 from private.cms_oauth_states where nonce = $1', [nonce]);
    expect(rows).toEqual([]);
  });

  it('removes the rows of expired states', async () => {
    const old = crypto.randomUUID();
    await db.query(`insert into private.cms_oauth_states (nonce, expires_at) values ($1, now() - interval '1 second')`, [old]);
    await spend(crypto.randomUUID(), new Date(Date.now() + 600_000).toISOString());
    const { rows } = await db.query('select 1 from private.cms_oauth_states where nonce = $1', [old]);
    expect(rows).toEqual([]);
  });

  it.each([
    ['anonymous visitors', () => anon],
    ['signed-in users', () => user],
  ])('is refused to %s, and so is the table', async (_who, actor) => {
    expect(await attemptAs(db, actor(), SPEND, [crypto.randomUUID(), new Date(Date.now() + 600_000).toISOString()])).toMatchObject({ ok: false, code: DENIED });
    expect(await attemptAs(db, actor(), 'select * from private.cms_oauth_states')).toMatchObject({ ok: false, code: DENIED });
  });
});
