// The booking CAPTCHA's setting (public.booking_rules.captcha_required, read by
// private.judge_booking_slot): off by default, so the form's plain insert with the anon key books;
// on, a new booking from the bare anon key is refused with RF013, and one from a session (the
// form's anonymous sign-in, which is where hosted Auth checks the challenge, or a signed-in user)
// is accepted. An anonymous sign-in gets no profile and can submit no visa application.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anon,
  application,
  attemptAs,
  createUser,
  DENIED,
  INSERT_APPLICATION,
  INSERT_APPLICATION_FOR,
  OPEN_SLOT,
  openTestDb,
  signedIn,
  uniqueEmail,
  type Actor,
  type TestDb,
} from './support.ts';

let db: TestDb;
let anonymousSession: Actor;
let user: Actor;

beforeAll(async () => {
  db = await openTestDb();
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, is_anonymous, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', extensions.gen_random_uuid(), 'authenticated', 'authenticated', true,
             '{"provider":"anonymous","providers":["anonymous"]}', '{}', now(), now())
     returning id`,
  );
  const id = rows[0]!.id;
  anonymousSession = {
    label: 'anonymous sign-in',
    role: 'authenticated',
    claims: { sub: id, role: 'authenticated', aud: 'authenticated', aal: 'aal1', is_anonymous: true },
  };
  user = signedIn('signed-in user', await createUser(db, uniqueEmail('member')));
});

afterAll(async () => {
  await db?.close();
});

/** Books the first open slot as `actor` (rolled back); the outcome says whether it was stored. */
const book = (actor: Actor) =>
  attemptAs(
    db,
    actor,
    `insert into public.bookings (full_name, phone, email, country, date, time)
     select 'Ada Obi', '+234 801 234 5678', $1, 'UK', open.date, open.time from ${OPEN_SLOT} as open`,
    [uniqueEmail('captcha')],
  );

describe('with the setting off (the default)', () => {
  it('is false on a fresh database', async () => {
    const { rows } = await db.query<{ captcha_required: boolean }>('select captcha_required from public.booking_rules');
    expect(rows).toEqual([{ captcha_required: false }]);
  });

  it('accepts a booking from the bare anon key, as the form makes it without a CAPTCHA', async () => {
    expect(await book(anon)).toMatchObject({ ok: true, affectedRows: 1 });
  });
});

describe('with the setting on', () => {
  beforeAll(() => db.exec('update public.booking_rules set captcha_required = true'));
  afterAll(() => db.exec('update public.booking_rules set captcha_required = false'));

  it('refuses a booking from the bare anon key with RF013', async () => {
    expect(await book(anon)).toMatchObject({ ok: false, code: 'RF013' });
  });

  it.each([
    ['an anonymous sign-in', () => anonymousSession],
    ['a signed-in user', () => user],
  ])('accepts a booking from %s', async (_label, actor) => {
    expect(await book(actor())).toMatchObject({ ok: true, affectedRows: 1 });
  });
});

it('gives an anonymous sign-in no profile (it is no account)', async () => {
  const { rows } = await db.query('select 1 from public.profiles where id = $1', [anonymousSession.claims.sub]);
  expect(rows).toHaveLength(0);
});

it('lets an anonymous sign-in submit no visa application (so it owns none to upload documents to)', async () => {
  expect(await attemptAs(db, anonymousSession, INSERT_APPLICATION_FOR, [...application(), anonymousSession.claims.sub])).toMatchObject({
    ok: false,
    code: DENIED,
  });
  expect(await attemptAs(db, user, INSERT_APPLICATION, application())).toMatchObject({ ok: true, affectedRows: 1 });
});
