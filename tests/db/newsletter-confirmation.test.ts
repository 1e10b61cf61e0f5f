// Newsletter double opt-in (20261122000800_newsletter.sql): a sign-up is pending
// until its address confirms from the link of its confirmation email; before that the address
// gets nothing else, a few confirmations a day at most however often it is typed; the link
// expires and a daily job forgets sign-ups never confirmed. Visitors reach all this only through
// subscribe_newsletter and confirm_newsletter. The link's token is only in the email (its payload
// until sent); the table keeps its SHA-256, so the tests take the token from the outbox, as the
// reader takes it from the email.

import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_CONFIRMATION_DAYS } from '../../common/domain.ts';
import { DENIED, anon, attemptAs, createAdmin, createUser, emailedLinkToken, openTestDb, runAs, service, signedIn, uniqueEmail, type Actor, type TestDb } from './support.ts';

let db: TestDb;
let user: Actor;
let admin: Actor;

beforeAll(async () => {
  db = await openTestDb();
  user = signedIn('user', await createUser(db, 'reader-user@example.com'));
  admin = (await createAdmin(db)).actor;
});
afterAll(async () => {
  await db?.close();
});

interface SignUp {
  id: string;
  token: string;
  confirmed_at: string | null;
}

const signUp = (email: string, actor: Actor = anon) => runAs(db, actor, 'select public.subscribe_newsletter($1)', [email]);

/** The sign-up of the address, with the token of the newest confirmation email's link. */
async function row(email: string): Promise<SignUp> {
  const { rows } = await db.query<Omit<SignUp, 'token'>>('select id, confirmed_at from public.newsletter_subscribers where lower(email) = lower($1)', [email]);
  expect(rows).toHaveLength(1);
  const token = await emailedLinkToken(db, 'newsletter_confirmation', rows[0]!.id);
  return { ...rows[0]!, token: token! };
}

const sha256 = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** A value shaped like a link token that no email carried. */
const forged = () => randomBytes(32).toString('hex');

const confirm = async (token: string, actor: Actor = anon) =>
  (await runAs<{ ok: boolean }>(db, actor, 'select public.confirm_newsletter($1) as ok', [token])).rows[0]!.ok;

/** The kinds of email queued for a sign-up, oldest first. */
async function emailsOf(id: string): Promise<string[]> {
  const { rows } = await db.query<{ kind: string }>('select kind from public.notifications where subject_id = $1 order by created_at, kind::text', [id]);
  return rows.map((r) => r.kind);
}

/** Lets the hourly spam limit forget the address, as an hour passing would. */
const anHourLater = (email: string) => db.query('delete from private.form_submissions where email = lower($1)', [email]);

