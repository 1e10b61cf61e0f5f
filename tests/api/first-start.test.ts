// `npm start` on a machine that has never run it: the backend creates the local database, applies
// supabase/seed.sql once, prints the development accounts, and a restart keeps the data without
// seeding again. Runs the real entry point (supabase/local/main.ts) as a child process.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../common/database.types.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_ACCOUNTS } from '../../supabase/local/db/seed.ts';
import { startBackendProcess, type BackendProcess } from '../support/backend-process.ts';
import { signInWithCode } from '../support/totp.ts';

let dataDir: string;

/** Starts the backend on an ephemeral port with its own PGlite folder; resolves once it serves. */
function startBackend(): Promise<BackendProcess> {
  return startBackendProcess({ PGLITE_DATA_DIR: dataDir, DATABASE_URL: '', SMTP_HOST: '' });
}

beforeAll(async () => {
  dataDir = join(await mkdtemp(join(tmpdir(), 'first-start-')), 'pglite');
});

afterAll(async () => {
  await rm(join(dataDir, '..'), { recursive: true, force: true });
});

describe('the first start of the local backend', () => {
  it('seeds a new database once, prints the accounts, and they can sign in; a restart keeps the data', async () => {
    // Each run is stopped whatever happens; a failed check is reported before the exit code.
    const first = await startBackend();
    let exit: number | null;
    try {
      await checkFirstRun(first);
    } finally {
      exit = await first.stop();
    }
    expect(exit, first.output).toBe(0);

    const second = await startBackend();
    try {
      await checkSecondRun(second);
    } finally {
      exit = await second.stop();
    }
    expect(exit, second.output).toBe(0);
  }, 120_000);
});

/** On a new folder: the seeded line and every account printed, and each account can sign in. */
async function checkFirstRun(run: BackendProcess): Promise<void> {
  expect(run.output).toContain('New local database, seeded.');
  for (const { email, password } of DEVELOPMENT_ACCOUNTS) {
    expect(run.output).toContain(`${email} / ${password}`);
    const client = createClient<Database>(run.url, run.anonKey, { auth: { persistSession: false } });
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  }
}

/** On the same folder again: no second seed, and the data of the first run is there once. */
async function checkSecondRun(run: BackendProcess): Promise<void> {
  expect(run.output).not.toContain('seeded');
  const admin = DEVELOPMENT_ACCOUNTS.find((account) => account.role === 'admin')!;
  const client = createClient<Database>(run.url, run.anonKey, { auth: { persistSession: false } });
  // Staff read at aal2: the password, then the code of the seeded authenticator app.
  await signInWithCode(client, admin.email, admin.password);
  // The seed's four applications, not eight: seed.sql ran exactly once.
  const { count } = await client.from('visa_applications').select('id', { count: 'exact', head: true });
  expect(count).toBe(4);
}
