// Why a document may not be added (supabase/migrations/20261122000900_documents.sql, with
// the item's limit): the RPC the browser asks after
// Storage refused an upload or a removal, answered from the rule the insert policy and the trigger use. What each role may ask, and that nobody learns anything of
// an application that is not theirs; the trigger's refusals keep 42501 (Storage's 403) and carry
// the same reason as their hint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENTS_BUCKET, MAX_DOCUMENTS_PER_APPLICATION, MAX_DOCUMENTS_PER_ITEM } from '../../src/lib/document-rules.ts';
import {
  DENIED,
  INSERT_APPLICATION_FOR,
  anon,
  application,
  attemptAs,
  createAdmin,
  createUser,
  openTestDb,
  service,
  signedIn,
  uniqueEmail,
  type Actor,
  type TestDb,
} from './support.ts';

let db: TestDb;
let applicant: Actor;
let other: Actor;
let admin: Actor;
let applicantId: string;
const apps = { open: '', full: '', approved: '', rejected: '', deleted: '', others: '' };

const WHY = `select public.document_refusal($1) as reason`;
const WHY_FOR_ITEM = `select public.document_refusal($1, $2) as reason`;
/** The item of apps.open that holds its files. */
const FULL_ITEM = 'bank-statements';
/** Where the n-th file of a full application goes: items filled one after the other. */
const fullPage = (n: number) => `${applicantId}/${apps.full}/item-${Math.ceil(n / MAX_DOCUMENTS_PER_ITEM)}/page-${n}.pdf`;
const INSERT = `insert into storage.objects (bucket_id, name, owner_id) values ($1, $2, $3)`;

async function newApplication(userId: string, status = 'submitted'): Promise<string> {
  const { rows } = await db.query<{ id: string }>(`${INSERT_APPLICATION_FOR} returning id`, [...application(), userId]);
  const id = rows[0]!.id;
  if (status !== 'submitted') await db.query(`update public.visa_applications set status = $2 where id = $1`, [id, status]);
  return id;
}

/** The reason `actor` is given for `applicationId` (and `item`), or the SQLSTATE the question itself is refused with. */
async function reasonFor(actor: Actor, applicationId: string, item?: string): Promise<string | null> {
  const outcome = item === undefined ? await attemptAs(db, actor, WHY, [applicationId]) : await attemptAs(db, actor, WHY_FOR_ITEM, [applicationId, item]);
  return outcome.ok ? (outcome.rows[0]!.reason as string | null) : `refused ${outcome.code}`;
}

beforeAll(async () => {
  db = await openTestDb();
  const a = await createUser(db, uniqueEmail('applicant'));
  const b = await createUser(db, uniqueEmail('other'));
  applicantId = a.id;
  applicant = signedIn('the applicant', a);
  other = signedIn('another applicant', b);
  admin = (await createAdmin(db, uniqueEmail('admin'))).actor;
  apps.open = await newApplication(a.id, 'in_review');
  for (let n = 1; n <= MAX_DOCUMENTS_PER_ITEM; n++) {
    await db.query(INSERT, [DOCUMENTS_BUCKET, `${a.id}/${apps.open}/${FULL_ITEM}/month-${n}.pdf`, a.id]);
  }
  apps.full = await newApplication(a.id);
  for (let n = 1; n <= MAX_DOCUMENTS_PER_APPLICATION; n++) await db.query(INSERT, [DOCUMENTS_BUCKET, fullPage(n), a.id]);
  apps.approved = await newApplication(a.id, 'approved');
  apps.rejected = await newApplication(a.id, 'rejected');
  apps.deleted = await newApplication(a.id);
  await db.query(`delete from public.visa_applications where id = $1`, [apps.deleted]);
  apps.others = await newApplication(b.id);
});

afterAll(async () => {
  await db?.close();
});