describe('a new sign-up', () => {
  it('is pending, and its only email is the confirmation, to its address', async () => {
    const email = uniqueEmail('pending');
    await signUp(email);
    const signup = await row(email);
    expect(signup.confirmed_at).toBeNull();
    const { rows } = await db.query('select kind, recipient, dedupe_key from public.notifications where subject_id = $1', [signup.id]);
    expect(rows).toEqual([{ kind: 'newsletter_confirmation', recipient: email, dedupe_key: expect.stringMatching(/^newsletter_confirmation:[0-9a-f-]{36}$/) }]);
    expect(signup.token).toMatch(/^[0-9a-f]{64}$/);
  });

  it('stores only the SHA-256 of its link’s token, and no unsubscribe link until it is confirmed', async () => {
    const email = uniqueEmail('hashed');
    await signUp(email);
    const { id, token } = await row(email);
    const { rows } = await db.query(
      `select encode(confirmation_token_hash, 'hex') as confirmation, unsubscribe_token_hash as unsubscribe from public.newsletter_subscribers where id = $1`,
      [id],
    );
    expect(rows).toEqual([{ confirmation: sha256(token), unsubscribe: null }]);
    // No column holds the token itself, in any form.
    const { rows: whole } = await db.query<{ text: string }>('select to_jsonb(s)::text as text from public.newsletter_subscribers s where id = $1', [id]);
    expect(whole[0]!.text).not.toContain(token);
    expect(whole[0]!.text).not.toContain(Buffer.from(token, 'utf8').toString('hex'));
  });

  it('gives an admin reading the table nothing to confirm with: neither the hash nor anything else in the row works as a token', async () => {
    const email = uniqueEmail('read-by-admin');
    await signUp(email);
    const { rows } = await runAs<Record<string, unknown>>(db, admin, 'select * from public.newsletter_subscribers where lower(email) = lower($1)', [email]);
    expect(rows).toHaveLength(1);
    const values = Object.values(rows[0]!).flatMap((value) => (value instanceof Uint8Array ? [Buffer.from(value).toString('hex')] : typeof value === 'string' ? [value] : []));
    // The hash, written as hex, is shaped like a token: it is tried too.
    expect(values.filter((value) => /^[0-9a-f]{64}$/.test(value))).toHaveLength(1);
    for (const value of values) {
      const tried = await attemptAs(db, anon, 'select public.confirm_newsletter($1) as ok', [value]);
      expect(tried.ok ? tried.rows : tried.code, value).toEqual(tried.ok ? [{ ok: false }] : 'PT400');
    }
    expect((await row(email)).confirmed_at).toBeNull();
  });

  it('refuses a value not shaped like a token with 400 (PT400), never a server error', async () => {
    for (const garbage of ['', 'not-a-token', "x' or 1=1 --", '00000000-0000-4000-8000-000000000000', forged().toUpperCase(), `${forged()}0`]) {
      expect(await attemptAs(db, anon, 'select public.confirm_newsletter($1)', [garbage]), garbage).toMatchObject({ ok: false, code: 'PT400' });
    }
  });

  it('is confirmed by the token of its link, once, and only then welcomed', async () => {
    const email = uniqueEmail('confirming');
    await signUp(email);
    const { id, token } = await row(email);
    expect(await confirm(token)).toBe(true);
    const first = (await row(email)).confirmed_at;
    expect(first).not.toBeNull();
    expect(await emailsOf(id)).toEqual(['newsletter_confirmation', 'newsletter_welcome']);
    // The confirmation still waiting is not sent now that it is done.
    const { rows } = await db.query(`select status, sent_at, last_error from public.notifications where subject_id = $1 and kind = 'newsletter_confirmation'`, [id]);
    expect(rows).toEqual([{ status: 'sent', sent_at: null, last_error: 'Not sent: the address confirmed first.' }]);
    // A second click changes nothing and still says yes.
    expect(await confirm(token)).toBe(true);
    expect((await row(email)).confirmed_at).toBe(first);
    expect(await emailsOf(id)).toEqual(['newsletter_confirmation', 'newsletter_welcome']);
  });

  it('is confirmed for a signed-in user and the service key too, never by an unknown token', async () => {
    const [a, b] = [uniqueEmail('by-user'), uniqueEmail('by-service')];
    await signUp(a);
    await signUp(b);
    expect(await confirm((await row(a)).token, user)).toBe(true);
    expect(await confirm((await row(b)).token, service)).toBe(true);
    expect(await confirm(forged())).toBe(false);
  });

  it('keeps its link as long as the site says (NEWSLETTER_CONFIRMATION_DAYS of common/domain.ts)', async () => {
    const { rows } = await db.query<{ days: number; exact: boolean }>(
      `select (extract(epoch from private.newsletter_confirmation_lifetime()) / 86400)::float8 as days,
              private.newsletter_confirmation_lifetime() = make_interval(days => $1) as exact`,
      [NEWSLETTER_CONFIRMATION_DAYS],
    );
    expect(rows).toEqual([{ days: NEWSLETTER_CONFIRMATION_DAYS, exact: true }]);
  });

  it('cannot be confirmed once its link has expired (7 days), and gets no welcome', async () => {
    const email = uniqueEmail('late');
    await signUp(email);
    const { id, token } = await row(email);
    await db.query(`update public.newsletter_subscribers set confirmation_requested_at = now() - interval '7 days 1 minute' where id = $1`, [id]);
    expect(await confirm(token)).toBe(false);
    expect((await row(email)).confirmed_at).toBeNull();
    expect(await emailsOf(id)).toEqual(['newsletter_confirmation']);
  });
});

