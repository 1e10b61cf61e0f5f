// The rules of src/lib/documents/rules.ts and the migrations that enforce them
// (supabase/migrations/20261122000900_documents.sql) say
// the same: the bucket's row, the count limits, the open statuses, the file names the insert
// policy takes (every name paths.ts makes) and the item keys (every key the content schema takes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeFileName } from '../../src/lib/documents/paths.ts';
import {
  DOCUMENTS_BUCKET,
  DOCUMENT_MIME_TYPES,
  ITEM_KEY_PATTERN,
  MAX_DOCUMENTS_PER_APPLICATION,
  MAX_DOCUMENTS_PER_ITEM,
  MAX_DOCUMENT_BYTES,
  MAX_ITEM_KEY_LENGTH,
  OPEN_FOR_DOCUMENTS,
  isItemKey,
} from '../../src/lib/documents/rules.ts';
import { openTestDb, type TestDb } from './support.ts';

let db: TestDb;

beforeAll(async () => {
  db = await openTestDb();
});

afterAll(async () => {
  await db?.close();
});

describe('the documents bucket and its rules', () => {
  it('is the private bucket of rules.ts, with its size limit and types', async () => {
    const { rows } = await db.query(
      `select id, name, public, file_size_limit::bigint::text as file_size_limit, allowed_mime_types from storage.buckets where id = $1`,
      [DOCUMENTS_BUCKET],
    );
    expect(rows).toEqual([
      {
        id: DOCUMENTS_BUCKET,
        name: DOCUMENTS_BUCKET,
        public: false,
        file_size_limit: String(MAX_DOCUMENT_BYTES),
        allowed_mime_types: DOCUMENT_MIME_TYPES,
      },
    ]);
  });

  it('counts and opens as rules.ts does', async () => {
    const { rows } = await db.query<{ bucket: string; max: number; open: string[] }>(
      `select private.documents_bucket() as bucket, private.max_documents_per_application() as max,
              private.max_documents_per_item() as "maxPerItem",
              array(select s from unnest(array['submitted', 'in_review', 'approved', 'rejected']) s
                    where private.open_for_documents(s::public.application_status)) as open`,
    );
    expect(rows[0]).toEqual({
      bucket: DOCUMENTS_BUCKET,
      max: MAX_DOCUMENTS_PER_APPLICATION,
      maxPerItem: MAX_DOCUMENTS_PER_ITEM,
      open: [...OPEN_FOR_DOCUMENTS],
    });
  });

  it('takes the item keys rules.ts takes, and no other', async () => {
    const keys = ['passport', 'bank-statements', 'k1-form-2', 'other', 'a'.repeat(MAX_ITEM_KEY_LENGTH), 'a'.repeat(MAX_ITEM_KEY_LENGTH + 1),
      '..', '', 'Passport', 'bank--statements', 'bank-', '2-photos', 'pass port', 'pass\u0001port', 'passé', 'pass/port'];
    const { rows } = await db.query<{ key: string; ok: boolean }>(`select k as key, private.document_item_key_ok(k) as ok from unnest($1::text[]) k`, [keys]);
    expect(rows).toEqual(keys.map((key) => ({ key, ok: isItemKey(key) })));
    expect(rows.filter((row) => row.ok)).toHaveLength(5);
    const { rows: source } = await db.query<{ source: string }>(`select pg_get_functiondef('private.document_item_key_ok(text)'::regprocedure) as source`);
    expect(source[0]!.source).toContain(`'${ITEM_KEY_PATTERN.source}'`);
    expect(source[0]!.source).toContain(`<= ${MAX_ITEM_KEY_LENGTH}`);
  });

  it('takes every file name safeFileName makes, however the file was called', async () => {
    const names = [
      'passport.pdf',
      'Bank statement (March).pdf',
      'Photo_2024-01-01.JPG',
      '..\\..\\etc\\passwd',
      '.hidden.png',
      'Relevé de compte n°3.pdf',
      '照片.heic',
      ' - spaced - .webp',
      `${'long name '.repeat(30)}.pdf`,
      '',
    ].map(safeFileName);
    const { rows } = await db.query<{ name: string }>(
      `select n as name from unnest($1::text[]) n where n !~ '^[A-Za-z0-9_()]([A-Za-z0-9._ ()-]{0,98}[A-Za-z0-9._()-])?$'`,
      [names],
    );
    expect(rows).toEqual([]);
    const { rows: pattern } = await db.query<{ source: string }>(
      `select pg_get_functiondef('private.may_add_document(text)'::regprocedure) as source`,
    );
    expect(pattern[0]!.source).toContain(`'^[A-Za-z0-9_()]([A-Za-z0-9._ ()-]{0,98}[A-Za-z0-9._()-])?$'`);
  });

  it('refuses a file name with a leading or trailing space, which would look like its neighbour', async () => {
    const { rows } = await db.query<{ name: string }>(
      `select n as name from unnest($1::text[]) n where n ~ '^[A-Za-z0-9_()]([A-Za-z0-9._ ()-]{0,98}[A-Za-z0-9._()-])?$'`,
      [['image (2).jpg', 'image (2).jpg ', ' image (2).jpg', 'a', 'a ']],
    );
    expect(rows.map((row) => row.name)).toEqual(['image (2).jpg', 'a']);
  });
});
