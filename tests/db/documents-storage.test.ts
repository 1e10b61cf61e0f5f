// The policies on storage.objects for the application-documents bucket
// (supabase/migrations/20261122000900_documents.sql, documents item by item), as the Storage API runs them: every statement as the
// caller's role with its JWT claims. Each actor (the applicant, another applicant, an admin, an
// anonymous visitor) tries each action (insert, select, delete, update); then the caps of an
// item and of an application (also two uploads racing for the last slot), the trigger that checks
// every written document again (hosted Storage writes the real row as its superuser, unchecked by
// the policies), files stored before items had keys, the document counts, the list of one
// application's documents and the removal queue a deleted application fills.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENTS_BUCKET, MAX_DOCUMENTS_PER_APPLICATION, MAX_DOCUMENTS_PER_ITEM, MAX_ITEM_KEY_LENGTH } from '../../src/lib/document-rules.ts';
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
import type { Sql } from '../../supabase/local/db/open.ts';

/**
 * Item folders that are not checklist-like slugs: climbing, hidden, empty, capitals, spaces,
 * encoded, a control character (Postgres text holds no NUL: the Storage API refuses that key
 * before SQL, tests/api/documents-attacks.test.ts), and one character too long.
 */
const HOSTILE_KEYS = ['..', '.', '', '.passport', 'Passport', 'bank statements', 'bank--statements', 'bank-', '-bank', '2-photos', 'pass%2fport', 'pass\u0001port', 'pass\u00e9port', 'a'.repeat(MAX_ITEM_KEY_LENGTH + 1)];

let db: TestDb;
let applicant: Actor;
let other: Actor;
let admin: Actor;
let applicantId: string;
let otherId: string;
/** The applicant's submitted application, their approved one, and the other applicant's. */
const apps = { open: '', decided: '', others: '' };

const INSERT = `insert into storage.objects (bucket_id, name, owner_id) values ($1, $2, $3)`;
const SELECT = `select name from storage.objects where bucket_id = $1 order by name`;

async function newApplication(userId: string, status = 'submitted'): Promise<string> {
  const { rows } = await db.query<{ id: string }>(`${INSERT_APPLICATION_FOR} returning id`, [...application(), userId]);
  const id = rows[0]!.id;
  if (status !== 'submitted') await db.query(`update public.visa_applications set status = $2 where id = $1`, [id, status]);
  return id;
}

/** Stores an object as the database owner, owned by its folder's applicant (as if uploaded earlier). */
async function seed(name: string): Promise<void> {
  await db.query(INSERT, [DOCUMENTS_BUCKET, name, name.split('/')[0]]);
}

/**
 * Stores an object as it was stored before items had keys (`{user}/{application}/{file}`, which
 * the trigger now refuses): written with triggers off, as the file already in the bucket is.
 */
async function seedLegacy(name: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`set local session_replication_role = replica`);
    await tx.query(INSERT, [DOCUMENTS_BUCKET, name, name.split('/')[0]]);
  });
}

const ROLLBACK = Symbol('rollback');

/** How many objects the Storage API's delete of name, as actor, removes (then rolled back). */
async function deleted(actor: Actor, name: string): Promise<number> {
  let count = -1;
  await transactionAs(db, actor, async (tx) => {
    // storage.protect_delete lets only the Storage API delete; it sets this for its own delete.
    await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
    count = (await tx.query(`delete from storage.objects where bucket_id = $1 and name = $2`, [DOCUMENTS_BUCKET, name])).affectedRows;
    throw ROLLBACK;
  }).catch((error: unknown) => {
    if (error !== ROLLBACK) throw error;
  });
  return count;
}

/** The folder of one item of an application (the passport's, unless said). */
const folder = (userId: string, applicationId: string, item = 'passport') => `${userId}/${applicationId}/${item}`;
/** The folder of an application itself, where files were stored before items had keys. */
const applicationFolder = (userId: string, applicationId: string) => `${userId}/${applicationId}`;