describe('signing up an address already on the list', () => {
  it('asks a pending address to confirm again with a new link; the old link stops working', async () => {
    const email = uniqueEmail('again');
    await signUp(email);
    const before = await row(email);
    await signUp(email.toUpperCase());
    const after = await row(email);
    expect(after.id).toBe(before.id);
    expect(after.token).not.toBe(before.token);
    expect(await emailsOf(after.id)).toEqual(['newsletter_confirmation', 'newsletter_confirmation']);
    expect(await confirm(before.token)).toBe(false);
    expect(await confirm(after.token)).toBe(true);
  });

  it('sends a subscribed address nothing, and leaves it subscribed', async () => {
    const email = uniqueEmail('already');
    await signUp(email);
    const { id, token } = await row(email);
    await confirm(token);
    const { rows: before } = await db.query('select confirmation_token_hash from public.newsletter_subscribers where id = $1', [id]);
    await signUp(email);
    expect(await row(email)).toMatchObject({ confirmed_at: expect.anything() });
    expect((await db.query('select confirmation_token_hash from public.newsletter_subscribers where id = $1', [id])).rows).toEqual(before);
    expect(await emailsOf(id)).toEqual(['newsletter_confirmation', 'newsletter_welcome']);
  });

  it('confirms to one address at most 3 times in 24 hours, however often it is typed', async () => {
    const email = uniqueEmail('typed-often');
    for (let i = 0; i < 5; i += 1) {
      await signUp(email);
      await anHourLater(email);
    }
    const { id } = await row(email);
    expect(await emailsOf(id)).toEqual(['newsletter_confirmation', 'newsletter_confirmation', 'newsletter_confirmation']);
    // A day later it may be asked again.
    await db.query(`update public.notifications set created_at = created_at - interval '1 day' where subject_id = $1`, [id]);
    await signUp(email);
    expect((await emailsOf(id)).length).toBe(4);
  });
});

describe('sign-ups never confirmed', () => {
  it('are forgotten by the daily retention job once their link has expired, with their emails; the rest stay', async () => {
    const [old, fresh, confirmed] = [uniqueEmail('old'), uniqueEmail('fresh'), uniqueEmail('kept')];
    for (const email of [old, fresh, confirmed]) await signUp(email);
    await confirm((await row(confirmed)).token);
    const oldId = (await row(old)).id;
    await db.query(
      `update public.newsletter_subscribers set confirmation_requested_at = now() - interval '8 days', created_at = now() - interval '8 days'
       where lower(email) in (lower($1), lower($2))`,
      [old, confirmed],
    );
    await db.query('select private.apply_retention()');
    const { rows } = await db.query<{ email: string }>('select email from public.newsletter_subscribers where lower(email) = any($1)', [
      [old, fresh, confirmed].map((e) => e.toLowerCase()),
    ]);
    expect(rows.map((r) => r.email).sort()).toEqual([confirmed, fresh].sort());
    expect(await emailsOf(oldId)).toEqual([]);
  });

  it('are swept daily by a Supabase Cron job (the retention rules of tests/db/retention-rules.test.ts)', async () => {
    const { rows } = await db.query('select schedule, command from cron.job where jobname = $1', ['retain-personal-data']);
    expect(rows).toEqual([{ schedule: '30 3 * * *', command: 'select private.apply_retention()' }]);
  });

  it('the job and the tokens are out of visitors’ and users’ reach', async () => {
    for (const actor of [anon, user]) {
      expect(await attemptAs(db, actor, 'select private.apply_retention()'), actor.label).toMatchObject({ ok: false, code: DENIED });
      const read = await attemptAs(db, actor, 'select confirmation_token_hash from public.newsletter_subscribers');
      expect(read.ok ? read.rows : DENIED, actor.label).toEqual(read.ok ? [] : DENIED);
    }
  });
});
