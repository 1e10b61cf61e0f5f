// Storage through supabase-js's storage client against the embedded backend: what an owner may
// do in their folder (upload as a Blob or as bytes, download, list, sign, replace, remove), that
// the policies keep everyone else out, and bucket reads, with hosted's answers and error shapes.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestBuckets, DOCS, objectCount, PUBLIC, sample } from './storage-support.ts';
import { startBackend, uniqueEmail, type TestBackend } from './support.ts';

let backend: TestBackend;
let owner: { client: SupabaseClient; userId: string };
let other: { client: SupabaseClient; userId: string };

beforeAll(async () => {
  backend = await startBackend();
  await createTestBuckets(backend);
  owner = await backend.confirmedUser(uniqueEmail('owner'));
  other = await backend.confirmedUser(uniqueEmail('other'));
});
afterAll(() => backend?.close());

const docs = (client: SupabaseClient) => client.storage.from(DOCS);
const bytesOf = async (blob: Blob | null) => Buffer.from(await blob!.arrayBuffer());

describe('an owner in their folder', () => {
  test('uploads a Blob (multipart) and bytes, and downloads both unchanged with their type', async () => {
    const pdf = sample('pdf', 5000);
    const png = sample('png', 3000);
    const asBlob = await docs(owner.client).upload(`${owner.userId}/passport.pdf`, new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }));
    expect(asBlob.error).toBeNull();
    expect(asBlob.data).toMatchObject({ path: `${owner.userId}/passport.pdf`, fullPath: `${DOCS}/${owner.userId}/passport.pdf`, id: expect.any(String) });
    const asBytes = await docs(owner.client).upload(`${owner.userId}/photo.png`, png, { contentType: 'image/png', cacheControl: '60' });
    expect(asBytes.error).toBeNull();

    const pdfBack = await docs(owner.client).download(`${owner.userId}/passport.pdf`);
    expect(pdfBack.data?.type).toBe('application/pdf');
    expect((await bytesOf(pdfBack.data)).equals(pdf)).toBe(true);
    const pngBack = await docs(owner.client).download(`${owner.userId}/photo.png`);
    expect((await bytesOf(pngBack.data)).equals(png)).toBe(true);
  });

  test('lists a folder with each file’s size and type, and the root as folders', async () => {
    const { data, error } = await docs(owner.client).list(owner.userId, { sortBy: { column: 'name', order: 'asc' } });
    expect(error).toBeNull();
    expect(data!.map((f) => [f.name, f.metadata?.size, f.metadata?.mimetype])).toEqual([
      ['passport.pdf', 5000, 'application/pdf'],
      ['photo.png', 3000, 'image/png'],
    ]);
    const root = await docs(owner.client).list();
    expect(root.data).toEqual([expect.objectContaining({ name: owner.userId, id: null })]);
    const searched = await docs(owner.client).list(owner.userId, { search: 'pho' });
    expect(searched.data!.map((f) => f.name)).toEqual(['photo.png']);
    const paged = await docs(owner.client).list(owner.userId, { limit: 1, offset: 1 });
    expect(paged.data!.map((f) => f.name)).toEqual(['photo.png']);
  });

  test('makes a signed URL that anyone can open until it expires', async () => {
    const { data, error } = await docs(owner.client).createSignedUrl(`${owner.userId}/passport.pdf`, 60);
    expect(error).toBeNull();
    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await res.arrayBuffer()).equals(sample('pdf', 5000))).toBe(true);
  });

  test('cannot upload twice to one path without upsert (409 Duplicate), and replaces with upsert or update', async () => {
    const path = `${owner.userId}/statement.pdf`;
    expect((await docs(owner.client).upload(path, sample('pdf', 100), { contentType: 'application/pdf' })).error).toBeNull();
    const twice = await docs(owner.client).upload(path, sample('pdf', 200), { contentType: 'application/pdf' });
    expect(twice.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });

    expect((await docs(owner.client).upload(path, sample('pdf', 300), { contentType: 'application/pdf', upsert: true })).error).toBeNull();
    expect((await bytesOf((await docs(owner.client).download(path)).data)).length).toBe(300);
    expect((await docs(owner.client).update(path, sample('pdf', 400), { contentType: 'application/pdf' })).error).toBeNull();
    expect((await bytesOf((await docs(owner.client).download(path)).data)).length).toBe(400);

    const missing = await docs(owner.client).update(`${owner.userId}/never.pdf`, sample('pdf'), { contentType: 'application/pdf' });
    expect(missing.error).toMatchObject({ statusCode: '404', message: 'Object not found' });
  });

  test('removes files: the answer names them, and they are gone', async () => {
    const path = `${owner.userId}/statement.pdf`;
    const { data, error } = await docs(owner.client).remove([path, `${owner.userId}/not-there.pdf`]);
    expect(error).toBeNull();
    expect(data!.map((o) => o.name)).toEqual([path]);
    const gone = await docs(owner.client).download(path);
    expect(gone.error).toMatchObject({ status: 400, statusCode: '404', message: 'Object not found' });
  });
});

