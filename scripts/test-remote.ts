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
import { spawnSync } from 'node:child_process';
import { createClient } from '@supabase/supabase-js';
import { loadProjectEnv } from '../supabase/local/env.ts';
import { missingRemoteVariables, REMOTE_VARIABLES, remoteApi } from '../tests/support/remote-target.ts';

/**
 * The files that test the hosted project. The other files of tests/api test what only the embedded
 * backend has (its outbox, SMTP and config.toml handling, its own rate-limit, refresh-reuse and
 * first-start settings) or need no backend at all; contract-fidelity.test.ts records the embedded
 * backend's own choices. Single tests that read the outbox or the database are `localOnlyTest`
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
  'tests/db/rls-matrix.test.ts',
];

/** Tables the API tests write rows to (each has the visitor's `email`), and the column of each row's time. */
const WRITTEN_TABLES = {
  bookings: 'created_at',
  contact_messages: 'created_at',
  newsletter_subscribers: 'created_at',
  visa_applications: 'submitted_at',
};

loadProjectEnv();
const missing = missingRemoteVariables();
if (missing.length > 0) {
  console.log('test:remote skipped: it checks a hosted Supabase project, and these variables are not set:');
  for (const name of missing) console.log(`  ${name}  ${REMOTE_VARIABLES[name as keyof typeof REMOTE_VARIABLES]}`);
  console.log('Set them in the environment (or .env) and run it again; README.md, "Production", says when.');
  process.exit(0);
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
const admin = createClient(api.url, api.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
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
for (const [table, time] of Object.entries(WRITTEN_TABLES)) {
  const { error } = await admin.from(table).delete().like('email', '%@example.com').gte(time, startedAt);
  if (error) console.error(`Could not delete the test rows of ${table}: ${error.message}`);
}
console.log(`Removed ${removedUsers} test users and the test rows written since ${startedAt}.`);
process.exit(status);
