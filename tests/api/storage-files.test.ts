// Storage's bytes on disk (a folder, as `npm start` keeps them under .local-data/storage): a row
// and its file are kept together. A refused, oversized or interrupted upload leaves neither row
// nor file (not even a temporary one); an overwrite and a remove leave no stale bytes.
import { request, type IncomingMessage } from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createTestBuckets, DOCS, DOCS_LIMIT, objectCount, sample } from './storage-support.ts';
import { startBackend, uniqueEmail, type TestBackend } from './support.ts';

let backend: TestBackend;
let dir: string;
let owner: { client: SupabaseClient; userId: string };
let token: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'storage-files-'));
  backend = await startBackend({ storageDir: dir });
  await createTestBuckets(backend);
  owner = await backend.confirmedUser(uniqueEmail('files'));
  token = (await owner.client.auth.getSession()).data.session!.access_token;
});
afterAll(async () => {
  await backend?.close();
  await rm(dir, { recursive: true, force: true });
});

const files = async (sub: 'objects' | 'incoming') => readdir(join(dir, sub)).catch(() => []);

/** Opens an upload of `path` without a Content-Length (chunked), as a stream the test feeds. */
function openUpload(path: string) {
  const { hostname, port } = new URL(backend.url);
  const req = request({
    host: hostname,
    port,
    method: 'POST',
    path: `/storage/v1/object/${DOCS}/${owner.userId}/${path}`,
    headers: { apikey: backend.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/pdf', 'transfer-encoding': 'chunked' },
  });
  const answer = new Promise<{ status: number; body: Record<string, unknown>; response: IncomingMessage }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>, response: res }));
    });
    req.on('error', reject);
  });
  return { req, answer };
}

describe('a row and its file are kept together', () => {
  test('an upload stores one file; an overwrite replaces it; a remove deletes it', async () => {
    const storage = owner.client.storage.from(DOCS);
    const path = `${owner.userId}/kept.pdf`;
    expect((await storage.upload(path, sample('pdf', 1000), { contentType: 'application/pdf' })).error).toBeNull();
    const first = await files('objects');
    expect(first).toHaveLength(1);
    expect((await storage.upload(path, sample('pdf', 2000), { contentType: 'application/pdf', upsert: true })).error).toBeNull();
    const second = await files('objects');
    expect(second).toHaveLength(1);
    expect(second).not.toEqual(first);
    expect((await storage.remove([path])).data).toHaveLength(1);
    expect(await files('objects')).toEqual([]);
    expect(await files('incoming')).toEqual([]);
  });

  test('a body streamed past the bucket’s limit with no Content-Length is stopped: 413, no row, no file, the connection closed', async () => {
    const before = await objectCount(backend);
    const { req, answer } = openUpload('endless.pdf');
    req.write(sample('pdf', 64 * 1024));
    // Keep sending until the server answers; it must not wait for the end of the body.
    let sent = 64 * 1024;
    let answered = false;
    void answer.then(() => (answered = true), () => (answered = true));
    while (!answered && sent <= DOCS_LIMIT * 3) {
      await new Promise<void>((resolve) => req.write(Buffer.alloc(64 * 1024, 0x20), () => resolve()));
      sent += 64 * 1024;
    }
    req.end();
    const { status, body, response } = await answer;
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: '413', error: 'Payload too large' });
    expect(response.headers.connection).toBe('close');
    expect(await objectCount(backend)).toBe(before);
    await vi.waitFor(async () => expect(await files('incoming')).toEqual([]));
    expect(await files('objects')).toEqual([]);
    // The next upload (on a new connection) goes through.
    expect((await owner.client.storage.from(DOCS).upload(`${owner.userId}/after.pdf`, sample('pdf'), { contentType: 'application/pdf' })).error).toBeNull();
    expect((await owner.client.storage.from(DOCS).remove([`${owner.userId}/after.pdf`])).data).toHaveLength(1);
  });

  test('the network cut mid-upload: no row, no file', async () => {
    const before = await objectCount(backend);
    const { req, answer } = openUpload('cut.pdf');
    answer.catch(() => {});
    req.write(sample('pdf', 200 * 1024));
    // The upload is under way once its temporary file exists; then the connection breaks.
    await vi.waitFor(async () => expect(await files('incoming')).toHaveLength(1), { timeout: 20_000 });
    req.destroy();
    await vi.waitFor(async () => expect(await files('incoming')).toEqual([]), { timeout: 20_000 });
    expect(await objectCount(backend)).toBe(before);
    expect(await files('objects')).toEqual([]);
  }, 60_000);
});
