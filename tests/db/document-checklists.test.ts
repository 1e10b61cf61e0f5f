// Documents item by item (supabase/migrations/20261122000900_documents.sql and 0910, 0920): which items
// an application has provided, staff's verdicts on files (accepted, or needs replacing with the
// reason the applicant reads and is emailed), requests for missing documents (stored with the
// items they name, emailed to the applicant, marking the application as waiting on its applicant),
// and the upload that provides a request's last item settling it under the application's lock so
// staff are told exactly once. For every table and RPC, what each role may do and may not: the
// applicant, another user, an anonymous visitor, an admin and the service key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providesItem } from '../../src/lib/documents/checklist.ts';
import { DOCUMENTS_BUCKET } from '../../src/lib/documents/rules.ts';
import type { Sql } from '../../supabase/local/db/open.ts';
import { ON_REMOTE } from '../support/remote-target.ts';
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
let applicant: Actor;
let other: Actor;
let admin: Actor;
let applicantId: string;
let adminId: string;
/** The account's verified address, which the applicant's emails go to. */
let accountEmail: string;
/** The address typed in the form: never emailed while the account exists. */
const APPLICANT_EMAIL = 'chidi@example.com';

const INSERT = `insert into storage.objects (bucket_id, name, owner_id) values ($1, $2, $3)`;
const ITEMS = `select application_id, item, files, needs_replacing, provided from public.application_document_items($1) order by application_id, item nulls first`;
const REVIEW = `select public.review_document($1, $2, $3, $4)`;
const REQUEST = `select public.request_documents($1, $2::jsonb, $3) as id`;

const PASSPORT = { key: 'passport', label: 'Passport bio page' };
const STATEMENTS = { key: 'bank-statements', label: 'Bank statements, last 6 months' };
const PHOTO = { key: 'photo', label: 'Passport photograph' };

async function newApplication(userId: string, status = 'submitted'): Promise<string> {
  const { rows } = await db.query<{ id: string }>(`${INSERT_APPLICATION_FOR} returning id`, [...application({ email: APPLICANT_EMAIL }), userId]);
  const id = rows[0]!.id;
  if (status !== 'submitted') await db.query(`update public.visa_applications set status = $2 where id = $1`, [id, status]);
  return id;
}

/** Uploads a file for `item` as the applicant (policy and trigger), returning the object's id. */
async function upload(applicationId: string, item: string, file: string, userId = applicantId): Promise<string> {
  await runAs(db, applicant, INSERT, [DOCUMENTS_BUCKET, `${userId}/${applicationId}/${item}/${file}`, userId]);
  const { rows } = await db.query<{ id: string }>(`select id from storage.objects where name = $1`, [`${userId}/${applicationId}/${item}/${file}`]);
  return rows[0]!.id;
}

/** The notifications of `kind` about an application, oldest first. */
async function notifications(applicationId: string, kind: string) {
  const { rows } = await db.query<{ recipient: string | null; payload: Record<string, unknown> }>(
    `select recipient, payload from public.notifications where subject_table = 'visa_applications' and subject_id = $1 and kind = $2 order by created_at, id`,
    [applicationId, kind],
  );
  return rows;
}

async function requestState(applicationId: string) {
  const { rows } = await db.query<{ open: number; fulfilled: number; awaiting: boolean }>(
    `select (select count(*)::int from public.document_requests where application_id = a.id and fulfilled_at is null) as open,
            (select count(*)::int from public.document_requests where application_id = a.id and fulfilled_at is not null) as fulfilled,
            a.awaiting_documents as awaiting
     from public.visa_applications a where a.id = $1`,
    [applicationId],
  );
  return rows[0];
}

beforeAll(async () => {
  db = await openTestDb();
  const a = await createUser(db, uniqueEmail('applicant'));
  const b = await createUser(db, uniqueEmail('other'));
  applicantId = a.id;
  accountEmail = a.email;
  applicant = signedIn('the applicant', a);
  other = signedIn('another user', b);
  ({ id: adminId, actor: admin } = await createAdmin(db, uniqueEmail('admin')));
});

afterAll(async () => {
  await db?.close();
});

