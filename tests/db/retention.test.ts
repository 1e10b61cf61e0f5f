// The daily retention sweep (private.apply_retention, 20261129000200_retention.sql), each rule on
// a moved clock: the sweep is asked what it does a day (and a second) before a period ends, then
// on the moment it ends. Exactly what the rule names goes; nothing a day early; an undecided
// application never loses a file; a removal is on the case for staff and on the card for its
// applicant. The rules' table itself: tests/db/retention-rules.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INSERT_APPLICATION_FOR,
  OPEN_SLOT,
  anon,
  application,
  attemptAs,
  createAdmin,
  createAdviser,
  createUser,
  openTestDb,
  runAs,
  signedIn,
  uniqueEmail,
  type Actor,
  type TestDb,
} from './support.ts';

const BUCKET = 'application-documents';

let db: TestDb;
let admin: Actor;
let adviser: Actor;
let applicant: Actor;
let applicantId: string;
let stranger: Actor;

beforeAll(async () => {
  db = await openTestDb();
  ({ actor: admin } = await createAdmin(db));
  ({ actor: adviser } = await createAdviser(db));
  const created = await createUser(db, 'applicant@example.com');
  applicantId = created.id;
  applicant = signedIn('applicant', created);
  stranger = signedIn('another user', await createUser(db, 'stranger@example.com'));
});
afterAll(async () => {
  await db?.close();
});

/** Runs the sweep as Cron would at the instant `at`; answers what each rule did. */
async function sweepAt(at: string): Promise<Record<string, number>> {
  const { rows } = await db.query<{ done: Record<string, number> }>('select private.apply_retention($1::timestamptz) as done', [at]);
  return rows[0]!.done;
}

/** The instant `interval` after `from` (both as Postgres reads them). */
async function after(from: string, interval: string): Promise<string> {
  const { rows } = await db.query<{ at: string }>(`select ($1::timestamptz + $2::interval)::text as at`, [from, interval]);
  return rows[0]!.at;
}

/** A new application of the applicant with `files` documents uploaded by them, left at `status` by staff. */
async function applicationWith(files: string[], status: 'submitted' | 'in_review' | 'approved' | 'rejected'): Promise<string> {
  const { rows } = await db.query<{ id: string }>(`${INSERT_APPLICATION_FOR} returning id`, [...application(), applicantId]);
  const id = rows[0]!.id;
  for (const file of files) {
    await runAs(db, applicant, `insert into storage.objects (bucket_id, name, owner_id) values ($1, $2, $3)`, [BUCKET, `${applicantId}/${id}/passport/${file}`, applicantId]);
  }
  if (status === 'approved' || status === 'rejected') await runAs(db, admin, `update public.visa_applications set status = 'in_review' where id = $1`, [id]);
  if (status !== 'submitted') await runAs(db, admin, `update public.visa_applications set status = $2 where id = $1`, [id, status]);
  return id;
}

/** When the application's current decision was made, as text. */
async function decidedAt(id: string): Promise<string> {
  const { rows } = await db.query<{ at: string }>(`select decided_at::text as at from private.application_decisions where application_id = $1`, [id]);
  return rows[0]!.at;
}

/** The object names queued for removal for the application. */
async function queued(id: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(`select object_name as name from private.document_removals where application_id = $1 order by 1`, [id]);
  return rows.map((row) => row.name);
}

const REMOVALS = `select files, period::text from public.document_retention_removals where application_id = $1`;

/** The activity record's rows of the retention sweep about an application, or about an account. */
const RECORDED = `select kind, actor, actor_role, subject_user_id, detail from public.activity_record
                  where kind = 'retention_applied' and (application_id = $1 or subject_user_id = $1) order by id`;