describe('everyone else', () => {
  test('another user cannot read, list, sign, overwrite or remove the owner’s files', async () => {
    const path = `${owner.userId}/passport.pdf`;
    expect((await docs(other.client).download(path)).error).toMatchObject({ statusCode: '404' });
    expect((await docs(other.client).list(owner.userId)).data).toEqual([]);
    expect((await docs(other.client).createSignedUrl(path, 60)).error).toMatchObject({ statusCode: '404' });
    const overwrite = await docs(other.client).upload(path, sample('pdf'), { contentType: 'application/pdf', upsert: true });
    // The row is hidden, so the upsert becomes an insert, which the insert policy refuses.
    expect(overwrite.error).toMatchObject({ statusCode: '403' });
    const upload = await docs(other.client).upload(`${owner.userId}/planted.pdf`, sample('pdf'), { contentType: 'application/pdf' });
    expect(upload.error).toMatchObject({ status: 400, statusCode: '403', message: 'new row violates row-level security policy' });
    expect((await docs(other.client).remove([path])).data).toEqual([]);
    expect((await docs(owner.client).download(path)).error).toBeNull();
  });

  test('an anonymous visitor can neither upload nor read', async () => {
    const before = await objectCount(backend);
    const anon = backend.client();
    const upload = await docs(anon).upload(`${owner.userId}/anon.pdf`, sample('pdf'), { contentType: 'application/pdf' });
    expect(upload.error).toMatchObject({ status: 400, statusCode: '403', message: 'new row violates row-level security policy' });
    expect((await docs(anon).download(`${owner.userId}/passport.pdf`)).error).toMatchObject({ statusCode: '404' });
    expect(await objectCount(backend)).toBe(before);
  });
});

describe('buckets', () => {
  test('the service role reads a bucket and its settings; a user without a bucket policy gets Bucket not found', async () => {
    const { data } = await backend.admin().storage.getBucket(DOCS);
    expect(data).toMatchObject({ id: DOCS, name: DOCS, public: false, file_size_limit: 1024 * 1024, allowed_mime_types: expect.arrayContaining(['application/pdf']) });
    const hidden = await owner.client.storage.getBucket(DOCS);
    expect(hidden.error).toMatchObject({ status: 400, statusCode: '404', message: 'Bucket not found' });
    expect((await backend.admin().storage.getBucket('no-such-bucket')).error).toMatchObject({ statusCode: '404' });
  });

  test('a public bucket serves its files without a token; a private one does not', async () => {
    const admin = backend.admin();
    expect((await admin.storage.from(PUBLIC).upload('logo.png', sample('png'), { contentType: 'image/png' })).error).toBeNull();
    const res = await fetch(admin.storage.from(PUBLIC).getPublicUrl('logo.png').data.publicUrl);
    expect(res.status).toBe(200);
    const privateUrl = admin.storage.from(DOCS).getPublicUrl(`${owner.userId}/passport.pdf`).data.publicUrl;
    const refused = await fetch(privateUrl);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' });
  });
});
