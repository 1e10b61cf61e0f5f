// Newsletter unsubscribe (20261122000800_newsletter.sql): the token of the welcome's link
// unsubscribes its address for anyone who has it, a second time changes nothing, an unknown token
// does nothing; an unsubscribed address gets no welcome that was still waiting; subscribing again
// asks it to confirm again, and confirming sends no second welcome. The confirmation itself
// (double opt-in) is tested in newsletter-confirmation.test.ts. The link's token is only in the
// welcome (its payload until sent); the table keeps its SHA-256, and the link never expires.

import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DENIED,
  anon,
  attemptAs,
  adminAndUserFixture,
  emailedLinkToken,
  runAs,
  service,
  uniqueEmail,
  type Actor,
  type TestDb,
} from './support.ts';

const fixture = adminAndUserFixture({ email: 'user@example.com', label: 'user' });
let db: TestDb;
let admin: Actor;
let user: Actor;

beforeAll(() => {
  ({ db, admin, user } = fixture);
});

interface Subscriber {
  id: string;
  token: string;
  unsubscribed_at: string | null;
}

/** Subscribes a new address as a visitor does, confirms it from its link, and returns its row. */
async function subscribe(email = uniqueEmail('reader')): Promise<Subscriber & { email: string }> {
  await runAs(db, anon, 'select public.subscribe_newsletter($1)', [email]);
  await confirm(email);
  return { ...(await subscriberOf(email)), email };
}

/** Confirms the address's sign-up with the token of its confirmation email's link, as its owner does. */
async function confirm(email: string): Promise<void> {
  const { rows } = await db.query<{ id: string }>('select id from public.newsletter_subscribers where lower(email) = lower($1)', [email]);
  const token = await emailedLinkToken(db, 'newsletter_confirmation', rows[0]!.id);
  const { rows: done } = await runAs<{ ok: boolean }>(db, anon, 'select public.confirm_newsletter($1) as ok', [token]);
  expect(done).toEqual([{ ok: true }]);
}

/** The subscriber, with the token of its welcome's unsubscribe link (from the outbox, as the reader has it from the email). */
async function subscriberOf(email: string): Promise<Subscriber> {
  const { rows } = await db.query<Omit<Subscriber, 'token'>>(`select id, unsubscribed_at from public.newsletter_subscribers where lower(email) = lower($1)`, [email]);
  expect(rows).toHaveLength(1);
  return { ...rows[0]!, token: (await emailedLinkToken(db, 'newsletter_welcome', rows[0]!.id))! };
}

/** A value shaped like a link token that no email carried. */
const forged = () => randomBytes(32).toString('hex');

const unsubscribe = async (actor: Actor, token: string) =>
  (await runAs<{ done: boolean }>(db, actor, 'select public.unsubscribe_newsletter($1) as done', [token])).rows[0]!.done;

async function welcomeOf(subscriberId: string) {
  const { rows } = await db.query<{ status: string; sent: boolean; last_error: string | null }>(
    `select status, sent_at is not null as sent, last_error from public.notifications
     where subject_table = 'newsletter_subscribers' and subject_id = $1 and kind = 'newsletter_welcome'`,
    [subscriberId],
  );
  return rows;
}

describe('unsubscribe_newsletter', () => {
  it('gives each address its own secret token, whose SHA-256 alone is stored, which visitors cannot read', async () => {
    const one = await subscribe();
    const two = await subscribe();
    expect(one.token).toMatch(/^[0-9a-f]{64}$/);
    expect(one.token).not.toBe(two.token);
    const { rows } = await db.query(`select encode(unsubscribe_token_hash, 'hex') as hash from public.newsletter_subscribers where id = $1`, [one.id]);
    expect(rows).toEqual([{ hash: createHash('sha256').update(one.token, 'utf8').digest('hex') }]);
    expect(await attemptAs(db, anon, 'select unsubscribe_token_hash from public.newsletter_subscribers')).toMatchObject({
      ok: false,
      code: DENIED,
    });
    expect((await runAs(db, user, 'select unsubscribe_token_hash from public.newsletter_subscribers')).rows).toEqual([]);
  });

  it('gives an admin reading the table no working link: the stored hash unsubscribes no one', async () => {
    const reader = await subscribe();
    const { rows } = await runAs<{ hash: string }>(db, admin, `select encode(unsubscribe_token_hash, 'hex') as hash from public.newsletter_subscribers where id = $1`, [reader.id]);
    expect(await unsubscribe(anon, rows[0]!.hash)).toBe(false);
    expect((await subscriberOf(reader.email)).unsubscribed_at).toBeNull();
  });

  it('never expires (one-click unsubscribe, RFC 8058): a year after the welcome the link still works', async () => {
    const reader = await subscribe();
    await db.query(`update public.newsletter_subscribers set created_at = now() - interval '1 year', confirmation_requested_at = now() - interval '1 year', confirmed_at = now() - interval '1 year' where id = $1`, [reader.id]);
    expect(await unsubscribe(anon, reader.token)).toBe(true);
  });

  it('refuses a value not shaped like a token with 400 (PT400), never a server error', async () => {
    for (const garbage of ['', "x' or 1=1 --", '00000000-0000-4000-8000-000000000000', forged().toUpperCase()]) {
      expect(await attemptAs(db, anon, 'select public.unsubscribe_newsletter($1)', [garbage]), garbage).toMatchObject({ ok: false, code: 'PT400' });
    }
  });

  it('unsubscribes a visitor with the token, once: a second click keeps the first time', async () => {
    const reader = await subscribe();
    expect(await unsubscribe(anon, reader.token)).toBe(true);
    const first = (await subscriberOf(reader.email)).unsubscribed_at;
    expect(first).not.toBeNull();
    expect(await unsubscribe(anon, reader.token)).toBe(true);
    expect((await subscriberOf(reader.email)).unsubscribed_at).toBe(first);
  });

  it('does nothing with an unknown token and says so', async () => {
    const reader = await subscribe();
    expect(await unsubscribe(anon, forged())).toBe(false);
    expect((await subscriberOf(reader.email)).unsubscribed_at).toBeNull();
  });

  it('works for signed-in users and the service key (the one-click function) too', async () => {
    const viaUser = await subscribe();
    const viaService = await subscribe();
    expect(await unsubscribe(user, viaUser.token)).toBe(true);
    expect(await unsubscribe(service, viaService.token)).toBe(true);
    expect((await subscriberOf(viaService.email)).unsubscribed_at).not.toBeNull();
  });

  it('is the only way visitors change a subscriber', async () => {
    const reader = await subscribe();
    const outcome = await attemptAs(db, anon, 'update public.newsletter_subscribers set unsubscribed_at = now() where id = $1', [
      reader.id,
    ]);
    expect(outcome).toMatchObject({ ok: false, code: DENIED });
  });
});