describe("a decided application's documents", () => {
  it('are queued for removal through the job queue 180 days after the decision, not a day or a second before', async () => {
    const approved = await applicationWith(['passport.pdf', 'photo.jpg'], 'approved');
    const rejected = await applicationWith(['statement.pdf'], 'rejected');
    const decided = await decidedAt(approved);

    await sweepAt(await after(decided, '179 days'));
    await sweepAt(await after(decided, '180 days - 1 second'));
    expect(await queued(approved)).toEqual([]);
    expect((await db.query(REMOVALS, [approved])).rows).toEqual([]);

    await sweepAt(await after(decided, '180 days'));
    expect(await queued(approved)).toEqual([`${applicantId}/${approved}/passport/passport.pdf`, `${applicantId}/${approved}/passport/photo.jpg`]);
    // Rejected a moment later: its 180 days end a moment later too.
    expect(await queued(rejected)).toEqual([]);
    await sweepAt(await after(await decidedAt(rejected), '180 days'));
    expect(await queued(rejected)).toEqual([`${applicantId}/${rejected}/passport/statement.pdf`]);
    expect((await db.query(REMOVALS, [approved])).rows).toEqual([{ files: 2, period: '180 days' }]);
    // The application and its history stay: only the files go.
    expect((await db.query(`select status from public.visa_applications where id = $1`, [approved])).rows).toEqual([{ status: 'approved' }]);

    // Once per decision: the next day's sweep finds it done.
    await sweepAt(await after(decided, '181 days'));
    expect((await db.query(REMOVALS, [approved])).rows).toHaveLength(1);
  });

  it('never include a file of an undecided application, however old, nor of a reopened one', async () => {
    const submitted = await applicationWith(['passport.pdf'], 'submitted');
    const inReview = await applicationWith(['passport.pdf'], 'in_review');
    // Decided, then reopened: it has no decision now.
    const reopened = await applicationWith(['passport.pdf'], 'approved');
    await runAs(db, admin, `update public.visa_applications set status = 'in_review' where id = $1`, [reopened]);
    const { rows } = await db.query<{ now: string }>('select now()::text as now');
    await sweepAt(await after(rows[0]!.now, '20 years'));
    for (const id of [submitted, inReview, reopened]) {
      expect(await queued(id)).toEqual([]);
      expect((await db.query(REMOVALS, [id])).rows).toEqual([]);
    }
    expect((await db.query(`select count(*)::int as n from private.document_removals where object_name like $1`, [`%/${inReview}/%`])).rows).toEqual([{ n: 0 }]);
  });

  it('are withdrawn from the queue when the application is reopened before they are removed', async () => {
    const id = await applicationWith(['passport.pdf'], 'approved');
    await sweepAt(await after(await decidedAt(id), '180 days'));
    expect(await queued(id)).toHaveLength(1);
    await runAs(db, admin, `update public.visa_applications set status = 'in_review' where id = $1`, [id]);
    expect(await queued(id)).toEqual([]);
  });

  it('count again from a new decision after a reopening', async () => {
    const id = await applicationWith(['passport.pdf'], 'approved');
    await runAs(db, admin, `update public.visa_applications set status = 'in_review' where id = $1`, [id]);
    await db.query(`update public.application_status_changes set changed_at = changed_at - interval '200 days' where application_id = $1`, [id]);
    await runAs(db, admin, `update public.visa_applications set status = 'rejected' where id = $1`, [id]);
    const decided = await decidedAt(id);
    await sweepAt(await after(decided, '179 days'));
    expect(await queued(id)).toEqual([]);
    await sweepAt(await after(decided, '180 days'));
    expect(await queued(id)).toHaveLength(1);
  });

  it('follow the rule as an admin changed it', async () => {
    const id = await applicationWith(['passport.pdf'], 'approved');
    await runAs(db, admin, `update public.retention_rules set period = '30 days' where kind = 'documents'`);
    try {
      const decided = await decidedAt(id);
      await sweepAt(await after(decided, '29 days'));
      expect(await queued(id)).toEqual([]);
      await sweepAt(await after(decided, '30 days'));
      expect(await queued(id)).toHaveLength(1);
    } finally {
      await db.query(`update public.retention_rules set period = '180 days' where kind = 'documents'`);
    }
  });

  it("are removed on the case's timeline for staff and on the card for the applicant, and for nobody else", async () => {
    const id = await applicationWith(['passport.pdf'], 'approved');
    const decided = await decidedAt(id);
    const DATES = `select removes_at = $2::timestamptz + interval '180 days' as on_time, removed_at::text from public.document_retention($1)`;

    // Before: the date the decision's email and the card announce, nothing removed yet.
    expect((await runAs(db, applicant, DATES, [[id], decided])).rows).toEqual([{ on_time: true, removed_at: null }]);
    const { rows: email } = await db.query<{ on_time: boolean }>(
      `select (payload ->> 'documents_removal_at')::timestamptz = $2::timestamptz + interval '180 days' as on_time
       from public.notifications where kind = 'applicant_status_changed' and subject_id = $1 and payload ->> 'to_status' = 'approved'`,
      [id, decided],
    );
    expect(email).toEqual([{ on_time: true }]);

    const at = await after(decided, '180 days');
    await sweepAt(at);
    const { rows: when } = await db.query<{ at: string }>(`select $1::timestamptz::text as at`, [at]);
    expect((await runAs(db, applicant, DATES, [[id], decided])).rows).toEqual([{ on_time: true, removed_at: when[0]!.at }]);
    expect((await runAs(db, admin, DATES, [[id], decided])).rows).toEqual([{ on_time: true, removed_at: when[0]!.at }]);
    expect((await runAs(db, admin, REMOVALS, [id])).rows).toEqual([{ files: 1, period: '180 days' }]);
    expect((await runAs(db, adviser, REMOVALS, [id])).rows).toEqual([{ files: 1, period: '180 days' }]);
    expect((await runAs(db, adviser, DATES, [[id], decided])).rows).toEqual([{ on_time: true, removed_at: when[0]!.at }]);
    // In the activity record, by the system (no actor), which admins read.
    expect((await runAs(db, admin, RECORDED, [id])).rows).toEqual([
      { kind: 'retention_applied', actor: null, actor_role: 'postgres', subject_user_id: applicantId, detail: { rule: 'documents', files: 1, period: '180 days' } },
    ]);
    expect((await runAs(db, applicant, REMOVALS, [id])).rows).toEqual([{ files: 1, period: '180 days' }]);
    expect((await runAs(db, stranger, REMOVALS, [id])).rows).toEqual([]);
    expect((await runAs(db, stranger, DATES, [[id], decided])).rows).toEqual([]);
    expect(await attemptAs(db, anon, REMOVALS, [id])).toMatchObject({ ok: false, code: '42501' });
    expect(await attemptAs(db, anon, `select * from public.document_retention($1)`, [[id]])).toMatchObject({ ok: false, code: '42501' });
  });

  it('a decision to in review is no decision: its email carries no removal date', async () => {
    const id = await applicationWith([], 'in_review');
    const { rows } = await db.query(`select payload ? 'documents_removal_at' as dated from public.notifications where kind = 'applicant_status_changed' and subject_id = $1`, [id]);
    expect(rows).toEqual([{ dated: false }]);
  });
});

