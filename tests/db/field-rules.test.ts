// The field rules shared by several columns (the domain public.email_address and the enum
// public.marital_status): every column that holds an email address or a marital status follows
// the same rule, a refusal names it (23514 for the address's checks, 22P02 for a value outside the
// enum), and the signup trigger stores NULL where the rule refuses a value instead of failing the signup.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPEN_SLOT,
  INSERT_APPLICATION,
  anon,
  application,
  attemptAs,
  createUser,
  openTestDb,
  signedIn,
  uniqueEmail,
  type Actor,
  type TestDb,
} from './support.ts';
import { NOT_ONE_MAILBOX } from '../support/email-addresses.ts';

let db: TestDb;
let member: Actor;
let memberId: string;

beforeAll(async () => {
  db = await openTestDb();
  const user = await createUser(db, 'rules-member@example.com');
  memberId = user.id;
  member = signedIn('member', user);
});

afterAll(async () => {
  await db?.close();
});

/** An address of exactly `length` characters, its name made of `letter`. */
const addressOf = (length: number, letter = 'a') => `${letter.repeat(length - '@example.com'.length)}@example.com`;

const EMAIL_COLUMNS: [string, (email: string) => Promise<unknown>][] = [
  [
    'bookings',
    (email) =>
      attemptAs(
        db,
        anon,
        `insert into public.bookings (full_name, phone, email, country, date, time)
         select 'Amara Eze', '+234 809 000 0000', $1, 'Nigeria', open.date, open.time from ${OPEN_SLOT} as open`,
        [email],
      ),
  ],
  [
    'contact_messages',
    (email) =>
      attemptAs(
        db,
        anon,
        `insert into public.contact_messages (name, email, subject, phone, message, page)
         values ('Kwame Mensah', $1, 'Visa', '+233 24 000 0000', 'Hello.', '/contact')`,
        [email],
      ),
  ],
  ['newsletter_subscribers', (email) => attemptAs(db, anon, 'select public.subscribe_newsletter($1)', [email])],
  ['visa_applications', (email) => attemptAs(db, member, INSERT_APPLICATION, application({ email }))],
];

describe.each(EMAIL_COLUMNS)('the email address of %s', (_table, submit) => {
  it('may be 254 characters long, not 255 (RFC 5321)', async () => {
    expect(await submit(addressOf(254))).toMatchObject({ ok: true });
    expect(await submit(addressOf(255))).toMatchObject({
      ok: false,
      code: '23514',
      message: expect.stringContaining('violates check constraint "email_address_max_length"'),
    });
  });

  it('must be one mailbox: never a list, a display name or a quoted comma', async () => {
    for (const email of NOT_ONE_MAILBOX) {
      expect(await submit(email), email).toMatchObject({
        ok: false,
        code: '23514',
        message: expect.stringContaining('violates check constraint "email_address_format"'),
      });
    }
  });
});

describe('the marital status', () => {
  it('of an application is one of the list (an enum), refused as a 22P02 naming the type', async () => {
    expect(await attemptAs(db, member, INSERT_APPLICATION, application({ marital_status: 'Widowed' }))).toMatchObject({ ok: true });
    expect(await attemptAs(db, member, INSERT_APPLICATION, application({ marital_status: 'single' }))).toMatchObject({
      ok: false,
      code: '22P02',
      message: expect.stringContaining('invalid input value for enum marital_status: "single"'),
    });
  });

  it('of a profile follows the same rule when its owner edits it', async () => {
    const edit = 'update public.profiles set marital_status = $1 where id = $2';
    expect(await attemptAs(db, member, edit, ['Divorced', memberId])).toMatchObject({ ok: true, affectedRows: 1 });
    expect(await attemptAs(db, member, edit, ['Separated', memberId])).toMatchObject({ ok: false, code: '22P02' });
  });
});

describe('the signup trigger', () => {
  const profileOf = async (id: string) =>
    (await db.query('select email, marital_status from public.profiles where id = $1', [id])).rows[0];

  it('keeps an account address the rule accepts, trimmed', async () => {
    const address = addressOf(254);
    const user = await createUser(db, address, { marital_status: ' Married ' });
    expect(await profileOf(user.id)).toEqual({ email: address, marital_status: 'Married' });
  });

  it('leaves the profile email blank, and accepts the signup, for an address the rule refuses', async () => {
    const user = await createUser(db, addressOf(255, 'b'));
    expect(await profileOf(user.id)).toMatchObject({ email: null });
    await db.query('update auth.users set email = $1 where id = $2', [addressOf(254, 'b'), user.id]);
    expect(await profileOf(user.id)).toMatchObject({ email: addressOf(254, 'b') });
    await db.query('update auth.users set email = $1 where id = $2', ['no-dot@localhost', user.id]);
    expect(await profileOf(user.id)).toMatchObject({ email: null });
  });
});

describe('the email rule, as a domain, is checked before the BEFORE triggers', () => {
  it('so a bot row with a filled honeypot and a malformed email is refused as a person’s would be', async () => {
    const bot = await attemptAs(
      db,
      anon,
      `insert into public.bookings (full_name, phone, email, country, date, time, website)
       values ('Bot', '+1 555 0100', $1, 'USA', current_date + 3, '11:00', 'https://spam.example')`,
      ['not-an-email'],
    );
    expect(bot).toMatchObject({ ok: false, code: '23514' });
    // A well-formed bot row is still dropped silently (tests/db/form-spam-and-retries.test.ts).
    expect(
      await attemptAs(
        db,
        anon,
        `insert into public.bookings (full_name, phone, email, country, date, time, website)
         values ('Bot', '+1 555 0100', $1, 'USA', current_date + 3, '11:00', 'https://spam.example')`,
        [uniqueEmail('bot')],
      ),
    ).toMatchObject({ ok: true, affectedRows: 0 });
  });
});
