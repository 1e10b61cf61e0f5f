// `npm run backend`: opens the local database (PGlite under .local-data/, or DATABASE_URL),
// applies migrations and serves the Supabase-compatible API on http://127.0.0.1:54321.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, PROJECT_ROOT } from './config.ts';
import { openDb } from './db/open.ts';
import { createServer } from './server.ts';

const started = performance.now();
// A developer's .env (see .env.example) applies; variables already set win.
const envFile = join(PROJECT_ROOT, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);
const config = loadConfig();
const db = await openDb(process.env.PGLITE_DATA_DIR ? { dataDir: process.env.PGLITE_DATA_DIR } : {});
const dbMs = Math.round(performance.now() - started);
const server = await createServer({ db, config });
const ms = Math.round(performance.now() - started);

console.log(`Local Supabase API   ${server.url}   (${db.kind}, ready in ${ms} ms, database ${dbMs} ms of it)`);
console.log(`Outbox               ${server.url}/mail`);
console.log(`anon key             ${server.keys.anonKey}`);
console.log(`service_role key     ${server.keys.serviceRoleKey}`);

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
