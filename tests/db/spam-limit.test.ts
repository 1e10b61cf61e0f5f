// The spam limit: each email address may submit each public form 5 times an hour; the next one
// is refused with a clear message and SQLSTATE PT429 (HTTP 429 through PostgREST), whatever the
// letter case of the address.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_SLOT, anon, attemptAs, openTestDb, runAs, uniqueEmail, type TestDb } from './support.ts';

const MESSAGE = 'Too many submissions from this email address. Please try again in an hour.';

let db: TestDb;
let limit: number;

beforeAll(async () => {
  db = await openTestDb();
  limit = (await db.query<{ limit: number }>('select private.submission_limit_per_hour() as limit')).rows[0]!.limit;
});

afterAll(async () => {
  await db?.close();
});

// One statement per form, with the email as $1: committed to fill the quota, or tried and rolled back.
const forms = [
  {
    form: 'bookings',
    sql: `insert into public.bookings (full_name, phone, email, country, date, time)
          select 'Repeat Booker', '+1 555 0111', $1, 'USA', open.date, open.time from ${OPEN_SLOT} as open`,
  },
  {
    form: 'contact_messages',
    sql: `insert into public.contact_messages (name, email, subject, phone, message, page)
          values ('Repeat Sender', $1, 'Hello', '+1 555 0112', 'Again.', '/contact')`,
  },
  { form: 'newsletter_subscribers', sql: 'select public.subscribe_newsletter($1)' },
].map(({ form, sql }) => ({
  form,
  submit: (email: string) => attemptAs(db, anon, sql, [email]),
  commit: (email: string) => runAs(db, anon, sql, [email]),
}));

it('is 5 submissions per address per hour', () => {
  expect(limit).toBe(5);
});

describe.each(forms)('$form', ({ form, submit, commit }) => {
  it('accepts 5 submissions from one address and refuses the 6th with the message', async () => {
    const email = uniqueEmail('repeat');
    for (let i = 0; i < limit; i++) await commit(i % 2 ? email.toUpperCase() : email);
    const refused = await submit(email);
    expect(refused).toMatchObject({ ok: false, code: 'PT429', message: MESSAGE });
  });

  it('still accepts another address', async () => {
    expect(await submit(uniqueEmail('fresh'))).toMatchObject({ ok: true });
  });

  it('forgets submissions older than an hour', async () => {
    const email = uniqueEmail('patient');
    for (let i = 0; i < limit; i++) await commit(email);
    expect(await submit(email)).toMatchObject({ ok: false, message: MESSAGE });
    await db.query(
      `update private.form_submissions set submitted_at = now() - interval '61 minutes' where email = $1 and form = $2`,
      [email, form],
    );
    expect(await submit(email)).toMatchObject({ ok: true });
  });
});

describe('the count', () => {
  it('is kept per form: a full booking quota does not block a contact message', async () => {
    const email = uniqueEmail('busy');
    for (let i = 0; i < limit; i++) await forms[0]!.commit(email);
    expect(await forms[0]!.submit(email)).toMatchObject({ ok: false, message: MESSAGE });
    expect(await forms[1]!.submit(email)).toMatchObject({ ok: true });
  });

  it('ignores submissions that failed validation', async () => {
    const email = uniqueEmail('clumsy');
    for (let i = 0; i < limit + 2; i++) {
      const bad = await attemptAs(
        db,
        anon,
        `insert into public.bookings (full_name, phone, email, country, date, time)
         select 'Clumsy', '+1 555 0113', $1, 'Atlantis', open.date, open.time from ${OPEN_SLOT} as open`,
        [email],
      );
      // A country outside the list (an enum).
      expect(bad).toMatchObject({ ok: false, code: '22P02' });
    }
    expect(await forms[0]!.submit(email)).toMatchObject({ ok: true });
  });

  it('cannot be read or reset by visitors', async () => {
    const read = await attemptAs(db, anon, 'select * from private.form_submissions');
    const reset = await attemptAs(db, anon, 'delete from private.form_submissions');
    expect(read).toMatchObject({ ok: false, code: '42501' });
    expect(reset).toMatchObject({ ok: false, code: '42501' });
  });
});
