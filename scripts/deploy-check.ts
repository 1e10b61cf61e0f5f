// `npm run deploy:check`: what can be checked of a deploy without a network or an account, before
// docs/deploy.md's steps: config.toml's production override ([remotes.production]) is filled in
// and points at no local address; the brand file send-notifications bundles exists and is the one
// content/site.json gives (checked with the site's schema); the functions type-check in Deno;
// every file a function imports is one the Supabase CLI uploads (inside the project, never the
// embedded backend's); each `npm:` import asks for the range package.json
// installs, so the deployed function runs the versions the tests ran; config.toml deploys every
// function with verify_jwt = false (each checks its caller itself); and the migrations apply, in
// order, to a new database with pg_net, pg_cron and Vault (the embedded backend's stand-ins). It
// ends with the secrets and Vault values a project needs. Exit status 1 when anything fails.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FUNCTION_SECRETS } from '../supabase/functions/_shared/secrets.ts';
import { parseToml } from '../supabase/local/config-toml.ts';
import { openDb } from '../supabase/local/db/open.ts';
import { denoBinary, functionNames, FUNCTIONS_DIR } from '../supabase/local/functions/runtime.ts';
import { staleBrandModule } from './bundle-functions.ts';
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

// The Supabase CLI's walk of a function's imports (pkg/function/deno.go): relative paths with an
// extension, in import and export statements and dynamic imports.
const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:\{[^{}]+\}|.*?)\s*(?:from)?\s*['"](.*?)['"]|import\(\s*['"](.*?)['"]\)/gi;

/** Every file a function's entry point reaches through relative imports, every `npm:` specifier and every bare one met on the way. */
function importGraph(entry: string): { files: string[]; npm: Set<string>; bare: Set<string> } {
  const files = new Set<string>();
  const npm = new Set<string>();
  const bare = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (!existsSync(file)) throw new Error(`${relative(ROOT, file)} is imported but does not exist (run npm run functions:bundle?)`);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = (match[1] || match[2] || '').trim();
      if (specifier.startsWith('npm:')) npm.add(specifier);
      else if (/^\.\.?\//.test(specifier) && /\.[a-z]+$/i.test(specifier)) queue.push(resolve(dirname(file), specifier));
    }
    // The CLI's pattern is loose (it also meets words in comments); bare package names are read
    // from the statements alone.
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\b[^'"]*?\bfrom\s+['"]([^'"]+)['"]/gm)) {
      if (!/^(\.\.?\/|npm:|node:|jsr:|https?:|data:)/.test(specifier!)) bare.add(specifier!);
    }
  }
  return { files: [...files].sort(), npm, bare };
}

/** The `imports` of a function's deno.json (its import map on deploy), if it has one. */
function importMap(name: string): Record<string, string> {
  const file = join(FUNCTIONS_DIR, name, 'deno.json');
  return existsSync(file) ? ((JSON.parse(readFileSync(file, 'utf8')) as { imports?: Record<string, string> }).imports ?? {}) : {};
}

/** The package and range of an `npm:` specifier, e.g. npm:react-dom@^19.3.1/server → react-dom, ^19.3.1. */
function npmPackage(specifier: string): { name: string; range: string } {
  const match = /^npm:((?:@[^/@]+\/)?[^/@]+)@([^/]+)/.exec(specifier);
  if (!match) throw new Error(`${specifier} names no version range`);
  return { name: match[1]!, range: match[2]! };
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
  await step(`${name}: every import is uploaded by the CLI, none reaches supabase/local, each npm: range is package.json's`, () => {
    const { files, npm, bare } = importGraph(join(FUNCTIONS_DIR, name, 'index.ts'));
    // A bare name (shared with Node code) resolves on deploy through the function's deno.json.
    const map = importMap(name);
    const unmapped = [...bare].filter((specifier) => !map[specifier.split('/')[0]!.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!]);
    if (unmapped.length) throw new Error(`bare imports the deployed function cannot resolve (map them in supabase/functions/${name}/deno.json): ${unmapped.join(', ')}`);
    for (const target of Object.values(map)) npm.add(target);
    const outside = files.filter((file) => relative(ROOT, file).startsWith('..'));
    if (outside.length) throw new Error(`imports outside the project, which the CLI cannot upload: ${outside.join(', ')}`);
    const local = files.filter((file) => relative(ROOT, file).startsWith('supabase/local/'));
    if (local.length) throw new Error(`imports the embedded backend: ${local.map((file) => relative(ROOT, file)).join(', ')}`);
    const drift = [...npm].map(npmPackage).filter(({ name: pkgName, range }) => installed[pkgName] !== range);
    if (drift.length) throw new Error(drift.map(({ name: pkgName, range }) => `${pkgName}@${range}, where package.json has ${installed[pkgName] ?? 'nothing'}`).join('\n'));
    return `${files.length} files; ${[...new Set([...npm].map((s) => `${npmPackage(s).name}@${npmPackage(s).range}`))].sort().join(', ')}`;
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
  (the name and contact details reach the emails through the site's /data/brand.json, no deploy).`);

// The CMS's sign-in (docs/deploy.md, step 11): the GitHub OAuth App is made by hand, once.
console.log(`  GitHub: an OAuth App with the Authorization callback URL <SITE_URL>/cms/oauth-callback; its Client ID
  and a client secret are GITHUB_OAUTH_CLIENT_ID and GITHUB_OAUTH_CLIENT_SECRET above (docs/deploy.md, step 11).`);

if (failures.length > 0) {
  console.error(`\n${failures.length} check${failures.length === 1 ? '' : 's'} failed.`);
  process.exit(1);
}
console.log('\nEverything this machine can check holds.');