beforeAll(async () => {
  db = await openTestDb();
  const a = await createUser(db, uniqueEmail('applicant'));
  const b = await createUser(db, uniqueEmail('other'));
  applicantId = a.id;
  otherId = b.id;
  applicant = signedIn('the applicant', a);
  other = signedIn('another applicant', b);
  admin = (await createAdmin(db, uniqueEmail('admin'))).actor;
  apps.open = await newApplication(a.id);
  apps.decided = await newApplication(a.id);
  apps.others = await newApplication(b.id);
  await seed(`${folder(a.id, apps.open)}/passport.pdf`);
  // Sent while it was open, then decided.
  await seed(`${folder(a.id, apps.decided)}/photo.jpg`);
  await db.query(`update public.visa_applications set status = 'approved' where id = $1`, [apps.decided]);
  await seed(`${folder(b.id, apps.others)}/statement.pdf`);
});

afterAll(async () => {
  await db?.close();
});

describe('insert (upload)', () => {
  it("lets the applicant add a document to their own open application", async () => {
    for (const status of ['submitted', 'in_review']) {
      const id = await newApplication(applicantId, status);
      const outcome = await attemptAs(db, applicant, INSERT, [DOCUMENTS_BUCKET, `${folder(applicantId, id)}/bank statement (1).pdf`, applicantId]);
      expect(outcome, status).toMatchObject({ ok: true, affectedRows: 1 });
    }
  });

  it.each(['approved', 'rejected'])('refuses a document for their %s application', async (status) => {
    const id = status === 'approved' ? apps.decided : await newApplication(applicantId, status);
    expect(await attemptAs(db, applicant, INSERT, [DOCUMENTS_BUCKET, `${folder(applicantId, id)}/late.pdf`, applicantId])).toMatchObject({
      ok: false,
      code: DENIED,
    });
  });

  it("refuses another applicant's folder, and the applicant's own folder with another's application", async () => {
    for (const name of [`${folder(otherId, apps.others)}/mine.pdf`, `${folder(applicantId, apps.others)}/mine.pdf`]) {
      expect(await attemptAs(db, applicant, INSERT, [DOCUMENTS_BUCKET, name, applicantId]), name).toMatchObject({ ok: false, code: DENIED });
    }
  });

  it('refuses every other shape of name without an error of its own (a hostile name is simply refused)', () =>
    Promise.all(
      [
        'passport.pdf',
        `${applicantId}/passport.pdf`,
        `${applicantId}/not-a-uuid/passport/passport.pdf`,
        `${applicantId}/${apps.open.toUpperCase()}/passport/passport.pdf`,
        // The shape before items had keys: read and removed still, never added to.
        `${applicationFolder(applicantId, apps.open)}/passport.pdf`,
        `${folder(applicantId, apps.open)}/sub/passport.pdf`,
        `${folder(applicantId, apps.open)}/../passport.pdf`,
        `${folder(applicantId, apps.open)}/.hidden.pdf`,
        `${folder(applicantId, apps.open)}/`,
        `${folder(applicantId, apps.open)}/${'a'.repeat(1000)}.pdf`,
        `${folder(applicantId, apps.open)}/<script>.pdf`,
        `/${folder(applicantId, apps.open)}/passport.pdf`,
        `${'x'.repeat(1000)}`,
        '',
        ...HOSTILE_KEYS.map((key) => `${applicationFolder(applicantId, apps.open)}/${key}/passport.pdf`),
      ].map(async (name) => {
        expect(await attemptAs(db, applicant, INSERT, [DOCUMENTS_BUCKET, name, applicantId]), name).toMatchObject({ ok: false, code: DENIED });
      }),
    ));

  it('takes any item key that is a slug, the key for other documents too (the checklists live in the content)', async () => {
    for (const key of ['passport', 'bank-statements', 'other', 'a', 'k1-form-2', 'a'.repeat(MAX_ITEM_KEY_LENGTH)]) {
      const outcome = await attemptAs(db, applicant, INSERT, [DOCUMENTS_BUCKET, `${applicationFolder(applicantId, apps.open)}/${key}/scan.pdf`, applicantId]);
      expect(outcome, key).toMatchObject({ ok: true, affectedRows: 1 });
    }
  });

  it('refuses an admin and an anonymous visitor', async () => {
    const name = `${folder(applicantId, apps.open)}/by-someone-else.pdf`;
    expect(await attemptAs(db, admin, INSERT, [DOCUMENTS_BUCKET, name, null])).toMatchObject({ ok: false, code: DENIED });
    expect(await attemptAs(db, anon, INSERT, [DOCUMENTS_BUCKET, name, null])).toMatchObject({ ok: false, code: DENIED });
  });
});

