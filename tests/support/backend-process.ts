// The local backend as `npm start` runs it: supabase/local/main.ts in a child process, on an
// ephemeral port, with the Edge Functions' local secrets (mail to its own catcher). For tests and
// benchmarks that need the real entry point rather than an in-process server.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { bundleFunctions } from '../../scripts/bundle-functions.ts';
import { loadConfig, PROJECT_ROOT } from '../../supabase/local/config.ts';
import { localFunctionSecrets } from '../../supabase/local/functions/local-secrets.ts';

export interface BackendProcess {
  url: string;
  /** The child's process id (the storage benchmark reads its memory use). */
  pid: number;
  anonKey: string;
  serviceRoleKey: string;
  /** Port of its SMTP catcher (the mailbox's SMTP side). */
  smtpPort: number;
  /** Milliseconds from spawn until the ready block arrived (the backend was listening). */
  startMs: number;
  /** The backend's own figure: process start to listening. */
  readyMs: number;
  /** Of readyMs, the part spent opening the database (bootstrap, migrations, seed). */
  databaseMs: number;
  /** Everything the process has printed so far, stdout and stderr. */
  readonly output: string;
  /** null while it runs; once it has ended, how (`exit code 1`, `signal SIGKILL`). */
  readonly ended: string | null;
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

/** Backends started by this process, most recent last, for a report of the one that failed. */
const startedBackends: BackendProcess[] = [];
/** The children still running, killed when this process exits (a failed benchmark or test leaves none behind). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** The most recently started backend, if any. */
export function lastBackend(): BackendProcess | undefined {
  return startedBackends.at(-1);
}

/** Its last `lines` lines of output and whether it still runs: what a failed run prints. */
export function backendReport(backend: BackendProcess, lines = 40): string {
  const tail = backend.output.trimEnd().split('\n').slice(-lines).join('\n');
  return `The backend (pid ${backend.pid}) ${backend.ended ? `has ended (${backend.ended})` : 'is still running'}; its last output:\n${tail || '(nothing)'}`;
}

/** Starts main.ts with env over this process's environment; resolves once its ready block is printed. */
export async function startBackendProcess(env: Record<string, string>): Promise<BackendProcess> {
  const started = performance.now();
  // As npm start does: the backend serves the functions as they are on disk.
  bundleFunctions();
  const catcherPort = await freePort();
  const child = spawn(process.execPath, [join(PROJECT_ROOT, 'supabase/local/main.ts')], {
    cwd: PROJECT_ROOT,
    // Free ports for the API and the SMTP catcher, so a running `npm start` is never in the way.
    env: { ...process.env, BACKEND_PORT: '0', SMTP_CATCHER_PORT: String(catcherPort), ...localFunctionSecrets(loadConfig(), catcherPort), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  let ended: string | null = null;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      ended = signal ? `signal ${signal}` : `exit code ${code}`;
      running.delete(child);
      resolve(code);
    }),
  );
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return new Promise((resolve, reject) => {
    let serving = false;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (serving) return;
      // main.ts prints its whole ready block in one write once it is listening, so a complete
      // service_role line means the block is here.
      const url = /Local Supabase API\s+(\S+)/.exec(output)?.[1];
      const ready = /ready in (\d+) ms, database (\d+) ms/.exec(output);
      const anonKey = /anon key\s+(\S+)/.exec(output)?.[1];
      const serviceRoleKey = /service_role key\s+(\S+)\n/.exec(output)?.[1];
      const smtpPort = /SMTP catcher\s+smtp:\/\/[^:]+:(\d+)/.exec(output)?.[1];
      if (!url || !ready || !anonKey || !serviceRoleKey || !smtpPort) return;
      serving = true;
      const backend: BackendProcess = {
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
        get ended() {
          return ended;
        },
        stop,
      };
      startedBackends.push(backend);
      resolve(backend);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // After resolve this is a no-op: only an exit before the ready block rejects.
    void exited.then((code) => reject(new Error(`backend exited (${code}) before serving:\n${output}`)));
  });
}
