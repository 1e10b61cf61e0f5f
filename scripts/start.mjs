// `npm start`: the whole product on one machine. Builds the static site against the local
// backend, then serves both: the site on http://localhost:4321 and the Supabase-compatible API on
// http://127.0.0.1:54321 (its mailbox at /mail), whose Edge Functions run in Deno: the database
// calls send-notifications, which sends every email to the backend's SMTP catcher, and
// remove-documents, which removes the files of deleted applications. Ctrl-C stops both.
// The content editor at http://localhost:4321/cms/ saves to this working copy through decap-server
// (CMS_LOCAL_PORT, no account), and a saved content file rebuilds the site (docs/content.md).
// `npm run backend` (--backend-only) starts the backend alone, with the same settings.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../supabase/local/config.ts';
import { ConfigError, exitOnConfigError, loadProjectEnv } from '../common/env.ts';
import { localFunctionSecrets } from '../supabase/local/functions/local-secrets.ts';
import { apiKeys } from '../supabase/local/jwt.ts';
import { readSiteEnv } from '../src/lib/site-env.ts';
import { bundleFunctions } from './bundle-functions.ts';
import { rebuildOnContentChange } from './site-rebuild.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const backendOnly = process.argv.includes('--backend-only');
loadProjectEnv();

// A bad variable stops here, before anything is built or started.
const config = exitOnConfigError(() => {
  const loaded = loadConfig();
  // The functions are told the catcher's port before the backend starts, so it must be a fixed one.
  if (!loaded.smtpCatcherPort) throw new ConfigError('Invalid environment variable SMTP_CATCHER_PORT="0": npm start needs a fixed port for the mail catcher.');
  return loaded;
});
// What the functions bundle from content/site.json (`npm run functions:bundle`), written before
// the backend serves them; a field the functions cannot bundle stops here, named.
try {
  bundleFunctions();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
// The functions' secrets, given explicitly (the functions have no local defaults): links to this
// site, and every email to the backend's catcher, whatever SMTP settings the environment holds.
const backendEnv = { ...process.env, ...localFunctionSecrets(config, config.smtpCatcherPort) };
const SITE_PORT = config.sitePort;
const CMS_PORT = exitOnConfigError(() => readSiteEnv(process.env)).CMS_LOCAL_PORT;
const apiUrl = config.apiUrl;
const keys = await apiKeys(config.jwtSecret);
const siteEnv = {
  ...process.env,
  PUBLIC_SUPABASE_URL: process.env.PUBLIC_SUPABASE_URL || apiUrl,
  PUBLIC_SUPABASE_ANON_KEY: process.env.PUBLIC_SUPABASE_ANON_KEY || keys.anonKey,
  // This is a working copy: drafts and scheduled news show, marked, as on a deploy preview
  // (src/lib/content/publication.ts), so an editor sees what they saved.
  SHOW_UNPUBLISHED: process.env.SHOW_UNPUBLISHED || 'true',
};
// The folder the site server serves; a rebuild goes to a folder beside it first (./site-rebuild.ts).
const outDir = resolve(root, exitOnConfigError(() => readSiteEnv(siteEnv)).ASTRO_OUT_DIR);
const astro = `${root}node_modules/astro/bin/astro.mjs`;

/** Children still running, stopped together on Ctrl-C or when one of them fails. */
const children = new Set();
let stopping = false;

function start(name, args, env = process.env) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  // Whole lines only: the build and the backend write at the same time, and a chunk can end in
  // the middle of a line.
  const pipeLines = (from, to) => {
    let partial = '';
    const write = (text) => to.write(text.replace(/^(?=.)/gm, `[${name}] `));
    from.on('data', (chunk) => {
      const text = partial + chunk.toString();
      const end = text.lastIndexOf('\n') + 1;
      partial = text.slice(end);
      if (end > 0) write(text.slice(0, end));
    });
    from.on('end', () => partial && write(`${partial}\n`));
  };
  pipeLines(child.stdout, process.stdout);
  pipeLines(child.stderr, process.stderr);
  child.exited = new Promise((resolve) => child.on('exit', (code, signal) => {
    children.delete(child);
    resolve(code ?? (signal ? 1 : 0));
  }));
  return child;
}

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  const force = setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
  }, 5000);
  force.unref();
  Promise.all([...children].map((c) => c.exited)).then(() => process.exit(code));
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

