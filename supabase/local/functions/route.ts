// /functions/v1/<name>: the project's Edge Functions, run in Deno (runtime.ts), started on first use
// and started again after a crash. As behind the hosted gateway with verify_jwt = false (the
// setting of every function here, supabase/config.toml), requests pass without a key check: each
// function checks what it needs. Only the functions of supabase/functions exist.
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { HttpError } from '../http-errors.ts';
import { readBody, type Reply } from '../http.ts';
import { functionNames, type FunctionsRuntime, type RuntimeOptions, startFunctionsRuntime } from './runtime.ts';

/** The methods a function may be called with; the hosted gateway refuses others (TRACE, CONNECT...). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Headers that belong to one connection, not to the request or answer passed on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host', 'content-length', 'upgrade', 'proxy-connection', 'te', 'trailer']);

/** The Deno process of the functions: started when first needed, again after it ended. */
export class FunctionsHost {
  readonly names = functionNames();
  private runtime: Promise<FunctionsRuntime> | null = null;
  private stopping = false;
  private readonly options: () => RuntimeOptions;

  /** `options` is read at each start: the backend's address is known only once it listens. */
  constructor(options: () => RuntimeOptions) {
    this.options = options;
  }

  /** The running runtime, starting it when there is none. */
  start(): Promise<FunctionsRuntime> {
    if (this.stopping) return Promise.reject(new Error('the backend is stopping'));
    if (!this.runtime) {
      const starting = startFunctionsRuntime(this.options());
      this.runtime = starting;
      starting.then(
        (runtime) =>
          void runtime.exited.then((code) => {
            if (this.runtime !== starting) return;
            this.runtime = null;
            if (!this.stopping) console.error(`[functions] Deno exited (${code}); the next call starts it again`);
          }),
        () => {
          if (this.runtime === starting) this.runtime = null;
        },
      );
    }
    return this.runtime;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const runtime = await this.runtime?.catch(() => null);
    await runtime?.stop();
  }
}

/** Whether an answer of this type is text (JSON, HTML, plain text, or none said). */
function isText(type: string | null): boolean {
  return type === null || /^(text\/|application\/(json|[\w.+-]*\+json|javascript|xml)\b)/i.test(type);
}

/** Passes a /functions/v1/ request to its function and returns the function's answer. */
export async function functionRoute(req: IncomingMessage, method: string, url: URL, host: FunctionsHost, bodyLimit: number): Promise<Reply> {
  const name = url.pathname.slice('/functions/v1/'.length).split('/')[0] ?? '';
  if (!host.names.includes(name)) return { status: 404, body: JSON.stringify({ message: 'Function not found' }) };
  if (!METHODS.has(method)) return { status: 405, body: JSON.stringify({ message: 'Method not allowed' }) };
  const hasBody = method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
  const body = hasBody ? await readBody(req, bodyLimit, () => new HttpError(413, 'Payload too large', () => ({ message: 'Request body too large' }))) : undefined;
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string' && !HOP_BY_HOP.has(key)) headers.set(key, value);
  const runtime = await host.start();
  let response: Response;
  try {
    response = await fetch(`${runtime.url}${url.pathname}${url.search}`, { method, headers, redirect: 'manual', ...(body === undefined ? {} : { body }) });
  } catch (error) {
    // The function's process ended during the call (a crash, or a test killing it).
    return { status: 502, body: JSON.stringify({ message: `Function ${name} did not answer: ${error instanceof Error ? error.message : String(error)}` }) };
  }
  const answer = Object.fromEntries([...response.headers].filter(([key]) => !HOP_BY_HOP.has(key)));
  // A file (export-my-data's zip) passes as bytes: read as text, it would not survive.
  if (!isText(response.headers.get('content-type'))) {
    const bytes = Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: { ...answer, 'content-length': String(bytes.length) }, ...(bytes.length ? { stream: Readable.from([bytes]) } : {}) };
  }
  const text = await response.text();
  return { status: response.status, headers: answer, ...(text ? { body: text } : {}) };
}