describe('accounts never verified', () => {
  /** An account as signup leaves it: its address not verified (unless `verified`), or an anonymous sign-in. */
  async function account(kind: 'unverified' | 'verified' | 'anonymous'): Promise<{ id: string; created: string }> {
    const { rows } = await db.query<{ id: string; created: string }>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, is_anonymous,
                               raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
                               confirmation_token, recovery_token, email_change_token_new, email_change)
       values ('00000000-0000-0000-0000-000000000000', extensions.gen_random_uuid(), 'authenticated', 'authenticated',
               $1, '', case when $2 = 'verified' then now() end, $2 = 'anonymous', '{}', '{"full_name":"Ada"}', now(), now(), '', '', '', '')
       returning id, created_at::text as created`,
      [kind === 'anonymous' ? null : uniqueEmail(kind), kind],
    );
    return rows[0]!;
  }
  const exists = async (id: string) =>
    (await db.query<{ user: boolean; profile: boolean }>(`select exists (select 1 from auth.users where id = $1) as user, exists (select 1 from public.profiles where id = $1) as profile`, [id])).rows[0];

  it('are deleted with their profile 30 days after signing up, not a day before; verified and anonymous ones stay', async () => {
    const unverified = await account('unverified');
    const verified = await account('verified');
    const anonymous = await account('anonymous');
    await sweepAt(await after(unverified.created, '29 days'));
    expect(await exists(unverified.id)).toEqual({ user: true, profile: true });
    await sweepAt(await after(unverified.created, '30 days'));
    expect(await exists(unverified.id)).toEqual({ user: false, profile: false });
    expect((await db.query(RECORDED, [unverified.id])).rows).toEqual([
      { kind: 'retention_applied', actor: null, actor_role: 'postgres', subject_user_id: unverified.id, detail: { rule: 'unverified_accounts' } },
    ]);
    expect((await exists(verified.id))!.user).toBe(true);
    expect((await exists(anonymous.id))!.user).toBe(true);
  });
});

describe('newsletter sign-ups never confirmed', () => {
  it('are deleted 7 days after confirmation was asked for, not a day before; confirmed ones stay', async () => {
    const [pending, confirmed] = [uniqueEmail('pending'), uniqueEmail('confirmed')];
    for (const email of [pending, confirmed]) await runAs(db, anon, 'select public.subscribe_newsletter($1)', [email]);
    await db.query(`update public.newsletter_subscribers set confirmed_at = now() where lower(email) = lower($1)`, [confirmed]);
    const { rows } = await db.query<{ asked: string }>(`select confirmation_requested_at::text as asked from public.newsletter_subscribers where lower(email) = lower($1)`, [pending]);
    const still = async () =>
      (await db.query<{ email: string }>(`select email from public.newsletter_subscribers where lower(email) = any ($1) order by email`, [[pending, confirmed].map((e) => e.toLowerCase())])).rows.map((r) => r.email);

    await sweepAt(await after(rows[0]!.asked, '6 days'));
    expect(await still()).toEqual([confirmed, pending].sort());
    await sweepAt(await after(rows[0]!.asked, '7 days'));
    expect(await still()).toEqual([confirmed]);
  });
});

describe('bookings and contact messages', () => {
  it("a booking loses its name, phone, address, client network, notes and emails 2 years after its time, not a day before; its facts stay", async () => {
    const email = uniqueEmail('booker');
    await runAs(db, anon, `insert into public.bookings (full_name, phone, email, country, date, time) select 'Ada Obi', '+234 802 000 0001', $1, 'Canada', open.date, open.time from ${OPEN_SLOT} as open`, [email]);
    const { rows } = await db.query<{ id: string; starts: string; date: string; time: string }>(
      `select id, private.booking_starts_at(date, time)::text as starts, date::text, time::text from public.bookings where email = $1`,
      [email],
    );
    const booking = rows[0]!;
    await db.query(`insert into private.booking_clients (booking_id, address, network) values ($1, '203.0.113.7', '203.0.113.7')`, [booking.id]);
    const BOOKING = `select full_name, phone, email::text, country, date::text, time::text, status, personal_data_removed_at is not null as stripped from public.bookings where id = $1`;
    const traces = async () =>
      (await db.query<{ clients: number; emails: number }>(
        `select (select count(*)::int from private.booking_clients where booking_id = $1) as clients,
                (select count(*)::int from public.notifications where subject_table = 'bookings' and subject_id = $1) as emails`,
        [booking.id],
      )).rows[0];
    expect((await traces())!.emails).toBeGreaterThan(0);

    await sweepAt(await after(booking.starts, '2 years - 1 day'));
    expect((await db.query(BOOKING, [booking.id])).rows).toEqual([
      { full_name: 'Ada Obi', phone: '+234 802 000 0001', email, country: 'Canada', date: booking.date, time: booking.time, status: 'requested', stripped: false },
    ]);
    expect((await traces())!.clients).toBe(1);

    await sweepAt(await after(booking.starts, '2 years'));
    expect((await db.query(BOOKING, [booking.id])).rows).toEqual([
      { full_name: 'Removed', phone: 'Removed', email: 'removed@removed.invalid', country: 'Canada', date: booking.date, time: booking.time, status: 'requested', stripped: true },
    ]);
    expect(await traces()).toEqual({ clients: 0, emails: 0 });
    // Recorded as a count: the record cannot name what it no longer keeps.
    const { rows: counted } = await db.query(`select detail from public.activity_record where kind = 'retention_applied' and detail ->> 'rule' = 'bookings' order by id desc limit 1`);
    expect(counted).toEqual([{ detail: { rule: 'bookings', rows: 1 } }]);
  });

  it('a contact message loses its name, address, phone, subject, text and emails 2 years after it came in, not a day before', async () => {
    const email = uniqueEmail('writer');
    await runAs(db, anon, `insert into public.contact_messages (name, email, subject, phone, message, page) values ('Ada Obi', $1, 'My visa', '+234 802 000 0001', 'About my case', '/contact1')`, [email]);
    const { rows } = await db.query<{ id: string; created: string }>(`select id, created_at::text as created from public.contact_messages where email = $1`, [email]);
    const message = rows[0]!;
    const MESSAGE = `select name, email::text, subject, phone, message, page, (select count(*)::int from public.notifications n where n.subject_id = m.id) as emails
                     from public.contact_messages m where id = $1`;

    await sweepAt(await after(message.created, '2 years - 1 day'));
    expect((await db.query(MESSAGE, [message.id])).rows).toEqual([
      { name: 'Ada Obi', email, subject: 'My visa', phone: '+234 802 000 0001', message: 'About my case', page: '/contact1', emails: 1 },
    ]);
    await sweepAt(await after(message.created, '2 years'));
    expect((await db.query(MESSAGE, [message.id])).rows).toEqual([
      { name: 'Removed', email: 'removed@removed.invalid', subject: 'Removed', phone: 'Removed', message: 'Removed', page: '/contact1', emails: 0 },
    ]);
  });
});

describe('applications of a deleted account', () => {
  it('are deleted 6 years after their decision, not a day before; an account’s own application stays', async () => {
    const owner = await createUser(db, uniqueEmail('leaving'));
    const { rows } = await db.query<{ id: string }>(`${INSERT_APPLICATION_FOR} returning id`, [...application(), owner.id]);
    const orphan = rows[0]!.id;
    await runAs(db, admin, `update public.visa_applications set status = 'approved' where id = $1`, [orphan]);
    const kept = await applicationWith([], 'approved');
    await db.query(`delete from auth.users where id = $1`, [owner.id]);
    const decided = await decidedAt(orphan);
    const present = async () => (await db.query<{ id: string }>(`select id from public.visa_applications where id = any ($1) order by id`, [[orphan, kept]])).rows.map((r) => r.id);

    await sweepAt(await after(decided, '6 years - 1 day'));
    expect(await present()).toEqual([orphan, kept].sort());
    await sweepAt(await after(decided, '6 years'));
    expect(await present()).toEqual([kept]);
    expect((await db.query(RECORDED, [orphan])).rows).toMatchObject([{ kind: 'retention_applied', actor: null, detail: { rule: 'applications_after_account_deletion' } }]);
  });
});
