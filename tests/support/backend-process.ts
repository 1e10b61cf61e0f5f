// The local backend as `npm start` runs it: supabase/local/main.ts in a child process, on an
// ephemeral port, with the Edge Functions' local secrets (mail to its own catcher). For tests and
// benchmarks that need the real entry point rather than an in-process server.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { loadConfig, PROJECT_ROOT } from '../../supabase/local/config.ts';
import { localFunctionSecrets } from '../../supabase/local/functions/local-secrets.ts';

export interface BackendProcess {
  url: string;
  /** The child's process id (the storage benchmark reads its memory use). */
  pid: number;
  anonKey: string;
  serviceRoleKey: string;
  /** Port of its SMTP catcher (the outbox's SMTP side). */
  smtpPort: number;
  /** Milliseconds from spawn until the ready block arrived (the backend was listening). */
  startMs: number;
  /** The backend's own figure: process start to listening. */
  readyMs: number;
  /** Of readyMs, the part spent opening the database (bootstrap, migrations, seed). */
  databaseMs: number;
  /** Everything the process has printed so far, stdout and stderr. */
  readonly output: string;
  /** Sends signal (SIGTERM by default) and resolves with the exit code (null when the signal ended it). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A port free now, for the catcher: the functions are told it before the backend starts, as npm start does. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts main.ts with env over this process's environment; resolves once its ready block is printed. */
export async function startBackendProcess(env: Record<string, string>): Promise<BackendProcess> {
  const started = performance.now();
  const catcherPort = await freePort();
  const child = spawn(process.execPath, [join(PROJECT_ROOT, 'supabase/local/main.ts')], {
    cwd: PROJECT_ROOT,
    // Free ports for the API and the SMTP catcher, so a running `npm start` is never in the way.
    env: { ...process.env, BACKEND_PORT: '0', SMTP_CATCHER_PORT: String(catcherPort), ...localFunctionSecrets(loadConfig(), catcherPort), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // main.ts prints its whole ready block in one write once it is listening, so a complete
      // service_role line means the block is here.
      const url = /Local Supabase API\s+(\S+)/.exec(output)?.[1];
      const ready = /ready in (\d+) ms, database (\d+) ms/.exec(output);
      const anonKey = /anon key\s+(\S+)/.exec(output)?.[1];
      const serviceRoleKey = /service_role key\s+(\S+)\n/.exec(output)?.[1];
      const smtpPort = /SMTP catcher\s+smtp:\/\/[^:]+:(\d+)/.exec(output)?.[1];
      if (!url || !ready || !anonKey || !serviceRoleKey || !smtpPort) return;
      resolve({
        url,
        pid: child.pid!,
        anonKey,
        serviceRoleKey,
        smtpPort: Number(smtpPort),
        startMs: performance.now() - started,
        readyMs: Number(ready[1]),
        databaseMs: Number(ready[2]),
        get output() {
          return output;
        },
        stop,
      });
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // After resolve this is a no-op: only an exit before the ready block rejects.
    void exited.then((code) => reject(new Error(`backend exited (${code}) before serving:\n${output}`)));
  });
}