describe('select (download, list, signed URL)', () => {
  const names = () => ({
    open: `${folder(applicantId, apps.open)}/passport.pdf`,
    decided: `${folder(applicantId, apps.decided)}/photo.jpg`,
    others: `${folder(otherId, apps.others)}/statement.pdf`,
  });

  it("shows the applicant their own documents, a decided application's too, and nobody else's", async () => {
    const { rows } = await runAs<{ name: string }>(db, applicant, SELECT, [DOCUMENTS_BUCKET]);
    expect(rows.map((row) => row.name)).toEqual([names().open, names().decided].sort());
  });

  it('shows the other applicant only theirs', async () => {
    const { rows } = await runAs<{ name: string }>(db, other, SELECT, [DOCUMENTS_BUCKET]);
    expect(rows.map((row) => row.name)).toEqual([names().others]);
  });

  // Staff read a document only just after opening it, which the activity record holds
  // (tests/db/activity-record.test.ts): an admin who opened none sees none through Storage.
  it('shows an admin only the documents they have just opened', async () => {
    expect((await runAs<{ name: string }>(db, admin, SELECT, [DOCUMENTS_BUCKET])).rows).toEqual([]);
    const opened = names().others;
    await runAs(db, admin, `select public.open_document($1)`, [opened]);
    const { rows } = await runAs<{ name: string }>(db, admin, SELECT, [DOCUMENTS_BUCKET]);
    expect(rows.map((row) => row.name)).toEqual([opened]);
  });

  it('shows an anonymous visitor nothing, not even the bucket', async () => {
    expect((await runAs(db, anon, SELECT, [DOCUMENTS_BUCKET])).rows).toEqual([]);
    expect((await runAs(db, anon, `select id from storage.buckets`)).rows).toEqual([]);
  });
});

describe('delete (remove)', () => {
  it("lets the applicant remove a document of their own open application, and nothing else", async () => {
    expect(await deleted(applicant, `${folder(applicantId, apps.open)}/passport.pdf`)).toBe(1);
    expect(await deleted(applicant, `${folder(applicantId, apps.decided)}/photo.jpg`)).toBe(0);
    expect(await deleted(applicant, `${folder(otherId, apps.others)}/statement.pdf`)).toBe(0);
  });

  it('lets no admin, other applicant or anonymous visitor remove a document', async () => {
    for (const actor of [admin, other, anon]) {
      expect(await deleted(actor, `${folder(applicantId, apps.open)}/passport.pdf`), actor.label).toBe(0);
    }
  });

  it('refuses a delete outside the Storage API, even the applicant\'s own', async () => {
    const outcome = await attemptAs(db, applicant, `delete from storage.objects where bucket_id = $1`, [DOCUMENTS_BUCKET]);
    expect(outcome).toMatchObject({ ok: false, code: DENIED });
  });
});

describe('update (upsert, move)', () => {
  it('changes nothing for anyone: a document is replaced by removing it and uploading again', async () => {
    for (const actor of [applicant, other, admin, anon]) {
      const outcome = await attemptAs(db, actor, `update storage.objects set name = name || '.moved', metadata = '{}' where bucket_id = $1`, [DOCUMENTS_BUCKET]);
      expect(outcome, actor.label).toMatchObject({ ok: true, affectedRows: 0 });
    }
  });
});

