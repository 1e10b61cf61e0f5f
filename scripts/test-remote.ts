// `npm run test:remote`: the API contract tests and the row-level security matrix against a hosted
// Supabase project, before going live and after each `supabase db push`. The same test files as
// locally, with TEST_TARGET=remote (tests/support/remote-target.ts): tests/api/support.ts answers
// with the hosted API and tests/db/support.ts with the hosted database inside a transaction that
// is rolled back. Without the project's variables it says what to set and exits 0 (skipped).
//
// The API tests write through the API, which cannot be rolled back: they make users and rows with
// @example.com addresses (a reserved domain no visitor has), and this script deletes them at the
// end. Hosted Auth sends real emails for the signups some tests make, so run it against a project
// with custom SMTP, or a staging copy of the production project.
//
// Then the queue functions, as deployed (docs/deploy.md): each refuses the anon key and answers
// the service key with what it did (a real call: due emails are sent), the unsubscribe function
// leads to the site's page, Vault holds the values the database calls them with, and Supabase
// Cron has run the sweep lately and without error (cron.job_run_details).
import { spawnSync } from 'node:child_process';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../common/database.types.ts';
import pg from 'pg';
import { loadProjectEnv } from '../common/env.ts';
import { missingRemoteVariables, REMOTE_VARIABLES, remoteApi, remoteDatabaseUrl, type RemoteApi } from '../tests/support/remote-target.ts';

/**
 * The files that test the hosted project. The other files of tests/api test what only the embedded
 * backend has (its mailbox, SMTP and config.toml handling, its own rate-limit, refresh-reuse and
 * first-start settings) or need no backend at all; contract-fidelity.test.ts records the embedded
 * backend's own choices. Single tests that read the mailbox or the database are `localOnlyTest`
 * in the files below and are reported as skipped.
 */
const REMOTE_FILES = [
  'tests/api/auth.test.ts',
  'tests/api/rest.test.ts',
  'tests/api/public-forms.test.ts',
  'tests/api/bad-input.test.ts',
  'tests/api/hostile-input.test.ts',
  'tests/api/hostile-auth-input.test.ts',
  'tests/api/enumeration.test.ts',
  'tests/api/client-address.test.ts',
  'tests/db/rls-matrix.test.ts',
];


loadProjectEnv();
const missing = missingRemoteVariables();
if (missing.length > 0) {
  console.log('test:remote skipped: it checks a hosted Supabase project, and these variables are not set:');
  for (const name of missing) console.log(`  ${name}  ${REMOTE_VARIABLES[name as keyof typeof REMOTE_VARIABLES]}`);
  console.log('Set them in the environment (or .env) and run it again; README.md, "Production", says when.');
  process.exit(0);
}

