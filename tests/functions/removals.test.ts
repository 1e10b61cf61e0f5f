// Deleting an application deletes its files: the delete queues the names of its objects
// (private.document_removals), and the remove-documents function (in Deno, called as the database
// calls it) removes them through the Storage API with the service key. An object already gone is
// a success, Storage being down retries with backoff, and a call killed mid-removal loses nothing
// (its rows come back when their lease passes). Waiting for a backoff or a lease is replaced by
// moving the row's due time in SQL, as in faults.test.ts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DOCUMENTS_BUCKET } from '../../src/lib/document-rules.ts';
import { documentPath } from '../../src/lib/documents/paths.ts';
import { application, uniqueEmail, type TestBackend } from '../api/support.ts';
import { sample } from '../api/storage-support.ts';
import { callFunction, drain, functionsWith, notificationBackend } from './support.ts';

let backend: TestBackend;
let applicant: { client: SupabaseClient; userId: string };
let admin: SupabaseClient;
let service: SupabaseClient;

beforeAll(async () => {
  backend = await notificationBackend();
  applicant = await backend.confirmedUser(uniqueEmail('applicant'));
  const staff = await backend.confirmedUser(uniqueEmail('admin'));
  await backend.makeAdmin(staff.userId, staff.client);
  admin = staff.client;
  service = backend.admin();
});
afterAll(() => backend.close());

/** A new application of the applicant with these documents; returns its id and their object names. */
async function applicationWith(files: string[]): Promise<{ id: string; names: string[] }> {
  const { data, error } = await applicant.client.from('visa_applications').insert(application('Ada Obi')).select('id').single();
  if (error) throw error;
  const id = (data as { id: string }).id;
  const names = files.map((file) => documentPath(applicant.userId, id, 'passport', file));
  for (const name of names) {
    const uploaded = await applicant.client.storage.from(DOCUMENTS_BUCKET).upload(name, sample('pdf'), { contentType: 'application/pdf' });
    if (uploaded.error) throw uploaded.error;
  }
  return { id, names };
}

/** The admin deletes an application, as the dashboard does. */
async function deleteApplication(id: string): Promise<void> {
  const { data, error } = await admin.from('visa_applications').delete().eq('id', id).select('id');
  expect(error).toBeNull();
  expect(data).toEqual([{ id }]);
}

async function objectsNamed(names: string[]): Promise<string[]> {
  const { rows } = await backend.db.query<{ name: string }>(`select name from storage.objects where name = any($1) order by name`, [names]);
  return rows.map((row) => row.name);
}

async function queued(): Promise<{ object_name: string; attempts: number; last_error: string | null; due: boolean }[]> {
  const { rows } = await backend.db.query<{ object_name: string; attempts: number; last_error: string | null; due: boolean }>(
    `select object_name, attempts, last_error, coalesce(locked_until, next_attempt_at) <= now() as due
       from private.document_removals order by object_name`,
  );
  return rows;
}

/** Calls remove-documents (at baseUrl: the backend's, or a runtime of the test's) until a call claims nothing. */
async function drainRemovals(baseUrl = backend.url): Promise<void> {
  await drain(backend, 'remove-documents', baseUrl);
}

/**
 * The backend's API as the function sees it through a proxy that answers every Storage request
 * 503, as a Storage outage would: REST (the claims and reports) passes through.
 */