describe(`at most ${MAX_DOCUMENTS_PER_ITEM} documents an item, ${MAX_DOCUMENTS_PER_APPLICATION} an application`, () => {
  it(`takes the ${MAX_DOCUMENTS_PER_ITEM}th file of an item and refuses the next; another item still takes one`, async () => {
    const id = await newApplication(applicantId);
    for (let n = 1; n < MAX_DOCUMENTS_PER_ITEM; n++) await seed(`${folder(applicantId, id, 'bank-statements')}/month-${n}.pdf`);
    await runAs(db, applicant, INSERT, [DOCUMENTS_BUCKET, `${folder(applicantId, id, 'bank-statements')}/last.pdf`, applicantId]);
    expect(await attemptAs(db, applicant, INSERT, [DOCUMENTS_BUCKET, `${folder(applicantId, id, 'bank-statements')}/one-more.pdf`, applicantId])).toMatchObject({
      ok: false,
      code: DENIED,
    });
    // An item whose key starts like the full one is another folder, counted apart.
    for (const item of ['passport', 'bank-statements-2']) {
      expect(await attemptAs(db, applicant, INSERT, [DOCUMENTS_BUCKET, `${folder(applicantId, id, item)}/one-more.pdf`, applicantId]), item).toMatchObject({ ok: true });
    }
  });

  it(`takes the ${MAX_DOCUMENTS_PER_APPLICATION}th file of an application over all its items (files stored before items had keys counted) and refuses the next`, async () => {
    const id = await newApplication(applicantId);
    await seedLegacy(`${applicationFolder(applicantId, id)}/old-scan.pdf`);
    for (let n = 1; n < MAX_DOCUMENTS_PER_APPLICATION - 1; n++) await seed(`${folder(applicantId, id, `item-${Math.ceil(n / MAX_DOCUMENTS_PER_ITEM)}`)}/page-${n}.pdf`);
    await runAs(db, applicant, INSERT, [DOCUMENTS_BUCKET, `${folder(applicantId, id, 'photo')}/last.pdf`, applicantId]);
    expect(await attemptAs(db, applicant, INSERT, [DOCUMENTS_BUCKET, `${folder(applicantId, id, 'other')}/one-more.pdf`, applicantId])).toMatchObject({
      ok: false,
      code: DENIED,
    });
  });

  // As the caller, the policy's lock decides; as the server (hosted Storage writes the real row
  // as its superuser, after a rolled-back trial as the caller that both uploads passed), no policy
  // runs and only the trigger's lock decides.
  it.each([
    ['as the caller (the policy)', (work: (tx: Sql) => Promise<void>) => transactionAs(db, applicant, work)],
    ['as the server (the trigger)', (work: (tx: Sql) => Promise<void>) => db.transaction(work)],
  ])("gives an item's last slot to one of two uploads racing for it, %s", async (_label, transaction) => {
    const id = await newApplication(applicantId);
    for (let n = 1; n < MAX_DOCUMENTS_PER_ITEM; n++) await seed(`${folder(applicantId, id)}/page-${n}.pdf`);
    const upload = (name: string, whileHeld?: () => Promise<void>) =>
      transaction(async (tx) => {
        await tx.query(INSERT, [DOCUMENTS_BUCKET, `${folder(applicantId, id)}/${name}`, applicantId]);
        await whileHeld?.();
      }).then(
        () => 'stored',
        (error: { code?: string }) => error.code,
      );

    let results: (string | undefined)[];
    if (process.env['DATABASE_URL'] && !ON_REMOTE) {
      // Two connections: the first upload holds its transaction open until the second is seen
      // waiting for the application's lock (or has finished: it did not wait), then commits;
      // the second must then count the full item.
      let second: Promise<string | undefined> | undefined;
      const first = upload('first.pdf', async () => {
        let settled = false;
        second = upload('second.pdf').finally(() => (settled = true));
        await waitForLockWaiter(() => settled);
      });
      results = [await first, await second];
    } else {
      // PGlite runs one transaction at a time: the second starts once the first has committed.
      results = await Promise.all([upload('first.pdf'), upload('second.pdf')]);
    }
    expect(results).toEqual(['stored', DENIED]);
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from storage.objects where name like $1`, [`${folder(applicantId, id)}/%`]);
    expect(rows[0]).toEqual({ n: MAX_DOCUMENTS_PER_ITEM });
  });
});

describe('files stored before items had keys ({user}/{application}/{file})', () => {
  it('are read by their applicant and an admin who opened them, removed by the applicant while open, and by nobody else', async () => {
    const id = await newApplication(applicantId);
    const name = `${applicationFolder(applicantId, id)}/old-passport.pdf`;
    await seedLegacy(name);
    expect((await runAs<{ name: string }>(db, applicant, `${SELECT.replace('order by', 'and name = $2 order by')}`, [DOCUMENTS_BUCKET, name])).rows).toEqual([{ name }]);
    await runAs(db, admin, `select public.open_document($1)`, [name]);
    expect((await runAs<{ name: string }>(db, admin, `${SELECT.replace('order by', 'and name = $2 order by')}`, [DOCUMENTS_BUCKET, name])).rows).toEqual([{ name }]);
    expect((await runAs(db, other, `${SELECT.replace('order by', 'and name = $2 order by')}`, [DOCUMENTS_BUCKET, name])).rows).toEqual([]);
    expect(await deleted(applicant, name)).toBe(1);
    for (const actor of [admin, other, anon]) expect(await deleted(actor, name), actor.label).toBe(0);
  });
});

describe('every written document is checked again, whoever writes it (the trigger)', () => {
  // What hosted Storage's superuser write, which no policy checks, meets: the database owner here.
  const write = (name: string, ownerId: string | null = name.split('/')[0] ?? null) =>
    db.query(INSERT, [DOCUMENTS_BUCKET, name, ownerId]).then(
      () => 'stored',
      (error: { code?: string }) => error.code,
    );

  it('stores a document of an open application in its applicant\'s folder, owned by them', async () => {
    expect(await write(`${folder(applicantId, await newApplication(applicantId))}/late but fine.pdf`)).toBe('stored');
  });

  it('refuses a document for a decided application (a signed upload URL made while it was open)', async () => {
    for (const status of ['approved', 'rejected']) {
      expect(await write(`${folder(applicantId, await newApplication(applicantId, status))}/late.pdf`), status).toBe(DENIED);
    }
  });

  it('refuses a document for a deleted application, so nothing is left after its removals were queued', async () => {
    const id = await newApplication(applicantId);
    await db.query(`delete from public.visa_applications where id = $1`, [id]);
    expect(await write(`${folder(applicantId, id)}/orphan.pdf`)).toBe(DENIED);
    expect((await db.query(`select name from storage.objects where name like $1`, [`${folder(applicantId, id)}/%`])).rows).toEqual([]);
  });

  it("refuses another applicant's application, another owner, and no owner", async () => {
    const name = `${folder(applicantId, apps.open)}/not-theirs.pdf`;
    expect(await write(`${folder(otherId, apps.open)}/not-theirs.pdf`)).toBe(DENIED);
    expect(await write(name, otherId)).toBe(DENIED);
    expect(await write(name, null)).toBe(DENIED);
  });

  it('refuses every other shape of name with its refusal, never another error', async () => {
    for (const name of [
      'passport.pdf',
      `${applicantId}/passport.pdf`,
      `${applicantId}/not-a-uuid/passport/passport.pdf`,
      `${applicationFolder(applicantId, apps.open)}/passport.pdf`,
      `${folder(applicantId, apps.open)}/sub/x.pdf`,
      'x'.repeat(1000),
      ...HOSTILE_KEYS.map((key) => `${applicationFolder(applicantId, apps.open)}/${key}/passport.pdf`),
    ]) {
      expect(await write(name, applicantId), name).toBe(DENIED);
    }
  });

  it('refuses the file past the limit of an item, and of an application', async () => {
    const id = await newApplication(applicantId);
    for (let n = 1; n <= MAX_DOCUMENTS_PER_ITEM; n++) expect(await write(`${folder(applicantId, id)}/page-${n}.pdf`)).toBe('stored');
    expect(await write(`${folder(applicantId, id)}/one-more.pdf`)).toBe(DENIED);
    for (let n = MAX_DOCUMENTS_PER_ITEM + 1; n <= MAX_DOCUMENTS_PER_APPLICATION; n++) {
      expect(await write(`${folder(applicantId, id, `item-${Math.ceil(n / MAX_DOCUMENTS_PER_ITEM)}`)}/page-${n}.pdf`)).toBe('stored');
    }
    expect(await write(`${folder(applicantId, id, 'other')}/one-more.pdf`)).toBe(DENIED);
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

describe('document counts', () => {
  const COUNTS = `select application_id, documents from public.application_document_counts($1) order by application_id`;
  const ids = () => [apps.open, apps.decided, apps.others];

  it("gives the applicant their own applications' counts only", async () => {
    const { rows } = await runAs(db, applicant, COUNTS, [ids()]);
    expect(rows).toEqual(
      [
        { application_id: apps.open, documents: 1 },
        { application_id: apps.decided, documents: 1 },
      ].sort((x, y) => x.application_id.localeCompare(y.application_id)),
    );
  });

  it('gives an admin every count, 0 for an application without documents', async () => {
    const empty = await newApplication(otherId);
    const { rows } = await runAs<{ application_id: string; documents: number }>(db, admin, COUNTS, [[...ids(), empty]]);
    expect(Object.fromEntries(rows.map((row) => [row.application_id, row.documents]))).toEqual({
      [apps.open]: 1,
      [apps.decided]: 1,
      [apps.others]: 1,
      [empty]: 0,
    });
  });

  it('is not for anonymous visitors', async () => {
    expect(await attemptAs(db, anon, COUNTS, [ids()])).toMatchObject({ ok: false, code: DENIED });
  });
});

describe("one application's documents (public.application_documents)", () => {
  const LIST = `select name, item, size::int as size, mime_type from public.application_documents($1)`;

  /** Stores an object with the metadata the Storage API writes (size and type). */
  async function stored(name: string, size: number, mimetype: string): Promise<void> {
    await db.query(`insert into storage.objects (bucket_id, name, owner_id, metadata) values ($1, $2, $3, $4::jsonb)`, [
      DOCUMENTS_BUCKET,
      name,
      name.split('/')[0],
      JSON.stringify({ size, mimetype }),
    ]);
  }

  it("lists, by name, the documents of an application whose applicant's account was deleted, to an admin", async () => {
    const gone = await createUser(db, uniqueEmail('gone-listed'));
    const id = await newApplication(gone.id);
    await stored(`${folder(gone.id, id, 'photo')}/visa photo.png`, 2048, 'image/png');
    await stored(`${folder(gone.id, id, 'bank-statements')}/bank-statement.pdf`, 4096, 'application/pdf');
    await db.query(`delete from auth.users where id = $1`, [gone.id]);
    expect((await db.query(`select user_id from public.visa_applications where id = $1`, [id])).rows).toEqual([{ user_id: null }]);
    expect((await runAs(db, admin, LIST, [id])).rows).toEqual([
      { name: `${folder(gone.id, id, 'bank-statements')}/bank-statement.pdf`, item: 'bank-statements', size: 4096, mime_type: 'application/pdf' },
      { name: `${folder(gone.id, id, 'photo')}/visa photo.png`, item: 'photo', size: 2048, mime_type: 'image/png' },
    ]);
  });

  it('lists a file stored before items had keys with no item (the profile shows it under Other documents)', async () => {
    const id = await newApplication(applicantId);
    await seedLegacy(`${applicationFolder(applicantId, id)}/old-scan.pdf`);
    await seed(`${folder(applicantId, id)}/passport.pdf`);
    expect((await runAs(db, applicant, `select name, item from public.application_documents($1)`, [id])).rows).toEqual([
      { name: `${applicationFolder(applicantId, id)}/old-scan.pdf`, item: null },
      { name: `${folder(applicantId, id)}/passport.pdf`, item: 'passport' },
    ]);
  });

  it('lists the applicant the documents of their own applications, a decided one too, and nobody else\'s', async () => {
    expect((await runAs<{ name: string }>(db, applicant, LIST, [apps.open])).rows.map((row) => row.name)).toEqual([
      `${folder(applicantId, apps.open)}/passport.pdf`,
    ]);
    expect((await runAs<{ name: string }>(db, applicant, LIST, [apps.decided])).rows.map((row) => row.name)).toEqual([
      `${folder(applicantId, apps.decided)}/photo.jpg`,
    ]);
    expect((await runAs(db, applicant, LIST, [apps.others])).rows).toEqual([]);
    expect((await runAs(db, other, LIST, [apps.open])).rows).toEqual([]);
  });

  it('is not for anonymous visitors', async () => {
    expect(await attemptAs(db, anon, LIST, [apps.open])).toMatchObject({ ok: false, code: DENIED });
  });

  it('lists nothing for an unknown or missing id, and refuses one that is not a uuid without a server error', async () => {
    expect((await runAs(db, admin, LIST, [crypto.randomUUID()])).rows).toEqual([]);
    expect((await runAs(db, admin, LIST, [null])).rows).toEqual([]);
    for (const hostile of ['not-a-uuid', `${apps.open}/../x`, "' or true --", '%']) {
      expect(await attemptAs(db, admin, LIST, [hostile]), hostile).toMatchObject({ ok: false, code: '22P02' });
    }
  });
});

describe('deleting an application queues the removal of its files', () => {
  const QUEUED = `select object_name from private.document_removals where application_id = $1 order by object_name`;

  async function withDocuments(userId: string, files: string[]): Promise<string> {
    const id = await newApplication(userId);
    for (const file of files) await seed(`${folder(userId, id)}/${file}`);
    return id;
  }

  it('in the same transaction: a delete rolled back queues nothing', async () => {
    const id = await withDocuments(applicantId, ['a.pdf', 'b.png']);
    const inside = await attemptAs(
      db,
      admin,
      `with gone as (delete from public.visa_applications where id = $1 returning id) select count(*)::int as n from gone`,
      [id],
    );
    expect(inside).toMatchObject({ ok: true, rows: [{ n: 1 }] });
    expect((await db.query(QUEUED, [id])).rows).toEqual([]);
    const during = await db
      .transaction(async (tx) => {
        await tx.query(`delete from public.visa_applications where id = $1`, [id]);
        const { rows } = await tx.query(QUEUED, [id]);
        throw rows;
      })
      .catch((rows: unknown) => rows);
    expect(during).toEqual([{ object_name: `${folder(applicantId, id)}/a.pdf` }, { object_name: `${folder(applicantId, id)}/b.png` }]);
    expect((await db.query(QUEUED, [id])).rows).toEqual([]);
  });

  it("queues exactly the application's objects when an admin deletes it", async () => {
    const id = await withDocuments(applicantId, ['a.pdf']);
    await runAs(db, admin, `delete from public.visa_applications where id = $1`, [id]);
    expect((await db.query(QUEUED, [id])).rows).toEqual([{ object_name: `${folder(applicantId, id)}/a.pdf` }]);
    expect((await db.query(`select count(*)::int as n from private.document_removals where object_name like $1`, [`${otherId}/%`])).rows).toEqual([{ n: 0 }]);
  });

  it("finds the objects of an application whose applicant's account is gone", async () => {
    const gone = await createUser(db, uniqueEmail('gone'));
    const id = await withDocuments(gone.id, ['x.pdf']);
    await db.query(`delete from auth.users where id = $1`, [gone.id]);
    await db.query(`delete from public.visa_applications where id = $1`, [id]);
    expect((await db.query(QUEUED, [id])).rows).toEqual([{ object_name: `${folder(gone.id, id)}/x.pdf` }]);
  });
});

describe('the removal queue is for the service role only', () => {
  it.each([
    ['read the queue', `select * from private.document_removals`],
    ['claim removals', `select * from public.claim_document_removals(10, 60)`],
    ['complete a removal', `select public.complete_jobs('remove-documents', '[]')`],
  ])('nobody else may %s', async (_action, sql) => {
    for (const actor of [anon, applicant, admin]) {
      expect(await attemptAs(db, actor, sql), actor.label).toMatchObject({ ok: false, code: DENIED });
    }
  });
});

describe('claiming and completing removals (the worker, service key)', () => {
  const CLAIM = `select id, object_name, attempts from public.claim_document_removals(1000, 60)`;
  const COMPLETE = `select public.complete_jobs('remove-documents', jsonb_build_array(jsonb_build_object('id', $1::uuid, 'attempt', $2::int, 'error', $3::text)))`;

  async function queued(): Promise<{ id: string; object_name: string }> {
    const id = await newApplication(otherId);
    await seed(`${folder(otherId, id)}/queued.pdf`);
    await db.query(`delete from public.visa_applications where id = $1`, [id]);
    const { rows } = await db.query<{ id: string; object_name: string }>(`select id, object_name from private.document_removals where application_id = $1`, [id]);
    return rows[0]!;
  }

  async function claim(): Promise<{ id: string; object_name: string; attempts: number }[]> {
    return (await runAs<{ id: string; object_name: string; attempts: number }>(db, service, CLAIM)).rows;
  }

  it('leases a claimed row: a second claim does not get it, completing it removes it from the queue', async () => {
    const row = await queued();
    const claimed = (await claim()).find((r) => r.id === row.id);
    expect(claimed).toEqual({ ...row, attempts: 1 });
    expect((await claim()).map((r) => r.id)).not.toContain(row.id);
    await runAs(db, service, COMPLETE, [row.id, 1, null]);
    expect((await db.query(`select 1 from private.document_removals where id = $1`, [row.id])).rows).toEqual([]);
  });

  it('queues a failed try again after the backoff, with its error, and ignores a report of a stale claim', async () => {
    const row = await queued();
    await claim();
    await runAs(db, service, COMPLETE, [row.id, 7, null]);
    await runAs(db, service, COMPLETE, [row.id, 1, 'Storage answered 503']);
    const { rows } = await db.query(
      `select attempts, locked_until, last_error, next_attempt_at > now() + interval '50 seconds' as later from private.document_removals where id = $1`,
      [row.id],
    );
    expect(rows).toEqual([{ attempts: 1, locked_until: null, last_error: 'Storage answered 503', later: true }]);
    expect((await claim()).map((r) => r.id)).not.toContain(row.id);
  });

  it("gives a row back when its worker's lease passes (a crash mid-removal loses nothing)", async () => {
    const row = await queued();
    await claim();
    await db.query(`update private.document_removals set locked_until = now() - interval '1 second' where id = $1`, [row.id]);
    expect((await claim()).find((r) => r.id === row.id)).toMatchObject({ attempts: 2 });
    await runAs(db, service, COMPLETE, [row.id, 1, null]);
    expect((await db.query(`select 1 from private.document_removals where id = $1`, [row.id])).rows).toHaveLength(1);
  });
});