/** One check of the deployed functions and the database's calls: a line each, and whether it held. */
async function checkFunctions(api: RemoteApi, databaseUrl: string): Promise<boolean> {
  const problems: string[] = [];
  const check = (ok: boolean, line: string) => {
    console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${line}`);
    if (!ok) problems.push(line);
  };
  const call = async (name: string, key: string) => {
    const res = await fetch(`${api.url}/functions/v1/${name}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, apikey: key, 'content-type': 'application/json' }, body: '{}' });
    return { status: res.status, body: await res.text() };
  };
  console.log('\nThe queue functions and the database calling them:');
  for (const name of ['send-notifications', 'remove-documents']) {
    const refused = await call(name, api.anonKey);
    check(refused.status === 401, `${name} refuses the anon key (${refused.status})`);
    const answered = await call(name, api.serviceRoleKey);
    check(answered.status === 200 && /"claimed":\d+/.test(answered.body), `${name} answers the service key with what it did (${answered.status} ${answered.body.slice(0, 160)})`);
  }
  const page = await fetch(`${api.url}/functions/v1/unsubscribe?token=00000000-0000-4000-8000-000000000000`, { redirect: 'manual' });
  check(page.status === 303 && /\/unsubscribe\?token=/.test(page.headers.get('location') ?? ''), `unsubscribe leads to the site's page (${page.status} ${page.headers.get('location')})`);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: secrets } = await client.query<{ name: string }>(`select name from vault.secrets where name in ('project_url', 'queue_functions_key') order by name`);
    check(secrets.length === 2, `Vault holds project_url and queue_functions_key (found: ${secrets.map((s) => s.name).join(', ') || 'neither'})`);
    const { rows: runs } = await client.query<{ status: string | null; return_message: string | null; end_time: Date | null }>(
      `select d.status, d.return_message, d.end_time
         from cron.job j
         left join lateral (select status, return_message, end_time from cron.job_run_details r where r.jobid = j.jobid order by r.runid desc limit 1) d on true
        where j.jobname = 'sweep-queues'`,
    );
    const last = runs[0];
    check(last !== undefined, 'Supabase Cron has the job sweep-queues (supabase db push schedules it)');
    if (last) {
      const minutes = last.end_time ? (Date.now() - new Date(last.end_time).getTime()) / 60_000 : Infinity;
      check(last.status === 'succeeded' && minutes < 5, `its last run ${last.end_time ? `ended ${minutes.toFixed(1)} min ago` : 'has not happened'}: ${last.status ?? 'none'} ${last.return_message ?? ''}`.trim());
    }
  } finally {
    await client.end();
  }
  return problems.length === 0;
}

const api = remoteApi()!;
const startedAt = new Date().toISOString();
console.log(`Testing ${api.url} (API contract tests and the RLS matrix)…`);
const status = spawnSync('npx', ['vitest', 'run', ...REMOTE_FILES], {
  stdio: 'inherit',
  env: { ...process.env, TEST_TARGET: 'remote' },
}).status ?? 1;

// Whatever the outcome, remove what this run wrote: the users (their profiles go with them), then
// the submissions, which outlive their user.
const admin = createClient<Database>(api.url, api.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
const ours: { id: string; email: string }[] = [];
for (let page = 1; ; page += 1) {
  const { data, error } = await admin.auth.admin.listUsers({ page, perPage: 1000 });
  if (error) {
    console.error(`Could not list the test users to delete them: ${error.message}`);
    break;
  }
  for (const user of data.users) {
    if (user.email?.endsWith('@example.com') && user.created_at >= startedAt) ours.push({ id: user.id, email: user.email });
  }
  if (data.users.length < 1000) break;
}
let removedUsers = 0;
for (const user of ours) {
  const { error } = await admin.auth.admin.deleteUser(user.id);
  if (error) console.error(`Could not delete test user ${user.email}: ${error.message}`);
  else removedUsers += 1;
}
// The tables the API tests write rows to: each row has the visitor's `email`, and its time.
const TEST_EMAILS = '%@example.com';
const writtenRows = {
  bookings: admin.from('bookings').delete().like('email', TEST_EMAILS).gte('created_at', startedAt),
  contact_messages: admin.from('contact_messages').delete().like('email', TEST_EMAILS).gte('created_at', startedAt),
  newsletter_subscribers: admin.from('newsletter_subscribers').delete().like('email', TEST_EMAILS).gte('created_at', startedAt),
  visa_applications: admin.from('visa_applications').delete().like('email', TEST_EMAILS).gte('submitted_at', startedAt),
};
// Each request is sent when it is awaited, one after the other.
for (const [table, request] of Object.entries(writtenRows)) {
  const { error } = await request;
  if (error) console.error(`Could not delete the test rows of ${table}: ${error.message}`);
}
console.log(`Removed ${removedUsers} test users and the test rows written since ${startedAt}.`);
const functionsHold = await checkFunctions(api, remoteDatabaseUrl()!).catch((error: unknown) => {
  console.error(`  FAIL checking the functions: ${error instanceof Error ? error.message : String(error)}`);
  return false;
});
process.exit(status || (functionsHold ? 0 : 1));
