// `npm run deploy:check`: what can be checked of a deploy without a network or an account, before
// docs/deploy.md's steps: config.toml's production override ([remotes.production]) is filled in
// and points at no local address, with TOTP enrolment and verification on; the brand file send-notifications bundles exists and is the one
// content/site.json gives (checked with the site's schema); the functions type-check in Deno;
// every file a function imports is one the Supabase CLI uploads (inside the project, never the
// site's or the embedded backend's), and its deno.json maps each package it imports at the range
// package.json installs, so the deployed function runs the versions the tests ran; config.toml deploys every
// function with verify_jwt = false (each checks its caller itself); and the migrations apply, in
// order, to a new database with pg_net, pg_cron and Vault (the embedded backend's stand-ins), in
// which an admin is staff at aal2 and not at aal1. It ends with the secrets and Vault values a project needs. Exit status 1 when anything fails.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FUNCTION_SECRETS } from '../supabase/functions/_shared/secrets.ts';
import { parseToml } from '../supabase/local/config-toml.ts';
import { openDb } from '../supabase/local/db/open.ts';
import { denoBinary, functionNames, FUNCTIONS_DIR } from '../supabase/local/functions/runtime.ts';
import { staleBrandModule } from './bundle-functions.ts';
import { functionImportProblems } from './deploy-checks/function-imports.ts';
import { AUTH_SMTP_ENV, PRODUCTION_REMOTE, productionConfigProblems } from './deploy-checks/production-config.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const failures: string[] = [];

function report(ok: boolean, line: string, detail = ''): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${line}${detail ? `\n       ${detail.replace(/\n/g, '\n       ')}` : ''}`);
  if (!ok) failures.push(line);
}

async function step(line: string, run: () => unknown | Promise<unknown>): Promise<void> {
  try {
    const detail = await run();
    report(true, line, typeof detail === 'string' ? detail : '');
  } catch (error) {
    report(false, line, error instanceof Error ? error.message : String(error));
  }
}

console.log('Checking what a deploy takes from this repository (offline)…\n');

/** supabase/config.toml, parsed (a syntax error fails the step that reads it, naming the line). */
const readConfig = () => parseToml(readFileSync(join(ROOT, 'supabase/config.toml'), 'utf8'), 'supabase/config.toml');

await step(`supabase/config.toml's [remotes.${PRODUCTION_REMOTE}] gives production its ref, origin, redirect URLs and Auth SMTP`, () => {
  const problems = productionConfigProblems(readConfig());
  if (problems.length) throw new Error(problems.join('\n'));
});

await step('send-notifications bundles the brand content/site.json gives (npm run functions:bundle wrote it)', () => {
  const stale = staleBrandModule();
  if (stale) throw new Error(stale);
});

const names = functionNames();
await step(`deno check passes on every function (${names.join(', ')})`, () => {
  const checked = spawnSync(denoBinary(), ['check', '--quiet', '--node-modules-dir=manual', ...names.map((name) => join(FUNCTIONS_DIR, name, 'index.ts'))], {
    cwd: ROOT,
    env: { ...process.env, DENO_DIR: join(ROOT, 'node_modules/.cache/deno'), NO_COLOR: '1' },
    encoding: 'utf8',
  });
  if (checked.status !== 0) throw new Error(`${checked.stdout}${checked.stderr}`.trim());
});

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
const installed = { ...pkg.dependencies, ...pkg.devDependencies };
for (const name of names) {
  await step(`${name}: the CLI uploads every file it imports (none of src/ or supabase/local/), its deno.json maps each package at package.json's range`, () => {
    const { problems, files, packages } = functionImportProblems(ROOT, join(FUNCTIONS_DIR, name), installed);
    if (problems.length) throw new Error(problems.join('\n'));
    return `${files.length} files; ${packages.map((p) => `${p}@${installed[p]}`).join(', ')}`;
  });
}