async function waitForHealth(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

// The backend opens its database while the site builds.
const backend = start('backend', [`${root}supabase/local/main.ts`], backendEnv);
backend.exited.then((code) => {
  if (!stopping) {
    console.error(`The backend stopped (exit code ${code}).`);
    stopAll(code || 1);
  }
});

const apiHealth = `http://${config.host}:${config.port}/health`;

/**
 * decap-server, which the content editor (/cms/) saves through: it writes to this working copy's
 * files (its fs mode: no git, no account), on CMS_LOCAL_PORT, which the build gave the editor.
 */
function startCmsServer() {
  const server = start('cms', [`${root}node_modules/decap-server/dist/index.js`], { ...process.env, PORT: String(CMS_PORT), GIT_REPO_DIRECTORY: root, MODE: 'fs' });
  server.exited.then((code) => {
    if (!stopping) {
      console.error(`decap-server stopped (exit code ${code}).`);
      stopAll(code || 1);
    }
  });
}

/**
 * Rebuilds the site when a content file changes (an editor saved in the CMS, or edited a file), so
 * the pages show it, and tells the CMS how it went (scripts/site-rebuild.ts).
 */
function rebuildOnChange() {
  const log = (line) => process.stdout.write(`[build] ${line}\n`);
  rebuildOnContentChange(`${root}content`, {
    outDir,
    env: siteEnv,
    log,
    onDone: (status) => console.log(status.state === 'published' ? 'The site is rebuilt.' : `The build failed; the site is as it was: ${status.reason}`),
  });
}

/** Builds the site, serves it, and prints where everything is once the site and the API answer. */
async function buildAndServeSite() {
  startCmsServer();
  console.log('Building the site…');
  const build = start('build', [astro, 'build'], siteEnv);
  const buildCode = await build.exited;
  if (buildCode !== 0) {
    console.error(`astro build failed (exit code ${buildCode}).`);
    stopAll(buildCode);
    return;
  }
  // The site server sends the headers of dist/_headers, as the production host will.
  const preview = start('site', [`${root}scripts/serve-site.ts`, '--port', String(SITE_PORT)], siteEnv);
  preview.exited.then((code) => {
    if (!stopping) {
      console.error(`The site server stopped (exit code ${code}).`);
      stopAll(code || 1);
    }
  });
  const [siteUp, apiUp] = await Promise.all([waitForHealth(`http://127.0.0.1:${SITE_PORT}/`, 60_000), waitForHealth(apiHealth, 120_000)]);
  if (stopping) return;
  if (!siteUp || !apiUp) {
    console.error(`${siteUp ? 'The backend' : 'The site'} did not start in time.`);
    stopAll(1);
    return;
  }
  rebuildOnChange();
  console.log(`
  Site              http://localhost:${SITE_PORT}
  Content editor    http://localhost:${SITE_PORT}/cms/   (saves to content/ here; the site rebuilds)
  API               ${apiUrl}
  Mailbox (emails)   ${apiUrl}/mail   (every email lands there, the notifications' too)
  Edge Functions    ${apiUrl}/functions/v1/   (in Deno: the database calls them)
  anon key          ${keys.anonKey}
  service_role key  ${keys.serviceRoleKey}

  Press Ctrl-C to stop them all.
`);
}

// `npm run backend` runs until Ctrl-C with the backend alone (its own block says where it is).
if (!backendOnly) await buildAndServeSite();
