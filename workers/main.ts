// `npm run worker` (npm start runs it too): the background worker's process. It runs the loop of
// loop.ts, which sends the notifications queued in the database by email (notifications/) and
// removes the documents of deleted applications through the Storage API (documents/). Locally it
// works on the embedded backend and sends to its SMTP catcher (outbox at /mail); in production it
// runs on any Node host with SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY and SMTP_* (README,
// Production). SIGTERM or SIGINT finish the sends in flight, then exit.
import { loadConfig } from '../supabase/local/config.ts';
import { exitOnConfigError, loadProjectEnv } from '../supabase/local/env.ts';
import { startWorker } from './loop.ts';
import { workerSettings } from './settings.ts';

loadProjectEnv();
// A bad variable ends start-up here with one line naming it; after this check the settings are valid.
exitOnConfigError(() => loadConfig());
const settings = await workerSettings();
const worker = startWorker(settings);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`Notification worker stopping (${signal}) after the sends in flight`);
  await worker.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

console.log(
  `Notification worker  ${settings.supabaseUrl} → smtp://${settings.smtp.host}:${settings.smtp.port}, and deleted applications' documents   (every ${settings.pollMs} ms when idle, ${settings.batchSize} per claim)`,
);
