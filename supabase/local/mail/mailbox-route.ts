// /mail, /mail.json and /mail?format=json: the outbox over HTTP, for the developer's browser and
// for tests on the same machine only.
//
// The outbox shows live sign-in and password-reset links. A page on any website could point a
// host name of its own at 127.0.0.1 (DNS rebinding) and then read /mail as a same-origin
// request; such a request carries the attacker's host name in `Host`, so only loopback names
// are answered. Emptying the outbox destroys evidence other tabs and tests rely on, so DELETE
// also needs the service_role key, as the admin API does.
import type { IncomingMessage } from 'node:http';
import { HttpError } from '../http-errors.ts';
import { header, type Reply } from '../http.ts';
import { outboxPage, type Outbox } from './mailbox.ts';

/** localhost, 127.0.0.1 or [::1], with or without a port. */
const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

/** True when a request's Host header names this machine's loopback interface. */
function isLoopbackHost(host: string | undefined): boolean {
  return host !== undefined && LOOPBACK_HOST.test(host);
}

const bodyOf = (message: string) => () => ({ message });

/** Answers an outbox request, or undefined when the path is not the outbox's. */
export function outboxRoute(outbox: Outbox, req: IncomingMessage, method: string, url: URL, serviceRoleKey: string): Reply | undefined {
  const path = url.pathname;
  if (path !== '/mail' && path !== '/mail.json') return undefined;
  if (!isLoopbackHost(header(req, 'host'))) {
    // 421 Misdirected Request: this server does not answer for that host name.
    throw new HttpError(421, 'Misdirected request', bodyOf('The outbox answers only for localhost, 127.0.0.1 and [::1]'));
  }
  if (method === 'DELETE') {
    const bearer = /^Bearer (.+)$/i.exec(header(req, 'authorization') ?? '')?.[1];
    const keys = [header(req, 'apikey'), bearer].filter((k): k is string => !!k);
    if (keys.length === 0) {
      throw new HttpError(401, 'Unauthorized', bodyOf('Emptying the outbox needs the service_role key'), { 'www-authenticate': 'Bearer' });
    }
    if (!keys.includes(serviceRoleKey)) throw new HttpError(403, 'Forbidden', bodyOf('Emptying the outbox needs the service_role key'));
    outbox.clear();
    return { status: 204 };
  }
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  const messages = outbox.list(url.searchParams.get('to'));
  if (path === '/mail.json' || url.searchParams.get('format') === 'json') {
    return { status: 200, body: JSON.stringify({ messages }), headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } };
  }
  return { status: 200, body: outboxPage(messages), headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } };
}