await step('supabase/config.toml deploys every function with verify_jwt = false', () => {
  const config = readConfig();
  const wrong = names.filter((name) => config.get(`functions.${name}`)?.get('verify_jwt') !== false);
  if (wrong.length) throw new Error(`add [functions.<name>] verify_jwt = false for: ${wrong.join(', ')}`);
});

await step('the migrations apply in order to a new database with pg_net, pg_cron and Vault (stand-ins)', async () => {
  const db = await openDb({ dataDir: 'memory://' });
  try {
    const { rows } = await db.query<{ count: number; job: string }>(
      `select (select count(*)::int from supabase_migrations.schema_migrations) as count,
              (select schedule || ' ' || command from cron.job where jobname = 'sweep-queues') as job`,
    );
    return `${rows[0]!.count} migrations; cron job sweep-queues: ${rows[0]!.job}`;
  } finally {
    await db.close();
  }
});

await step("staff's policies and RPCs serve an admin only at aal2 (private.session_is_aal2, TOTP)", async () => {
  const db = await openDb({ dataDir: 'memory://' });
  try {
    const user = await db.query<{ id: string }>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
                               created_at, updated_at, confirmation_token, recovery_token, email_change_token_new, email_change)
       values ('00000000-0000-0000-0000-000000000000', extensions.gen_random_uuid(), 'authenticated', 'authenticated', 'deploy-check@example.com',
               '', now(), '{}', '{}', now(), now(), '', '', '', '') returning id`,
    );
    const id = user.rows[0]!.id;
    await db.query(`update public.profiles set role = 'admin' where id = $1`, [id]);
    const isAdminAt = async (aal: string) =>
      db.transaction(async (tx) => {
        await tx.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: id, role: 'authenticated', aal }),
        ]);
        return (await tx.query<{ admin: boolean }>('select private.is_admin() as admin')).rows[0]!.admin;
      });
    const [aal1, aal2] = [await isAdminAt('aal1'), await isAdminAt('aal2')];
    if (aal1 || !aal2) throw new Error(`an admin is staff at aal1: ${aal1}, at aal2: ${aal2} (expected false, true)`);
  } finally {
    await db.close();
  }
});

console.log(`
What the project needs set once (docs/deploy.md says how, in order):
  Auth email, before the site is published (step 4): an SMTP provider's account on port 465, its
    link and click tracking switched off (a rewritten link breaks, and a scanner's visit is a click);
    then ${AUTH_SMTP_ENV.map((name) => `${name}=…`).join(' ')} supabase config push
  supabase secrets set ${Object.keys(FUNCTION_SECRETS).map((name) => `${name}=…`).join(' ')}
${Object.entries(FUNCTION_SECRETS).map(([name, what]) => `    ${name}: ${what}`).join('\n')}
  Vault (SQL editor): select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
                      select vault.create_secret('<a secret key of the project>', 'queue_functions_key');
  Daily rebuild, for scheduled news (step 8): the CDN's build hook URL in Vault:
                      select vault.create_secret('<the build hook URL>', 'site_build_hook_url');
  Then: supabase functions deploy (all of ${names.join(', ')}), and again after a change to notifications.staff in content/site.json
  (the name and contact details reach the emails through the site's /data/brand.json, no deploy).
  The first admin (docs/deploy.md, "Staff and their second factor"): sign up on the site, make the account
    admin in the SQL editor, sign in at /admin and set up an authenticator app before anything opens.`);

// The CMS's sign-in (docs/deploy.md, step 11): the GitHub OAuth App is made by hand, once.
console.log(`  GitHub: an OAuth App with the Authorization callback URL <SITE_URL>/cms/oauth-callback; its Client ID
  and a client secret are GITHUB_OAUTH_CLIENT_ID and GITHUB_OAUTH_CLIENT_SECRET above (docs/deploy.md, step 11).`);

if (failures.length > 0) {
  console.error(`\n${failures.length} check${failures.length === 1 ? '' : 's'} failed.`);
  process.exit(1);
}
console.log('\nEverything this machine can check holds.');
