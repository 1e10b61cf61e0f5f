// The public forms' guards (20261122000400_public_forms.sql): the honeypot drops bot rows without
// an error, an idempotency key stores one row per submission however often it is sent, and
// subscribe_newsletter(email, website) is open to visitors and users, silent for repeats and for a
// filled honeypot.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPEN_SLOT,
  INSERT_APPLICATION,
  anon,
  application,
  attemptAs,
  createUser,
  openTestDb,
  runAs,
  signedIn,
  uniqueEmail,
  type Actor,
  type TestDb,
} from './support.ts';

let db: TestDb;
let member: Actor;

beforeAll(async () => {
  db = await openTestDb();
  member = signedIn('member', await createUser(db, 'retry-member@example.com'));
});

afterAll(async () => {
  await db?.close();
});

const BOOKING = `insert into public.bookings (full_name, phone, email, country, date, time, website, client_key)
  select 'Amara Eze', '+234 809 000 0000', $1, 'Nigeria', open.date, open.time, $2, $3 from ${OPEN_SLOT} as open`;
const CONTACT = `insert into public.contact_messages (name, email, subject, phone, message, page, website, client_key)
  values ('Kwame Mensah', $1, 'Visa', '+233 24 000 0000', 'Hello.', '/contact', $2, $3)`;

const forms = [
  { table: 'bookings', sql: BOOKING },
  { table: 'contact_messages', sql: CONTACT },
];

const rowsFor = async (table: string, email: string) =>
  (await db.query(`select website, client_key from public.${table} where email = $1`, [email])).rows;

describe.each(forms)('$table', ({ table, sql }) => {
  it('stores a row whose honeypot is empty or null', async () => {
    const email = uniqueEmail('person');
    await runAs(db, anon, sql, [email, '', null]);
    await runAs(db, anon, sql, [email, null, null]);
    expect(await rowsFor(table, email)).toHaveLength(2);
  });

  it('drops a row whose honeypot is filled, without an error and without counting it', async () => {
    const email = uniqueEmail('bot');
    // More than the hourly limit: a dropped row must not reach the spam-limit trigger either.
    for (let i = 0; i < 7; i++) {
      expect(await runAs(db, anon, sql, [email, 'https://spam.example', null])).toMatchObject({ affectedRows: 0 });
    }
    expect(await rowsFor(table, email)).toEqual([]);
    // The address is still free to submit as a person.
    expect(await attemptAs(db, anon, sql, [email, '', null])).toMatchObject({ ok: true, affectedRows: 1 });
  });

  it('stores one row for a key sent twice; the second insert is a unique violation (409)', async () => {
    const email = uniqueEmail('double');
    const key = randomUUID();
    await runAs(db, anon, sql, [email, null, key]);
    expect(await attemptAs(db, anon, sql, [email, null, key])).toMatchObject({ ok: false, code: '23505' });
    expect(await rowsFor(table, email)).toEqual([{ website: null, client_key: key }]);
  });

  it('lets a signed-in user send the honeypot and key columns too', async () => {
    expect(await attemptAs(db, member, sql, [uniqueEmail('member'), null, randomUUID()])).toMatchObject({ ok: true });
  });
});

describe('visa_applications', () => {
  const WITH_KEY = INSERT_APPLICATION.replace('message)', 'message, client_key)').replace('$10)', '$10, $11)');

  it('stores one application for a key sent twice', async () => {
    const key = randomUUID();
    await runAs(db, member, WITH_KEY, [...application(), key]);
    expect(await attemptAs(db, member, WITH_KEY, [...application(), key])).toMatchObject({ ok: false, code: '23505' });
    const { rows } = await db.query('select status from public.visa_applications where client_key = $1', [key]);
    expect(rows).toEqual([{ status: 'submitted' }]);
  });

  it('refuses a visa type outside the list (an enum: 22P02, HTTP 400)', async () => {
    expect(await attemptAs(db, member, WITH_KEY, [...application({ visa_type: 'Student Visa' }), randomUUID()])).toMatchObject({
      ok: false,
      code: '22P02',
    });
  });
});

describe('subscribe_newsletter(email, website)', () => {
  const subscribers = (email: string) =>
    db.query('select email from public.newsletter_subscribers where lower(email) = lower($1)', [email]).then((r) => r.rows);

  it.each([
    ['an anonymous visitor', () => anon],
    ['a signed-in user', () => member],
  ])('subscribes %s, with or without the honeypot argument', async (_label, actor) => {
    const a = uniqueEmail('reader');
    const b = uniqueEmail('reader');
    await runAs(db, actor(), 'select public.subscribe_newsletter($1)', [a]);
    await runAs(db, actor(), 'select public.subscribe_newsletter(email => $1, website => $2)', [b, '']);
    expect(await subscribers(a)).toEqual([{ email: a }]);
    expect(await subscribers(b)).toEqual([{ email: b }]);
  });

  it('answers the same, and stores nothing, when the honeypot is filled', async () => {
    const email = uniqueEmail('bot');
    const person = await attemptAs(db, anon, 'select public.subscribe_newsletter($1)', [uniqueEmail('person')]);
    const bot = await attemptAs(db, anon, 'select public.subscribe_newsletter($1, $2)', [email, 'spam']);
    expect(bot).toEqual(person);
    await runAs(db, anon, 'select public.subscribe_newsletter($1, $2)', [email, 'spam']);
    expect(await subscribers(email)).toEqual([]);
  });

  it('is silent for an address already subscribed, and still counts it for the spam limit', async () => {
    const email = uniqueEmail('repeat');
    for (let i = 0; i < 5; i++) await runAs(db, anon, 'select public.subscribe_newsletter($1)', [email]);
    expect(await subscribers(email)).toHaveLength(1);
    expect(await attemptAs(db, anon, 'select public.subscribe_newsletter($1)', [email])).toMatchObject({ ok: false, code: 'PT429' });
  });

  it('is the only signature: the one-argument version is gone', async () => {
    const { rows } = await db.query<{ args: string }>(
      `select pg_get_function_identity_arguments(p.oid) as args from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.proname = 'subscribe_newsletter'`,
    );
    expect(rows).toEqual([{ args: 'email text, website text, notice_version text, page text' }]);
  });

  it('runs as the caller in public and as its owner in private, so it works once direct inserts are revoked', async () => {
    const { rows } = await db.query<{ schema: string; secdef: boolean; config: string[] }>(
      `select pronamespace::regnamespace::text as schema, prosecdef as secdef, proconfig as config
       from pg_proc where proname = 'subscribe_newsletter' order by 1`,
    );
    expect(rows).toEqual([
      { schema: 'private', secdef: true, config: ['search_path=""'] },
      { schema: 'public', secdef: false, config: ['search_path=""'] },
    ]);
    await db.query('revoke insert on public.newsletter_subscribers from anon, authenticated');
    try {
      const email = uniqueEmail('after-revoke');
      expect(await attemptAs(db, anon, 'select public.subscribe_newsletter($1)', [email])).toMatchObject({ ok: true });
    } finally {
      await db.query('grant insert (email) on public.newsletter_subscribers to anon, authenticated');
    }
  });
});
