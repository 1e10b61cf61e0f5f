// The embedded backend (`npm start` and `npm run backend` start it with the functions' local
// settings): opens the local database (PGlite under .local-data/, or DATABASE_URL), applies
// migrations, serves the Supabase-compatible API on http://127.0.0.1:54321 and starts Deno with the
// project's Edge Functions. A brand-new PGlite database gets supabase/seed.sql, as `supabase start`
// does, so a newcomer's first `npm start` already has an admin to sign in with.
import { loadConfig } from './config.ts';
import { isNewDatabase, localDbOptions, openDb } from './db/open.ts';
import { exitOnConfigError, loadProjectEnv } from '../../common/env.ts';
import { describeAccounts, seed } from './db/seed.ts';
import { createServer } from './server.ts';

const started = performance.now();
loadProjectEnv();
// A bad variable or a malformed config.toml ends start-up here, with one message naming it.
const { config, options } = exitOnConfigError(() => ({ config: loadConfig(), options: localDbOptions() }));
// Only a new PGlite database is seeded; a server given by DATABASE_URL may hold data, and
// db:reset seeds it on request.
const seedNow = isNewDatabase(options);
const db = await openDb(options);
if (seedNow) await seed(db);
const dbMs = Math.round(performance.now() - started);
const server = await createServer({ db, config });
// Started now rather than on the first call, so a content/site.json the functions cannot bundle
// stops start-up with its field, and the first lead's email does not wait for Deno.
const functions = await server.functions.start().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  await server.close();
  await db.close();
  process.exit(1);
});
const ms = Math.round(performance.now() - started);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`Backend stopping (${signal})`);
  await server.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

// One write, after the signal handlers exist: whoever waits for this block (npm start, a test)
// reads it whole, and may stop the backend the moment it appears.
console.log(
  [
    `Local Supabase API   ${server.url}   (${db.kind}, ready in ${ms} ms, database ${dbMs} ms of it)`,
    `Outbox               ${server.url}/mail`,
    `Edge Functions       ${server.url}/functions/v1/{${functions.names.join(',')}}   (${functions.version})`,
    ...(server.smtpPort === null ? [] : [`SMTP catcher         smtp://${config.host}:${server.smtpPort}   (every message lands in the outbox)`]),
    `anon key             ${server.keys.anonKey}`,
    `service_role key     ${server.keys.serviceRoleKey}`,
    ...(seedNow ? ['New local database, seeded.', ...describeAccounts()] : []),
  ].join('\n'),
);
