// The embedded Supabase-compatible backend: one node:http server for /auth/v1 (GoTrue subset),
// /rest/v1 (PostgREST subset), /storage/v1 (Storage subset), /functions/v1 (the project's Edge
// Functions, run in Deno) and /mail (the local outbox), with the API gateway's apikey check and
// CORS for the site's origins; beside it, the SMTP catcher that feeds the outbox, and what the
// database's pg_net and pg_cron stand-ins need outside SQL: the worker that sends queued HTTP
// requests, and the scheduler that runs cron jobs.
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import type { Db } from './db/types.ts';
import type { BackendConfig } from './config.ts';
import { logClosedConnections } from './connection-log.ts';
import { corsHeaders, preflightHeaders } from './cors.ts';
import { apiKeyError, authError, HttpError, restError } from './http-errors.ts';
import { header, parseJson, readBody, sendError, sendJson, type Reply } from './http.ts';
import { apiKeys, type ApiKeys } from './jwt.ts';
import { BackgroundQueue } from './auth/background.ts';
import { AuthLimits } from './auth/rate-limit.ts';
import { handleAuth } from './auth/routes.ts';
import { Mailer } from './mail/mailer.ts';
import type { Outbox } from './mail/mailbox.ts';
import { outboxRoute } from './mail/mailbox-route.ts';
import { startSmtpCatcher, type SmtpCatcher } from './mail/smtp-catcher.ts';
import { startCronScheduler, type CronScheduler } from './cron/scheduler.ts';
import { FunctionsHost, functionRoute } from './functions/route.ts';
import { startNetWorker, type NetWorker } from './net/worker.ts';
import { Catalog } from './rest/catalog.ts';
import { handleRest } from './rest/handler.ts';
import { restIdentity } from './rest/identity.ts';
import { openBlobStore } from './storage/blobs.ts';
import { storageError } from './storage/errors.ts';
import { handleStorage, type StorageContext } from './storage/routes.ts';

export interface BackendServer {
  /** Base URL the server listens on, e.g. http://127.0.0.1:54321. */
  url: string;
  keys: ApiKeys;
  outbox: Outbox;
  /** Port of the SMTP catcher feeding the outbox (null when config.smtpCatcherPort is null). */
  smtpPort: number | null;
  /** Resolves once the emails of /recover and /resend requests answered so far are in the outbox. */
  settled(): Promise<void>;
  /** The Edge Functions' Deno process, started on first use (start() starts it now). */
  functions: FunctionsHost;
  /** Stops accepting requests and closes open connections (the database stays open). */
  close(): Promise<void>;
}