async function storageDown(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/storage/')) {
      res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ statusCode: '503', error: 'Service Unavailable', message: 'Service Unavailable' }));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([key, value]) => typeof value === 'string' && !['host', 'connection', 'content-length'].includes(key))) as Record<string, string>;
      fetch(`${backend.url}${req.url}`, { method: req.method!, headers, ...(chunks.length ? { body: Buffer.concat(chunks) } : {}) })
        .then(async (answer) => res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(Buffer.from(await answer.arrayBuffer())))
        .catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('removing the files of a deleted application', () => {
  test("removes every file of the application, through Storage, and leaves other applications' files", async () => {
    const doomed = await applicationWith(['passport.pdf', 'photo.pdf']);
    const kept = await applicationWith(['kept.pdf']);
    await deleteApplication(doomed.id);
    expect((await queued()).map((row) => row.object_name)).toEqual([...doomed.names].sort());

    await drainRemovals();
    expect(await queued()).toEqual([]);
    expect(await objectsNamed([...doomed.names, ...kept.names])).toEqual(kept.names);
    expect((await service.storage.from(DOCUMENTS_BUCKET).download(doomed.names[0]!)).error).toMatchObject({ statusCode: '404' });
  });

  test('an object already gone counts as removed', async () => {
    const doomed = await applicationWith(['a.pdf', 'b.pdf']);
    await deleteApplication(doomed.id);
    expect((await service.storage.from(DOCUMENTS_BUCKET).remove([doomed.names[0]!])).data).toHaveLength(1);
    await drainRemovals();
    expect(await queued()).toEqual([]);
    expect(await objectsNamed(doomed.names)).toEqual([]);
  });

  test('Storage refusing the removal keeps the rows, with the reason, for a later try', async () => {
    const doomed = await applicationWith(['down.pdf']);
    await deleteApplication(doomed.id);
    const proxy = await storageDown();
    const functions = await functionsWith(backend, { SUPABASE_URL: proxy.url });
    try {
      await drainRemovals(functions.url);
    } finally {
      await functions.stop();
      await proxy.close();
    }
    const [row] = await queued();
    expect(row).toMatchObject({ object_name: doomed.names[0], attempts: 1, due: false });
    expect(row!.last_error).toMatch(/^Storage refused the removal: /);
    expect(await objectsNamed(doomed.names)).toEqual(doomed.names);

    await backend.db.query(`update private.document_removals set next_attempt_at = now()`);
    await drainRemovals();
    expect(await queued()).toEqual([]);
    expect(await objectsNamed(doomed.names)).toEqual([]);
  });

  test('a call killed after claiming loses nothing: the rows come back when the lease passes', async () => {
    const doomed = await applicationWith(['lease.pdf']);
    await deleteApplication(doomed.id);
    // The killed call's claim: the rows are leased, so another call does not take them yet.
    expect((await service.rpc('claim_document_removals', { max_rows: 10, lease_seconds: 600 })).data).toHaveLength(1);
    expect((await callFunction(backend.url, 'remove-documents', backend.serviceRoleKey)).body).toMatchObject({ claimed: 0 });
    await backend.db.query(`update private.document_removals set locked_until = now() - interval '1 second'`);
    await drainRemovals();
    expect(await queued()).toEqual([]);
    expect(await objectsNamed(doomed.names)).toEqual([]);
  });
});

test('the database calls remove-documents itself when an application is deleted', async () => {
  const calling = await notificationBackend({ databaseCalls: true });
  try {
    const owner = await calling.confirmedUser(uniqueEmail('applicant'));
    const staff = await calling.confirmedUser(uniqueEmail('admin'));
    await calling.makeAdmin(staff.userId, staff.client);
    const { data, error } = await owner.client.from('visa_applications').insert(application('Ada Obi')).select('id').single();
    expect(error).toBeNull();
    const id = (data as { id: string }).id;
    const name = documentPath(owner.userId, id, 'passport', 'worker.pdf');
    expect((await owner.client.storage.from(DOCUMENTS_BUCKET).upload(name, sample('pdf'), { contentType: 'application/pdf' })).error).toBeNull();
    expect((await staff.client.from('visa_applications').delete().eq('id', id).select('id')).data).toEqual([{ id }]);
    // Each check reads the real state; the row goes once the function has reported the removal, just after the object itself.
    await expect.poll(async () => (await calling.db.query(`select count(*)::int as n from private.document_removals`)).rows[0], { timeout: 20_000 }).toEqual({ n: 0 });
    const { rows } = await calling.db.query(`select name from storage.objects where name = $1`, [name]);
    expect(rows).toEqual([]);
  } finally {
    await calling.close();
  }
});
