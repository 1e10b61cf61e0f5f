// Signed-in submissions while a large queue of emails waits: the backend answers every one and
// closes no connection. What `npm run bench:api` met at 100,000 applications (200,000 queued
// emails): each call of send-notifications claimed its 25 rows by sorting every due row (the
// claim's index lacked its tie-breaker, id, and rows queued by one statement share their time),
// half a second each on the one PGlite connection; the calls each submission asks for queued up
// behind one another and held the event loop for seconds at a time, longer than the server's
// keep-alive timeout, so connections with a request waiting in them were closed under it (the
// client read ECONNRESET) and new ones timed out in a full accept queue. Runs the real entry
// point (main.ts, with the functions in Deno) on PGlite on disk, as `npm start` does.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../supabase/local/db/open.ts';
import { DEVELOPMENT_ACCOUNTS } from '../../supabase/local/db/seed.ts';
import { backendReport, startBackendProcess, type BackendProcess } from '../support/backend-process.ts';

/** Emails waiting, queued by one statement (an import): enough for the old claim to take ~200 ms. */
const BACKLOG = 60_000;
const CLIENTS = 16;
const INSERTS = 320;

let dataDir: string;
let backend: BackendProcess | undefined;

const start = () => startBackendProcess({ PGLITE_DATA_DIR: dataDir, DATABASE_URL: '', SMTP_MAX_FREQUENCY: '0' });

beforeAll(async () => {
  dataDir = join(await mkdtemp(join(tmpdir(), 'insert-backlog-')), 'pglite');
  // The first start makes the database and seeds the development accounts.
  await (await start()).stop();
  const db = await openDb({ dataDir });
  try {
    await db.query(
      `insert into public.notifications (kind, recipient, subject_table, subject_id, dedupe_key)
       select 'staff_new_application', null, 'visa_applications', gen_random_uuid(), 'backlog:' || i
         from generate_series(1, $1::int) as i`,
      [BACKLOG],
    );
    await db.query('vacuum analyze public.notifications');
  } finally {
    await db.close();
  }
  backend = await start();
  // Two starts on a new database on disk (migrations included): a minute on a busy machine.
}, 240_000);

afterAll(async () => {
  await backend?.stop();
  await rm(join(dataDir, '..'), { recursive: true, force: true });
});

describe('signed-in submissions while emails wait to be sent', () => {
  it(`answers ${INSERTS} applications from ${CLIENTS} clients at once, and closes no connection`, async () => {
    const { url, anonKey } = backend!;
    const applicant = DEVELOPMENT_ACCOUNTS.find((account) => account.role === 'user')!;
    const signIn = await fetch(`${url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: applicant.email, password: applicant.password }),
    });
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const headers = { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    const statuses: number[] = [];
    const failures: string[] = [];
    let next = 0;
    const client = async () => {
      while (next < INSERTS) {
        const n = next++;
        const body = {
          visa_type: 'Tourist Visa', name: `Backlog ${n}`, email: applicant.email, phone: '+234 800 000 0000', dob: '1990-01-01',
          nationality: 'Nigerian', passport_number: `B${n}`, marital_status: 'Single', address: '1 Queue Street, Lagos',
        };
        try {
          const res = await fetch(`${url}/rest/v1/visa_applications`, { method: 'POST', headers, body: JSON.stringify(body) });
          await res.arrayBuffer();
          statuses.push(res.status);
        } catch (error) {
          failures.push(`${n}: ${error instanceof Error ? `${error.message} ${String((error.cause as Error | undefined)?.message ?? '')}` : String(error)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));

    const report = backendReport(backend!);
    expect(failures, report).toEqual([]);
    expect(statuses.filter((status) => status !== 201), report).toEqual([]);
    expect(backend!.output, report).not.toMatch(/\[backend\] closed the connection/);
  }, 120_000);
});