describe('public.document_refusal', () => {
  it('tells the applicant nothing stops them on an open application with room', async () => {
    expect(await reasonFor(applicant, apps.open)).toBeNull();
  });

  it('tells the applicant their application was decided, approved or rejected', async () => {
    expect(await reasonFor(applicant, apps.approved)).toBe('decided');
    expect(await reasonFor(applicant, apps.rejected)).toBe('decided');
  });

  it(`tells the applicant an item holds its ${MAX_DOCUMENTS_PER_ITEM} files, and nothing about its other items or without an item`, async () => {
    expect(await reasonFor(applicant, apps.open, FULL_ITEM)).toBe('item_full');
    expect(await reasonFor(applicant, apps.open, 'passport')).toBeNull();
    expect(await reasonFor(applicant, apps.open)).toBeNull();
  });

  it('asks nothing about an item that is not an item key, and answers it without an error', async () => {
    for (const item of ['..', `${FULL_ITEM}/..`, 'Bank-Statements', '', 'a'.repeat(500)]) {
      expect(await reasonFor(applicant, apps.open, item), item).toBeNull();
    }
    expect(await reasonFor(applicant, apps.approved, '..')).toBe('decided');
  });

  it(`tells the applicant their application holds its ${MAX_DOCUMENTS_PER_APPLICATION} documents, and not with one fewer`, async () => {
    expect(await reasonFor(applicant, apps.full)).toBe('full');
    expect(await reasonFor(applicant, apps.full, 'passport')).toBe('full');
    const page = fullPage(1);
    await db.transaction(async (tx) => {
      // storage.protect_delete lets only the Storage API delete; it sets this for its own delete.
      await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
      await tx.query(`delete from storage.objects where name = $1`, [page]);
    });
    expect(await reasonFor(applicant, apps.full)).toBeNull();
    await db.query(INSERT, [DOCUMENTS_BUCKET, page, applicantId]);
  });

  it('answers not_theirs alike for another applicant’s application, a deleted one and one that never was', async () => {
    expect(await reasonFor(applicant, apps.others)).toBe('not_theirs');
    expect(await reasonFor(applicant, apps.deleted)).toBe('not_theirs');
    expect(await reasonFor(applicant, '00000000-0000-4000-8000-000000000000')).toBe('not_theirs');
  });

  it('tells another applicant and an admin nothing of the applicant’s applications, decided or full', async () => {
    for (const actor of [other, admin]) {
      for (const id of [apps.open, apps.approved, apps.full]) expect(await reasonFor(actor, id), `${actor.label} ${id}`).toBe('not_theirs');
    }
  });

  it('refuses the question to an anonymous visitor and to the service role', async () => {
    expect(await reasonFor(anon, apps.open)).toBe(`refused ${DENIED}`);
    expect(await reasonFor(service, apps.open)).toBe(`refused ${DENIED}`);
  });

  it('leaves the rule itself out of reach: only its caller-bound half is executable', async () => {
    const direct = await attemptAs(db, other, `select private.document_refusal($1, $2, null, false, false)`, [apps.approved, applicantId]);
    expect(direct).toMatchObject({ ok: false, code: DENIED });
  });
});

describe('the trigger’s refusals', () => {
  /** The error a write as the database owner (hosted Storage's superuser) fails with. */
  const refusal = (name: string, ownerId: string) =>
    db.query(INSERT, [DOCUMENTS_BUCKET, name, ownerId]).then(
      () => ({ code: 'stored', hint: undefined }),
      (error: { code?: string; hint?: string }) => ({ code: error.code, hint: error.hint }),
    );

  it.each([
    ['a decided application', () => `${applicantId}/${apps.approved}/passport/late.pdf`, () => applicantId, 'decided'],
    ['an application holding all its documents', () => `${applicantId}/${apps.full}/other/one-more.pdf`, () => applicantId, 'full'],
    ['an item holding all its files', () => `${applicantId}/${apps.open}/${FULL_ITEM}/one-more.pdf`, () => applicantId, 'item_full'],
    ['another applicant’s application', () => `${applicantId}/${apps.others}/passport/mine.pdf`, () => applicantId, 'not_theirs'],
    ['a deleted application', () => `${applicantId}/${apps.deleted}/passport/orphan.pdf`, () => applicantId, 'not_theirs'],
    ['a name without an item folder (the shape before items had keys)', () => `${applicantId}/${apps.open}/late.pdf`, () => applicantId, 'not_theirs'],
    ['an item folder that is not a slug', () => `${applicantId}/${apps.open}/../late.pdf`, () => applicantId, 'not_theirs'],
  ])('keep 42501 for %s and name the reason in their hint', async (_label, name, owner, reason) => {
    expect(await refusal(name(), owner())).toEqual({ code: DENIED, hint: reason });
  });
});