const API_VERSION = '2024-01-01';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Starts the backend on config.host:config.port (0 picks a free port) over an open database. */
export async function createServer({ db, config: given }: { db: Db; config: BackendConfig }): Promise<BackendServer> {
  // A private copy: the API URL is filled in once the port is known.
  const config: BackendConfig = { ...given };
  const keys = await apiKeys(config.jwtSecret);
  const validKeys = new Set([keys.anonKey, keys.serviceRoleKey]);
  const catalog = new Catalog(db);
  await catalog.load();
  const mailer = new Mailer(config);
  // This server's own address, known once it listens: functions call the REST API through it.
  let selfUrl = '';
  const authCtx = { db, config, mailer, limits: new AuthLimits(config.rateLimits, config.otpExpirySeconds), background: new BackgroundQueue() };
  const storageCtx: StorageContext = {
    db,
    blobs: openBlobStore(config.storageDir),
    jwtSecret: config.jwtSecret,
    bodyLimitBytes: config.bodyLimitBytes,
    fileSizeLimitBytes: config.storageFileSizeLimitBytes,
  };

  // The functions call the API through this server's own address, known once it listens.
  const functions = new FunctionsHost(() => ({
    env: { SUPABASE_URL: selfUrl, SUPABASE_ANON_KEY: keys.anonKey, SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey, ...config.functionSecrets },
  }));

  const server = createHttpServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.error('[backend] unexpected error', err);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal server error' });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (config.logRequests) {
      const started = performance.now();
      res.once('finish', () => console.log(`${req.method} ${req.url} ${res.statusCode} ${(performance.now() - started).toFixed(1)} ms`));
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    const path = url.pathname;
    if (path.startsWith('/functions/v1/')) {
      // Functions answer for themselves, CORS included, as behind the hosted gateway with --no-verify-jwt.
      try {
        await write(res, await functionRoute(req, method, url, functions, config.bodyLimitBytes), {}, method);
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        sendError(res, err, false);
      }
      return;
    }
    // Storage reads the path as sent (storage/routes.ts), so it is recognised before normalisation.
    const rawPath = (req.url ?? '/').split('?')[0]!;
    const area = rawPath.startsWith('/storage/v1/') ? 'storage' : path.startsWith('/auth/v1/') ? 'auth' : path.startsWith('/rest/v1/') ? 'rest' : 'other';
    const versioned = (header(req, 'x-supabase-api-version') ?? '') >= API_VERSION;
    const cors = area === 'other' ? {} : corsHeaders(req, config.corsOrigins);
    const base: Record<string, string> = { ...(cors ?? {}) };
    if (area === 'auth' && versioned) base['x-supabase-api-version'] = API_VERSION;

    const fail = (err: HttpError) => sendError(res, err, versioned, base);
    try {
      if (method === 'OPTIONS') {
        if (cors === null) throw restError(403, 'CORS', `Origin ${req.headers.origin} is not allowed`);
        res.writeHead(204, { ...base, ...preflightHeaders() });
        res.end();
        return;
      }
      const reply = area === 'storage' ? await handleStorage(storageCtx, req, method, (req.url ?? '/').slice('/storage/v1'.length)) : await route(req, method, url, area);
      await write(res, reply, base, method);
    } catch (err) {
      if (err instanceof HttpError) return fail(err);
      console.error(`[backend] ${method} ${path} failed`, err);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      fail(serverError(area));
    }
  }

  async function route(req: IncomingMessage, method: string, url: URL, area: 'auth' | 'rest' | 'other'): Promise<Reply> {
    const path = url.pathname;
    if (area === 'other') return otherRoute(req, method, url);
    const sub = path.slice(area === 'auth' ? '/auth/v1/'.length : '/rest/v1/'.length).replace(/\/+$/, '');
    // Email links and health checks are opened without a key, as behind the hosted gateway.
    const open = area === 'auth' && ((method === 'GET' && sub === 'verify') || sub === 'health' || sub === '.well-known/jwks.json');
    if (!open) {
      const key = header(req, 'apikey') ?? url.searchParams.get('apikey');
      if (!key) throw apiKeyError(true);
      if (!validKeys.has(key)) throw apiKeyError(false);
    }
    url.searchParams.delete('apikey');
    const tooLarge = () =>
      area === 'auth'
        ? authError(413, 'request_too_large', `Request body is larger than ${config.bodyLimitBytes} bytes`)
        : restError(413, 'PGRST413', `Request body is larger than ${config.bodyLimitBytes} bytes`);
    const body = WRITE_METHODS.has(method) ? await readBody(req, config.bodyLimitBytes, tooLarge) : '';
    if (area === 'auth') {
      const parsed = parseJson(body, (detail) => authError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        throw authError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
      }
      return handleAuth(authCtx, { req, method, path: sub, query: url.searchParams, body: parsed as Record<string, unknown> });
    }
    const identity = await restIdentity(req, config.jwtSecret);
    return handleRest(db, catalog, { req, method, path: safeDecode(sub), query: url.searchParams, body, identity }, config.maxRows);
  }

  function otherRoute(req: IncomingMessage, method: string, url: URL): Reply {
    const path = url.pathname;
    const mail = outboxRoute(mailer.outbox, req, method, url, keys.serviceRoleKey);
    if (mail) return mail;
    if (path === '/health' && method === 'GET') return { status: 200, body: '{"status":"ok"}' };
    throw new HttpError(404, 'Not found', () => ({ message: 'no Route matched with those values' }));
  }

  async function write(res: ServerResponse, reply: Reply, base: Record<string, string>, method: string): Promise<void> {
    const headers: Record<string, string> = { ...base, ...(reply.headers ?? {}) };
    if (reply.stream) {
      res.writeHead(reply.status, headers);
      await pipeline(reply.stream, res);
    } else if (reply.body !== undefined && method !== 'HEAD') {
      headers['content-type'] ??= 'application/json; charset=utf-8';
      headers['content-length'] = String(Buffer.byteLength(reply.body));
      res.writeHead(reply.status, headers);
      res.end(reply.body);
    } else {
      res.writeHead(reply.status, headers);
      res.end();
    }
  }

  logClosedConnections(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  // How long a kept-alive connection may stay idle. The idle timer is a timer like any other: when
  // the event loop is held (a slow statement on PGlite, which runs in this thread, on a busy
  // machine) it fires late, before the server has read the request waiting in that connection,
  // which is then closed under it (the client's ECONNRESET). Node's 5 s was shorter than such
  // stalls under load (docs/performance.md); 30 s is longer than any seen, and below
  // headersTimeout (60 s). close() ends idle connections itself (closeAllConnections).
  server.keepAliveTimeout = 30_000;
  const address = server.address() as AddressInfo;
  const url = `http://${config.host}:${address.port}`;
  selfUrl = url;
  let catcher: SmtpCatcher | null = null;
  if (config.smtpCatcherPort !== null) {
    try {
      catcher = await startSmtpCatcher({ port: config.smtpCatcherPort, outbox: mailer.outbox });
    } catch (error) {
      server.close();
      throw error;
    }
  }
  if (config.port === 0) {
    // Links in emails and the token issuer must name the port actually chosen.
    config.apiUrl = url;
  }
  let queues: { net: NetWorker | null; cron: CronScheduler | null };
  try {
    queues = await startQueueCalls(db, config, keys);
  } catch (error) {
    server.close();
    await catcher?.close();
    throw error;
  }
  return {
    url,
    keys,
    outbox: mailer.outbox,
    smtpPort: catcher?.port ?? null,
    settled: () => authCtx.background.settled(),
    functions,
    close: async () => {
      // Jobs and requests in flight finish first: they call this server and its functions.
      await queues.cron?.stop();
      await queues.net?.stop();
      await functions.stop();
      await Promise.all([
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
        catcher?.close(),
      ]);
    },
  };
}