describe('which items an application has provided (public.application_document_items)', () => {
  let id: string;
  let flagged: string;
  beforeAll(async () => {
    id = await newApplication(applicantId);
    await upload(id, 'passport', 'passport.pdf');
    await upload(id, 'bank-statements', 'january.pdf');
    await upload(id, 'bank-statements', 'february.pdf');
    flagged = await upload(id, 'photo', 'dark.jpg');
    // A file stored before items had keys, directly in the application's folder.
    await db.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`);
      await tx.query(INSERT, [DOCUMENTS_BUCKET, `${applicantId}/${id}/old-scan.pdf`, applicantId]);
    });
    await runAs(db, admin, REVIEW, [flagged, 'needs_replacing', 'The photo is too dark.', PHOTO.label]);
  });

  const expected = () => [
    { application_id: id, item: null, files: 1, needs_replacing: 0, provided: true },
    { application_id: id, item: 'bank-statements', files: 2, needs_replacing: 0, provided: true },
    { application_id: id, item: 'passport', files: 1, needs_replacing: 0, provided: true },
    // Its only file needs replacing: the item counts as missing again.
    { application_id: id, item: 'photo', files: 1, needs_replacing: 1, provided: false },
  ];

  it('gives the applicant and an admin each item with its files, and whether it is provided', async () => {
    expect((await runAs(db, applicant, ITEMS, [[id]])).rows).toEqual(expected());
    expect((await runAs(db, admin, ITEMS, [[id]])).rows).toEqual(expected());
    expect((await runAs(db, service, ITEMS, [[id]])).rows).toEqual(expected());
  });

  it('counts an item provided again once a file beside the one to replace arrives', async () => {
    const id2 = await newApplication(applicantId);
    const dark = await upload(id2, 'photo', 'dark.jpg');
    await runAs(db, admin, REVIEW, [dark, 'needs_replacing', 'Too dark.', PHOTO.label]);
    await upload(id2, 'photo', 'bright.jpg');
    expect((await runAs(db, applicant, ITEMS, [[id2]])).rows).toEqual([{ application_id: id2, item: 'photo', files: 2, needs_replacing: 1, provided: true }]);
  });

  it("says of each item what the browser's rule says of its files (src/lib/documents/checklist.ts)", async () => {
    const { rows: files } = await runAs<{ item: string | null; verdict: 'accepted' | 'needs_replacing' | null }>(
      db,
      applicant,
      `select item, verdict from public.application_documents($1)`,
      [id],
    );
    const byItem = Map.groupBy(files, (file) => file.item);
    const browser = [...byItem].map(([item, own]) => ({ item, provided: providesItem(own.map((file) => ({ verdict: file.verdict ?? undefined }))) }));
    const { rows: database } = await runAs<{ item: string | null; provided: boolean }>(db, applicant, `select item, provided from public.application_document_items($1)`, [[id]]);
    const sort = (list: { item: string | null }[]) => [...list].sort((a, b) => String(a.item).localeCompare(String(b.item)));
    expect(sort(browser)).toEqual(sort(database));
    expect(database.some((row) => !row.provided)).toBe(true);
  });

  it('gives another user nothing of it, and refuses an anonymous visitor', async () => {
    expect((await runAs(db, other, ITEMS, [[id]])).rows).toEqual([]);
    expect(await attemptAs(db, anon, ITEMS, [[id]])).toMatchObject({ ok: false, code: DENIED });
  });
});

describe("staff's verdicts (public.review_document, public.document_reviews)", () => {
  let id: string;
  let passport: string;
  beforeAll(async () => {
    id = await newApplication(applicantId);
    passport = await upload(id, 'passport', 'passport.pdf');
  });

  it('lets an admin accept a file, and mark it as needing replacement with a reason the applicant reads', async () => {
    await runAs(db, admin, REVIEW, [passport, 'accepted', null, null]);
    const LIST = `select item, verdict, reason from public.application_documents($1)`;
    expect((await runAs(db, applicant, LIST, [id])).rows).toEqual([{ item: 'passport', verdict: 'accepted', reason: null }]);
    await runAs(db, admin, REVIEW, [passport, 'needs_replacing', 'The scan is cut off at the bottom.', PASSPORT.label]);
    expect((await runAs(db, applicant, LIST, [id])).rows).toEqual([{ item: 'passport', verdict: 'needs_replacing', reason: 'The scan is cut off at the bottom.' }]);
    // Staff are the consultancy to the applicant: the reviewer's id is no column they may read.
    expect(await attemptAs(db, applicant, `select reviewed_by from public.document_reviews where object_id = $1`, [passport])).toMatchObject({ ok: false, code: DENIED });
    expect(await attemptAs(db, admin, `select reviewed_by from public.document_reviews where object_id = $1`, [passport])).toMatchObject({ ok: false, code: DENIED });
    expect((await runAs(db, applicant, `select verdict from public.document_reviews where object_id = $1`, [passport])).rows).toEqual([{ verdict: 'needs_replacing' }]);
  });

  it('emails the applicant once a marking (at the account’s address, not the form’s), naming the item, the file and the reason', async () => {
    const fresh = await newApplication(applicantId);
    const file = await upload(fresh, 'photo', 'photo.jpg');
    await runAs(db, admin, REVIEW, [file, 'needs_replacing', 'The photo is too dark.', PHOTO.label]);
    // The same verdict and reason again (a double click) sends nothing more; a new reason does.
    await runAs(db, admin, REVIEW, [file, 'needs_replacing', 'The photo is too dark.', PHOTO.label]);
    expect(await notifications(fresh, 'applicant_document_needs_replacing')).toEqual([
      {
        recipient: accountEmail,
        payload: { item_key: 'photo', item_label: PHOTO.label, file_name: 'photo.jpg', reason: 'The photo is too dark.' },
      },
    ]);
    await runAs(db, admin, REVIEW, [file, 'needs_replacing', 'The background is not white.', PHOTO.label]);
    await runAs(db, admin, REVIEW, [file, 'accepted', null, null]);
    expect((await notifications(fresh, 'applicant_document_needs_replacing')).map((row) => row.payload['reason'])).toEqual([
      'The photo is too dark.',
      'The background is not white.',
    ]);
  });

  it.each([
    ['a verdict that is neither (an enum)', ['maybe', null, null], '22P02'],
    ['needs replacing without a reason', ['needs_replacing', null, PASSPORT.label], '22023'],
    ['needs replacing with a blank reason', ['needs_replacing', '  ', PASSPORT.label], '22023'],
    ['a reason of 301 characters', ['needs_replacing', 'x'.repeat(301), PASSPORT.label], '22023'],
    ['needs replacing without the item’s name', ['needs_replacing', 'Too dark.', null], '22023'],
  ])('refuses %s with a 4xx code', async (_case, [verdict, reason, label], code) => {
    expect(await attemptAs(db, admin, REVIEW, [passport, verdict, reason, label])).toMatchObject({ ok: false, code });
  });

  it('refuses a file that is gone (RF006) and a file of a decided application (RF004)', async () => {
    expect(await attemptAs(db, admin, REVIEW, [crypto.randomUUID(), 'accepted', null, null])).toMatchObject({ ok: false, code: 'RF006' });
    const decided = await newApplication(applicantId);
    const file = await upload(decided, 'passport', 'passport.pdf');
    await db.query(`update public.visa_applications set status = 'approved' where id = $1`, [decided]);
    expect(await attemptAs(db, admin, REVIEW, [file, 'accepted', null, null])).toMatchObject({ ok: false, code: 'RF004' });
  });

  it('is for admins only: the applicant, another user, an anonymous visitor and the service key are refused', async () => {
    for (const actor of [applicant, other, anon, service]) {
      expect(await attemptAs(db, actor, REVIEW, [passport, 'accepted', null, null]), actor.label).toMatchObject({ ok: false, code: DENIED });
    }
  });

  it('shows the verdicts to the applicant and admins only, and lets no API role write them', async () => {
    const READ = `select object_id from public.document_reviews where object_id = $1`;
    expect((await runAs(db, applicant, READ, [passport])).rows).toHaveLength(1);
    expect((await runAs(db, admin, READ, [passport])).rows).toHaveLength(1);
    expect((await runAs(db, other, READ, [passport])).rows).toEqual([]);
    expect(await attemptAs(db, anon, READ, [passport])).toMatchObject({ ok: false, code: DENIED });
    for (const actor of [applicant, other, admin]) {
      for (const sql of [
        `insert into public.document_reviews (object_id, application_id, verdict) values (gen_random_uuid(), '${id}', 'accepted')`,
        `update public.document_reviews set verdict = 'accepted', reason = null`,
        `delete from public.document_reviews`,
      ]) {
        expect(await attemptAs(db, actor, sql), `${actor.label}: ${sql}`).toMatchObject({ ok: false, code: DENIED });
      }
    }
  });
});

describe('every verdict, for the timelines (public.document_verdicts)', () => {
  it('records each verdict given (not the same one again), with the file, item, when and by whom; the applicant and admins read it, no API role writes it', async () => {
    const id = await newApplication(applicantId);
    const file = await upload(id, 'photo', 'image.jpg');
    await runAs(db, admin, REVIEW, [file, 'needs_replacing', 'The photo is too dark.', PHOTO.label]);
    await runAs(db, admin, REVIEW, [file, 'needs_replacing', 'The photo is too dark.', PHOTO.label]);
    await runAs(db, admin, REVIEW, [file, 'accepted', null, null]);
    const READ = `select verdict, reason, file_name, item_key from public.document_verdicts where application_id = $1 order by reviewed_at`;
    const expected = [
      { verdict: 'needs_replacing', reason: 'The photo is too dark.', file_name: 'image.jpg', item_key: 'photo' },
      { verdict: 'accepted', reason: null, file_name: 'image.jpg', item_key: 'photo' },
    ];
    expect((await runAs(db, applicant, READ, [id])).rows).toEqual(expected);
    expect((await runAs(db, admin, READ, [id])).rows).toEqual(expected);
    // By whom: admins only, through the RPC; the applicant can neither select the column nor call it.
    const WHO = `select reviewed_by from public.document_verdict_reviewers($1)`;
    expect((await runAs(db, admin, WHO, [id])).rows).toEqual([{ reviewed_by: adminId }, { reviewed_by: adminId }]);
    expect(await attemptAs(db, applicant, WHO, [id])).toMatchObject({ ok: false, code: '42501' });
    expect(await attemptAs(db, applicant, `select reviewed_by from public.document_verdicts where application_id = $1`, [id])).toMatchObject({ ok: false, code: DENIED });
    expect((await runAs(db, other, READ, [id])).rows).toEqual([]);
    expect(await attemptAs(db, anon, READ, [id])).toMatchObject({ ok: false, code: DENIED });
    for (const actor of [applicant, other, admin]) {
      for (const sql of [
        `insert into public.document_verdicts (application_id, object_id, verdict, file_name, reviewed_at) values ('${id}', gen_random_uuid(), 'accepted', 'x.pdf', now())`,
        `update public.document_verdicts set verdict = 'accepted'`,
        `delete from public.document_verdicts`,
      ]) {
        expect(await attemptAs(db, actor, sql), `${actor.label}: ${sql}`).toMatchObject({ ok: false, code: DENIED });
      }
    }
  });
});

describe('requests for missing documents (public.request_documents, public.document_requests)', () => {
  it('stores the items it names and the line, marks the application waiting, and emails the applicant once, at the account’s address', async () => {
    const id = await newApplication(applicantId, 'in_review');
    const { rows } = await runAs<{ id: string }>(db, admin, REQUEST, [id, JSON.stringify([PASSPORT, STATEMENTS]), 'Please send them this week.']);
    const requestId = rows[0]!.id;
    expect(
      (await runAs(db, applicant, `select id, items, note, requested_by, fulfilled_at from public.document_requests where application_id = $1`, [id])).rows,
    ).toEqual([{ id: requestId, items: [PASSPORT, STATEMENTS], note: 'Please send them this week.', requested_by: adminId, fulfilled_at: null }]);
    expect(await requestState(id)).toEqual({ open: 1, fulfilled: 0, awaiting: true });
    expect(await notifications(id, 'applicant_documents_requested')).toEqual([
      { recipient: accountEmail, payload: { request_id: requestId, items: [PASSPORT, STATEMENTS], note: 'Please send them this week.' } },
    ]);
  });

  it('refuses an item already provided (RF005) and a decided application (RF004), storing nothing', async () => {
    const id = await newApplication(applicantId);
    await upload(id, 'passport', 'passport.pdf');
    expect(await attemptAs(db, admin, REQUEST, [id, JSON.stringify([STATEMENTS, PASSPORT]), null])).toMatchObject({ ok: false, code: 'RF005' });
    const decided = await newApplication(applicantId, 'rejected');
    expect(await attemptAs(db, admin, REQUEST, [decided, JSON.stringify([PASSPORT]), null])).toMatchObject({ ok: false, code: 'RF004' });
    expect(await attemptAs(db, admin, REQUEST, [crypto.randomUUID(), JSON.stringify([PASSPORT]), null])).toMatchObject({ ok: false, code: 'RF004' });
    expect(await requestState(id)).toEqual({ open: 0, fulfilled: 0, awaiting: false });
  });

  it.each([
    ['no items', []],
    ['an object instead of a list', PASSPORT],
    ['a key twice', [PASSPORT, PASSPORT]],
    ['a key that is not a slug', [{ key: '../passport', label: 'Passport' }]],
    ['a label of 81 characters', [{ key: 'passport', label: 'x'.repeat(81) }]],
    ['an untrimmed label', [{ key: 'passport', label: ' Passport' }]],
    ['an item with a third field', [{ ...PASSPORT, extra: 1 }]],
    ['a label that is a number', [{ key: 'passport', label: 7 }]],
    ['13 items', Array.from({ length: 13 }, (_, n) => ({ key: `item-${n}`, label: `Item ${n}` }))],
  ])('refuses %s as invalid (22023), never a server error', async (_case, items) => {
    const id = await newApplication(applicantId);
    expect(await attemptAs(db, admin, REQUEST, [id, JSON.stringify(items), null])).toMatchObject({ ok: false, code: '22023' });
  });

  it.each([
    ['blank', '   '],
    ['of 501 characters', 'x'.repeat(501)],
  ])('refuses a line that is %s', async (_case, note) => {
    const id = await newApplication(applicantId);
    expect(await attemptAs(db, admin, REQUEST, [id, JSON.stringify([PASSPORT]), note])).toMatchObject({ ok: false, code: '22023' });
  });

  it('is for admins only: the applicant, another user, an anonymous visitor and the service key are refused', async () => {
    const id = await newApplication(applicantId);
    for (const actor of [applicant, other, anon, service]) {
      expect(await attemptAs(db, actor, REQUEST, [id, JSON.stringify([PASSPORT]), null]), actor.label).toMatchObject({ ok: false, code: DENIED });
    }
  });

  it('shows a request to its applicant and admins only, and lets no API role write requests or the waiting flag', async () => {
    const id = await newApplication(applicantId);
    await runAs(db, admin, REQUEST, [id, JSON.stringify([PASSPORT]), null]);
    const READ = `select application_id from public.document_requests where application_id = $1`;
    expect((await runAs(db, applicant, READ, [id])).rows).toHaveLength(1);
    expect((await runAs(db, admin, READ, [id])).rows).toHaveLength(1);
    expect((await runAs(db, service, READ, [id])).rows).toHaveLength(1);
    expect((await runAs(db, other, READ, [id])).rows).toEqual([]);
    expect(await attemptAs(db, anon, READ, [id])).toMatchObject({ ok: false, code: DENIED });
    for (const actor of [applicant, other, admin]) {
      for (const sql of [
        `insert into public.document_requests (application_id, items) values ('${id}', '[{"key":"passport","label":"Passport"}]')`,
        `update public.document_requests set fulfilled_at = now()`,
        `delete from public.document_requests`,
        `update public.visa_applications set awaiting_documents = false where id = '${id}'`,
      ]) {
        expect(await attemptAs(db, actor, sql), `${actor.label}: ${sql}`).toMatchObject({ ok: false, code: DENIED });
      }
    }
  });
});

describe('the upload that provides the last item asked for settles the request (the trigger)', () => {
  it('tells staff once, when the last item arrives, and the application no longer waits', async () => {
    const id = await newApplication(applicantId);
    const { rows } = await runAs<{ id: string }>(db, admin, REQUEST, [id, JSON.stringify([PASSPORT, STATEMENTS]), null]);
    await upload(id, 'passport', 'passport.pdf');
    // One of two: still open; a file that fits no item changes nothing.
    await upload(id, 'other', 'letter.pdf');
    expect(await requestState(id)).toEqual({ open: 1, fulfilled: 0, awaiting: true });
    expect(await notifications(id, 'staff_documents_provided')).toEqual([]);

    await upload(id, 'bank-statements', 'january.pdf');
    await upload(id, 'bank-statements', 'february.pdf');
    expect(await requestState(id)).toEqual({ open: 0, fulfilled: 1, awaiting: false });
    expect(await notifications(id, 'staff_documents_provided')).toEqual([{ recipient: null, payload: { request_id: rows[0]!.id, items: [PASSPORT, STATEMENTS] } }]);
  });

  it('does not count a file staff marked as needing replacement, and settles when its replacement arrives', async () => {
    const id = await newApplication(applicantId);
    const dark = await upload(id, 'photo', 'dark.jpg');
    await runAs(db, admin, REVIEW, [dark, 'needs_replacing', 'Too dark.', PHOTO.label]);
    await runAs(db, admin, REQUEST, [id, JSON.stringify([PHOTO]), null]);
    await upload(id, 'photo', 'bright.jpg');
    expect(await requestState(id)).toEqual({ open: 0, fulfilled: 1, awaiting: false });
    expect(await notifications(id, 'staff_documents_provided')).toHaveLength(1);
  });

  it('closes a request when staff accept again the file it was waiting on, without emailing staff about their own verdict', async () => {
    const id = await newApplication(applicantId);
    const dark = await upload(id, 'photo', 'dark.jpg');
    await runAs(db, admin, REVIEW, [dark, 'needs_replacing', 'Too dark.', PHOTO.label]);
    await runAs(db, admin, REQUEST, [id, JSON.stringify([PHOTO]), null]);
    expect(await requestState(id)).toEqual({ open: 1, fulfilled: 0, awaiting: true });
    // On a second look the photo will do.
    await runAs(db, admin, REVIEW, [dark, 'accepted', null, null]);
    expect(await requestState(id)).toEqual({ open: 0, fulfilled: 1, awaiting: false });
    expect(await notifications(id, 'staff_documents_provided')).toEqual([]);
  });

  it('settles only the requests whose items are all there, each once', async () => {
    const id = await newApplication(applicantId);
    await runAs(db, admin, REQUEST, [id, JSON.stringify([PASSPORT]), null]);
    await runAs(db, admin, REQUEST, [id, JSON.stringify([STATEMENTS, PHOTO]), null]);
    await upload(id, 'passport', 'passport.pdf');
    expect(await requestState(id)).toEqual({ open: 1, fulfilled: 1, awaiting: true });
    await upload(id, 'passport', 'passport-page-2.pdf');
    expect(await notifications(id, 'staff_documents_provided')).toHaveLength(1);
  });

  it('a refused upload settles nothing', async () => {
    const id = await newApplication(applicantId);
    await runAs(db, admin, REQUEST, [id, JSON.stringify([PASSPORT]), null]);
    expect(await attemptAs(db, other, INSERT, [DOCUMENTS_BUCKET, `${applicantId}/${id}/passport/passport.pdf`, applicantId])).toMatchObject({ ok: false, code: DENIED });
    expect(await requestState(id)).toEqual({ open: 1, fulfilled: 0, awaiting: true });
  });

  // Two uploads of the last item at once: the application's lock makes them take turns, so the
  // second sees the request settled and staff get one email. As the server (hosted Storage's own
  // write, only the trigger runs) and as the caller (the policy's trial and the trigger).
  it.each([
    ['as the caller (the policy and the trigger)', (work: (tx: Sql) => Promise<void>) => transactionAs(db, applicant, work)],
    ['as the server (the trigger)', (work: (tx: Sql) => Promise<void>) => db.transaction(work)],
  ])('two uploads finishing a request at once tell staff once, %s', async (_label, transaction) => {
    const id = await newApplication(applicantId);
    await runAs(db, admin, REQUEST, [id, JSON.stringify([PASSPORT]), null]);
    const send = (name: string, whileHeld?: () => Promise<void>) =>
      transaction(async (tx) => {
        await tx.query(INSERT, [DOCUMENTS_BUCKET, `${applicantId}/${id}/passport/${name}`, applicantId]);
        await whileHeld?.();
      });
    if (process.env['DATABASE_URL'] && !ON_REMOTE) {
      let second: Promise<void> | undefined;
      await send('first.pdf', async () => {
        let settled = false;
        second = send('second.pdf').finally(() => (settled = true));
        await waitForLockWaiter(() => settled);
      });
      await second;
    } else {
      // PGlite runs one transaction at a time: the second starts once the first has committed.
      await Promise.all([send('first.pdf'), send('second.pdf')]);
    }
    expect(await notifications(id, 'staff_documents_provided')).toHaveLength(1);
    expect(await requestState(id)).toEqual({ open: 0, fulfilled: 1, awaiting: false });
  });
});

/** Resolves once another session of this database waits for a lock (the racing upload), or once done(). */
async function waitForLockWaiter(done: () => boolean): Promise<void> {
  while (!done()) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    );
    if (rows[0]!.n > 0) return;
    await db.query('select pg_sleep(0.01)');
  }
}
