// /functions/v1/<name>: the project's Edge Functions (supabase/functions/), served by importing the
// same web-standard handlers the hosted project deploys. Only functions listed here exist locally.
import type { IncomingMessage } from 'node:http';
import { handleUnsubscribe, type UnsubscribeEnv } from '../functions/unsubscribe/handler.ts';
import { HttpError } from './http-errors.ts';
import { readBody, type Reply } from './http.ts';

// A Map, not an object: a name such as `constructor` or `toString` must not find an inherited member.
const FUNCTIONS = new Map<string, (req: Request, env: UnsubscribeEnv) => Promise<Response>>([['unsubscribe', handleUnsubscribe]]);

/** The methods a function may be called with; the hosted gateway refuses others (TRACE, CONNECT...). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Runs the function a /functions/v1/ request names and returns its answer. */
export async function functionRoute(req: IncomingMessage, method: string, url: URL, env: UnsubscribeEnv, bodyLimit: number): Promise<Reply> {
  const name = url.pathname.slice('/functions/v1/'.length).replace(/\/+$/, '');
  const handler = FUNCTIONS.get(name);
  if (!handler) return { status: 404, body: JSON.stringify({ message: 'Function not found' }) };
  if (!METHODS.has(method)) return { status: 405, body: JSON.stringify({ message: 'Method not allowed' }) };
  const hasBody = method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
  const body = hasBody ? await readBody(req, bodyLimit, () => new HttpError(413, 'Payload too large', () => ({ message: 'Request body too large' }))) : undefined;
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(key, value);
  const response = await handler(new Request(new URL(`${url.pathname}${url.search}`, env.supabaseUrl), { method, headers, ...(body === undefined ? {} : { body }) }), env);
  const text = await response.text();
  return { status: response.status, headers: Object.fromEntries(response.headers), ...(text ? { body: text } : {}) };
}
