// The admin's overview at a glance (20261122001000_admin_overview.sql): the applications
// waiting on their applicant (an open request for missing documents, while the application is
// open), and the leads of the last 12 weeks, counted by the week they arrived in Lagos (Monday to
// Sunday, whatever the server's or the session's time zone). Admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultancyToday } from '../../common/domain.ts';
import {
  DENIED,
  INSERT_APPLICATION_FOR,
  anon,
  application,
  attemptAs,
  createAdmin,
  createUser,
  openTestDb,
  runAs,
  service,
  signedIn,
  transactionAs,
  uniqueEmail,
  type Actor,
  type TestDb,
} from './support.ts';

let db: TestDb;
let admin: Actor;
let user: Actor;
let userId: string;

beforeAll(async () => {
  db = await openTestDb();
  admin = (await createAdmin(db, uniqueEmail('admin'))).actor;
  const created = await createUser(db, uniqueEmail('applicant'));
  userId = created.id;
  user = signedIn('a user', created);
});

afterAll(async () => {
  await db?.close();
});

/** The Monday (YYYY-MM-DD) of the Lagos week `weeksAgo` weeks before this one. */
function mondayOf(weeksAgo: number): string {
  const today = new Date(`${consultancyToday()}T12:00:00Z`);
  const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * 86_400_000 - weeksAgo * 7 * 86_400_000);
  return monday.toISOString().slice(0, 10);
}

/** The instant at `time` (HH:MM) on `date` in Lagos (UTC+1 all year), plus `days` days. */
const lagos = (date: string, time: string, days = 0) => new Date(Date.parse(`${date}T${time}:00+01:00`) + days * 86_400_000).toISOString();

async function newApplication(status = 'submitted', submittedAt?: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(`${INSERT_APPLICATION_FOR} returning id`, [...application(), userId]);
  const id = rows[0]!.id;
  if (status !== 'submitted') await db.query(`update public.visa_applications set status = $2 where id = $1`, [id, status]);
  if (submittedAt) await db.query(`update public.visa_applications set submitted_at = $2 where id = $1`, [id, submittedAt]);
  return id;
}

async function newBooking(createdAt: string): Promise<void> {
  await db.query(
    `insert into public.bookings (full_name, phone, email, country, date, time, created_at)
     values ('Visitor', '+1 555 0100', $1, 'UK', (now() at time zone 'Africa/Lagos')::date + 7, '11:00', $2)`,
    [uniqueEmail(), createdAt],
  );
}

async function newMessage(createdAt: string): Promise<void> {
  await db.query(
    `insert into public.contact_messages (name, email, subject, phone, message, page, created_at)
     values ('Visitor', $1, 'Study visa', '+1 555 0100', 'Can you help?', '/contact', $2)`,
    [uniqueEmail(), createdAt],
  );
}

describe('waiting on the applicant (admin_overview)', () => {
  it('counts the open applications with a request not yet fulfilled, and no other', async () => {
    const waiting = async () => (await runAs<{ o: { waiting_on_applicant: number } }>(db, admin, 'select public.admin_overview() as o')).rows[0]!.o.waiting_on_applicant;
    const before = await waiting();
    const REQUEST = `select public.request_documents($1, '[{"key":"passport","label":"Passport bio page"}]'::jsonb, null)`;
    const asked = await newApplication('in_review');
    await runAs(db, admin, REQUEST, [asked]);
    // Asked, then decided: no longer waited on.
    const decided = await newApplication();
    await runAs(db, admin, REQUEST, [decided]);
    await db.query(`update public.visa_applications set status = 'approved' where id = $1`, [decided]);
    // Asked, then provided: settled by the upload.
    const provided = await newApplication();
    await runAs(db, admin, REQUEST, [provided]);
    await runAs(db, user, `insert into storage.objects (bucket_id, name, owner_id) values ('application-documents', $1, $2)`, [`${userId}/${provided}/passport/passport.pdf`, userId]);
    await newApplication();
    expect(await waiting()).toBe(before + 1);
  });
});

describe('the leads of the last 12 weeks (admin_leads_by_week)', () => {
  const LEADS = `select week_start::text as week, bookings, messages, applications from public.admin_leads_by_week()`;

  beforeAll(async () => {
    // This week: one of each, the booking at Monday 00:30 in Lagos (still Sunday in UTC).
    await newBooking(lagos(mondayOf(0), '00:30'));
    await newMessage(lagos(mondayOf(0), '09:00'));
    await newApplication('submitted', lagos(mondayOf(0), '10:00'));
    // Last week's Sunday late in Lagos: last week.
    await newBooking(lagos(mondayOf(0), '23:30', -1));
    await newMessage(lagos(mondayOf(0), '23:59', -1));
    // Eleven weeks ago (the first week shown), and twelve (before it: not shown).
    await newApplication('approved', lagos(mondayOf(11), '00:00'));
    await newBooking(lagos(mondayOf(11), '23:59', -1));
  });

  it('gives 12 weeks, oldest first, each from its Monday in Lagos, with zeros where nothing came', async () => {
    const { rows } = await runAs<{ week: string; bookings: number; messages: number; applications: number }>(db, admin, LEADS);
    expect(rows.map((row) => row.week)).toEqual(Array.from({ length: 12 }, (_, index) => mondayOf(11 - index)));
    const byWeek = Object.fromEntries(rows.map(({ week, ...counts }) => [week, counts]));
    // The rows of the waiting test above came this week too (applications only).
    expect(byWeek[mondayOf(0)]).toMatchObject({ bookings: 1, messages: 1 });
    expect(byWeek[mondayOf(0)]!.applications).toBeGreaterThanOrEqual(1);
    expect(byWeek[mondayOf(1)]).toEqual({ bookings: 1, messages: 1, applications: 0 });
    expect(byWeek[mondayOf(11)]).toEqual({ bookings: 0, messages: 0, applications: 1 });
    for (let weeksAgo = 2; weeksAgo < 11; weeksAgo++) expect(byWeek[mondayOf(weeksAgo)], `${weeksAgo} weeks ago`).toEqual({ bookings: 0, messages: 0, applications: 0 });
  });

  it("counts the same whatever the session's time zone", async () => {
    const [utc, farEast, farWest] = await transactionAs(db, admin, async (tx) => {
      const read = async (zone: string) => {
        await tx.query(`select set_config('TimeZone', $1, true)`, [zone]);
        return (await tx.query(LEADS)).rows;
      };
      return [await read('UTC'), await read('Pacific/Kiritimati'), await read('Pacific/Pago_Pago')];
    });
    expect(farEast).toEqual(utc);
    expect(farWest).toEqual(utc);
  });

  it('is for admins only: a user, an anonymous visitor and the service key are refused', async () => {
    for (const actor of [user, anon, service]) {
      expect(await attemptAs(db, actor, LEADS), actor.label).toMatchObject({ ok: false, code: DENIED });
    }
  });
});
