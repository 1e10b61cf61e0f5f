// Deleting an application deletes its files: the delete queues the names of its objects
// (private.document_removals), and the worker removes them through the Storage API with the
// service key. An object already gone is a success, Storage being down retries with backoff, and
// a worker killed mid-removal loses nothing (its rows come back when their lease passes). Waiting
// for a backoff or a lease is replaced by moving the row's due time in SQL, as in faults.test.ts.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DOCUMENTS_BUCKET } from '../../src/lib/documents/rules.ts';
import { documentPath } from '../../src/lib/documents/paths.ts';
import { removeBatch } from '../../workers/documents/removals.ts';
import { startWorker } from '../../workers/loop.ts';
import { application, uniqueEmail, type TestBackend } from '../api/support.ts';
import { sample } from '../api/storage-support.ts';
import { notificationBackend, settingsFor } from './support.ts';

let backend: TestBackend;
let applicant: { client: SupabaseClient; userId: string };
let admin: SupabaseClient;
let service: SupabaseClient;

beforeAll(async () => {
  backend = await notificationBackend();
  applicant = await backend.confirmedUser(uniqueEmail('applicant'));
  const staff = await backend.confirmedUser(uniqueEmail('admin'));
  await backend.makeAdmin(staff.userId);
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

/** Runs removal rounds until nothing is due. */
async function drainRemovals(client: SupabaseClient = service): Promise<void> {
  while ((await removeBatch(client, settingsFor(backend))) > 0);
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
    const storageDown = {
      rpc: service.rpc.bind(service),
      storage: { from: () => ({ remove: async () => ({ data: null, error: new Error('Service Unavailable') }) }) },
    } as unknown as SupabaseClient;
    await drainRemovals(storageDown);
    expect(await queued()).toEqual([{ object_name: doomed.names[0], attempts: 1, last_error: 'Storage refused the removal: Service Unavailable', due: false }]);
    expect(await objectsNamed(doomed.names)).toEqual(doomed.names);

    await backend.db.query(`update private.document_removals set next_attempt_at = now()`);
    await drainRemovals();
    expect(await queued()).toEqual([]);
    expect(await objectsNamed(doomed.names)).toEqual([]);
  });

  test('a worker killed after claiming loses nothing: the rows come back when the lease passes', async () => {
    const doomed = await applicationWith(['lease.pdf']);
    await deleteApplication(doomed.id);
    // The killed worker's claim: the rows are leased, so another worker does not take them yet.
    expect((await service.rpc('claim_document_removals', { max_rows: 10, lease_seconds: 600 })).data).toHaveLength(1);
    expect(await removeBatch(service, settingsFor(backend))).toBe(0);
    await backend.db.query(`update private.document_removals set locked_until = now() - interval '1 second'`);
    await drainRemovals();
    expect(await queued()).toEqual([]);
    expect(await objectsNamed(doomed.names)).toEqual([]);
  });
});

test('the worker that npm start runs removes the files by itself', async () => {
  const doomed = await applicationWith(['worker.pdf']);
  const worker = startWorker(settingsFor(backend));
  try {
    await deleteApplication(doomed.id);
    worker.wake();
    // Each check reads the real state; the worker polls every 50 ms. The row goes once the
    // worker has reported the removal, just after the object itself.
    while ((await queued()).length > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await objectsNamed(doomed.names)).toEqual([]);
  } finally {
    await worker.stop();
  }
});
