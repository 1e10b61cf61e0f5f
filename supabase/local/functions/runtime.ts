// The project's Edge Functions in real Deno, as `supabase functions serve` runs them: one Deno
// process (the `deno` package's binary, pinned in package.json) running serve.ts, which loads each
// function of supabase/functions and answers /functions/v1/<name> on a loopback port of its own;
// the backend's /functions/v1/ route passes requests to it (route.ts). Like the CLI, it serves the
// functions as they are on disk: what they bundle from the repository is written beforehand by
// `npm run functions:bundle` (npm start, the tests' backends and the browser tests run it first).
// Deno resolves the functions' `npm:` imports from the project's node_modules
// (--node-modules-dir=manual), so it downloads nothing, and gets an environment of exactly the
// project's URL and keys and the functions' secrets: the functions read nothing else.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's functions folder. */
export const FUNCTIONS_DIR = fileURLToPath(new URL('../../functions/', import.meta.url));

const SERVE_SCRIPT = fileURLToPath(new URL('./serve.ts', import.meta.url));

/** The module send-notifications imports its brand from, written by `npm run functions:bundle`. */
export const BRAND_MODULE = join(FUNCTIONS_DIR, 'send-notifications', 'emails', 'brand.generated.ts');

/** Deno's cache (type information, compiled code), kept with the project's other caches. */
const DENO_DIR = fileURLToPath(new URL('../../../node_modules/.cache/deno', import.meta.url));

/** The functions of supabase/functions: each folder with an index.ts, except `_shared` and other `_` folders. */
export function functionNames(dir = FUNCTIONS_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && existsSync(join(dir, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort();
}

/** The Deno binary of the `deno` package (its own install API finds, or links, the platform's binary). */
export function denoBinary(): string {
  const require = createRequire(import.meta.url);
  return (require('deno/install_api.cjs') as { runInstall(): string }).runInstall();
}

export interface FunctionsRuntime {
  /** Where serve.ts answers, e.g. http://127.0.0.1:40123 (requests keep their /functions/v1/<name> path). */
  url: string;
  names: string[];
  /** e.g. 'Deno 2.9.6'. */
  version: string;
  /** The Deno process's id. */
  pid: number;
  /** Resolves when the Deno process has ended (stop(), or a crash). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export interface RuntimeOptions {
  /** The functions' whole environment: SUPABASE_URL, the keys and the functions' secrets. */
  env: Record<string, string>;
  /** Each line the functions print (their console), without the ready line. */
  log?: (line: string) => void;
}

/** Starts Deno with every function loaded; resolves once it answers. */
export async function startFunctionsRuntime({ env, log = (line) => console.log(`[functions] ${line}`) }: RuntimeOptions): Promise<FunctionsRuntime> {
  // Without it send-notifications cannot load: say what to run rather than Deno's module error.
  if (!existsSync(BRAND_MODULE)) throw new Error(`${relative(process.cwd(), BRAND_MODULE)} does not exist: run npm run functions:bundle`);
  const names = functionNames();
  const deno = denoBinary();
  const child = spawn(
    deno,
    ['run', '--node-modules-dir=manual', '--no-prompt', '--allow-net', '--allow-env', '--allow-read', '--allow-sys=hostname,osRelease', SERVE_SCRIPT, '0', ...names],
    {
      // Only what Deno itself needs beside the functions' variables; nothing of the backend's own environment.
      env: { ...env, DENO_DIR, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1', PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '' },
      // Its standard input is a pipe this process never writes to: Deno exits when it ends, that is
      // when this process ends, even by SIGKILL (serve.ts).
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const lines = (from: NodeJS.ReadableStream) => {
      let partial = '';
      from.on('data', (chunk: Buffer) => {
        const text = partial + chunk.toString();
        const end = text.lastIndexOf('\n') + 1;
        partial = text.slice(end);
        for (const line of text.slice(0, end).split('\n').filter(Boolean)) {
          const ready = /^listening on (\d+)$/.exec(line);
          if (ready) resolve(Number(ready[1]));
          else {
            output += `${line}\n`;
            log(line);
          }
        }
      });
    };
    lines(child.stdout);
    lines(child.stderr);
    void exited.then((code) => reject(new Error(`Deno exited (${code}) before serving the functions:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    names,
    version: denoVersion(),
    pid: child.pid!,
    exited,
    stop: () => stopChild(child, exited),
  };
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await exited;
}

/** The version of the `deno` package, which is its binary's. */
function denoVersion(): string {
  const require = createRequire(import.meta.url);
  return `Deno ${(require('deno/package.json') as { version: string }).version}`;
}