/**
 * What lets the database call the queues' functions: the pg_net stand-in's worker and the pg_cron
 * stand-in's scheduler, each where the stand-in is what the database has (a real extension does
 * its own work), and, when config.callQueueFunctions, the project's address (config.apiUrl: this
 * server, or API_EXTERNAL_URL) and this server's service key in Vault, where the queues' triggers
 * and sweep read them (supabase/migrations/20261122000500_notifications.sql).
 */
async function startQueueCalls(db: Db, config: BackendConfig, keys: ApiKeys): Promise<{ net: NetWorker | null; cron: CronScheduler | null }> {
  const { rows } = await db.query<{ net: boolean; cron: boolean }>(
    `select not exists (select 1 from pg_extension where extname = 'pg_net') and to_regclass('net.http_request_queue') is not null as net,
            not exists (select 1 from pg_extension where extname = 'pg_cron') and to_regclass('cron.job') is not null as cron`,
  );
  if (config.callQueueFunctions) {
    await db.transaction(async (tx) => {
      for (const [name, value] of [
        ['project_url', config.apiUrl],
        ['queue_functions_key', keys.serviceRoleKey],
      ]) {
        const { rows: found } = await tx.query<{ id: string }>('select id from vault.secrets where name = $1', [name]);
        if (found[0]) await tx.query('select vault.update_secret($1, $2)', [found[0].id, value]);
        else await tx.query('select vault.create_secret($1, $2)', [value, name]);
      }
    });
  }
  return { net: rows[0]!.net ? await startNetWorker(db) : null, cron: rows[0]!.cron ? startCronScheduler(db) : null };
}

/** The answer to an unexpected failure, in the area's error shape. */
function serverError(area: string): HttpError {
  if (area === 'auth') return authError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
  if (area === 'storage') return storageError(500, 'InternalError', 'Internal Server Error', 'Internal');
  return restError(500, 'PGRST000', 'Internal server error');
}

/** Decodes a percent-encoded path segment; malformed escapes are kept as written (and then not found). */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