describe('after unsubscribing', () => {
  it('a welcome still queued is completed without sending, and no worker claims it', async () => {
    const reader = await subscribe();
    expect(await welcomeOf(reader.id)).toEqual([{ status: 'queued', sent: false, last_error: null }]);
    await unsubscribe(anon, reader.token);
    expect(await welcomeOf(reader.id)).toEqual([
      { status: 'sent', sent: false, last_error: 'Not sent: the address unsubscribed first.' },
    ]);
    const { rows } = await runAs<{ subject_id: string }>(db, service, 'select subject_id from public.claim_notifications(1000)');
    expect(rows.map((row) => row.subject_id)).not.toContain(reader.id);
  });

  it('a welcome already sent stays sent', async () => {
    const reader = await subscribe();
    await db.query(
      `update public.notifications set status = 'sent', sent_at = now() where subject_id = $1`,
      [reader.id],
    );
    await unsubscribe(anon, reader.token);
    expect(await welcomeOf(reader.id)).toEqual([{ status: 'sent', sent: true, last_error: null }]);
  });

  it('a welcome a worker is sending stays its own; the worker sees the address unsubscribed', async () => {
    const reader = await subscribe();
    await db.query(
      `update public.notifications set status = 'sending', attempts = 1, locked_until = now() + interval '1 minute'
       where subject_id = $1`,
      [reader.id],
    );
    await unsubscribe(anon, reader.token);
    expect(await welcomeOf(reader.id)).toEqual([{ status: 'sending', sent: false, last_error: null }]);
    const { rows } = await runAs(db, service, 'select unsubscribed_at is not null as unsubscribed from public.newsletter_subscribers where id = $1', [
      reader.id,
    ]);
    expect(rows).toEqual([{ unsubscribed: true }]);
  });

  it('subscribing again clears the stamp, keeps the row and its unsubscribe link, asks to confirm again, and sends no second welcome', async () => {
    const reader = await subscribe();
    const hashOf = async () => (await db.query(`select encode(unsubscribe_token_hash, 'hex') as hash from public.newsletter_subscribers where id = $1`, [reader.id])).rows;
    const hash = await hashOf();
    await unsubscribe(anon, reader.token);
    await runAs(db, anon, 'select public.subscribe_newsletter($1)', [reader.email.toUpperCase()]);
    const { rows } = await db.query('select id, confirmed_at, unsubscribed_at from public.newsletter_subscribers where lower(email) = lower($1)', [reader.email]);
    expect(rows).toEqual([{ id: reader.id, confirmed_at: null, unsubscribed_at: null }]);
    await confirm(reader.email);
    expect(await welcomeOf(reader.id)).toHaveLength(1);
    expect(await hashOf()).toEqual(hash);
    // The first welcome's link still unsubscribes.
    expect(await unsubscribe(anon, reader.token)).toBe(true);
    expect((await db.query('select unsubscribed_at is not null as gone from public.newsletter_subscribers where id = $1', [reader.id])).rows).toEqual([{ gone: true }]);
  });

  it('signing up again still counts against the hourly limit', async () => {
    const reader = await subscribe();
    await unsubscribe(anon, reader.token);
    for (let i = 0; i < 4; i += 1) await runAs(db, anon, 'select public.subscribe_newsletter($1)', [reader.email]);
    expect(await attemptAs(db, anon, 'select public.subscribe_newsletter($1)', [reader.email])).toMatchObject({
      ok: false,
      code: 'PT429',
    });
  });

  it('the admin list shows who unsubscribed', async () => {
    const reader = await subscribe();
    await unsubscribe(anon, reader.token);
    const { rows } = await runAs(db, admin, 'select unsubscribed_at is not null as unsubscribed from public.newsletter_subscribers where id = $1', [
      reader.id,
    ]);
    expect(rows).toEqual([{ unsubscribed: true }]);
  });
});
