// Starts the local backend for one test file: in-memory PGlite with the migrations applied, a
// server on an ephemeral port, supabase-js clients, and helpers that read the mailbox and follow
// email links the way a browser would.
import { createClient } from '@supabase/supabase-js';
import type { Database, SiteClient, TablesInsert } from '../../src/lib/database.ts';
import { request } from 'node:http';
import pg from 'pg';
import { test } from 'vitest';
import { bundleFunctions } from '../../scripts/bundle-functions.ts';
import { loadConfig, type BackendConfig } from '../../supabase/local/config.ts';
import { openDb, type ScriptDb } from '../../supabase/local/db/open.ts';
import type { MailMessage } from '../../supabase/local/mail/mailbox.ts';
import { createServer } from '../../supabase/local/server.ts';
import { missingRemoteVariables, ON_REMOTE, remoteApi, type RemoteApi } from '../support/remote-target.ts';
import { reachAal2 } from '../support/totp.ts';

export interface TestBackend {
  url: string;
  /** Where email links land when no allowed redirect is named (supabase/config.toml site_url). */
  siteUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Port of the SMTP catcher feeding the mailbox, when the test asked for one. */
  smtpPort: number | null;
  db: ScriptDb;
  /** A fresh supabase-js client with the anon key and no stored session. */
  client(): SiteClient;
  /** A client that uses the service_role key. */
  admin(): SiteClient;
  /** Resolves once the emails of /recover and /resend requests answered so far are in the mailbox. */
  settled(): Promise<void>;
  /** Messages in the mailbox addressed to `to`, oldest first. */
  mail(to: string): Promise<MailMessage[]>;
  /** The newest message to `to` (fails when there is none). */
  lastMail(to: string): Promise<MailMessage>;
  /** Opens an email link without following the redirect; returns the Location and its fragment values. */
  follow(link: string): Promise<{ status: number; location: string; fragment: URLSearchParams }>;
  /** Signs up, confirms through the emailed link and signs in; returns the signed-in client and user id. */
  confirmedUser(email: string, password?: string, data?: Record<string, unknown>): Promise<{ client: SiteClient; userId: string }>;
  /**
   * Gives a user the admin role (as an operator would, in SQL) and, given their signed-in client,
   * brings it to aal2 (enrols a TOTP factor through the API and verifies a code: reachAal2), the
   * level at which the database serves staff.
   */
  makeAdmin(userId: string, client?: SiteClient): Promise<void>;
  close(): Promise<void>;
}

/**
 * Settings that keep tests fast: cheap bcrypt, no refresh reuse window, auth rate limits far
 * above what a test file does from 127.0.0.1 (tests/api/rate-limits.test.ts uses the real ones),
 * and Storage's bytes in memory like the database.
 */
export const TEST_CONFIG: Partial<BackendConfig> = {
  port: 0,
  storageDir: 'memory://',
  bcryptCost: 4,
  refreshTokenReuseIntervalSeconds: 0,
  rateLimits: {
    emailSent: 100_000,
    signInSignUps: 100_000,
    tokenVerifications: 100_000,
    tokenRefresh: 100_000,
    signInFailuresPerClient: 100_000,
    signInFailuresPerAccount: 100_000,
    codeFailuresPerClient: 100_000,
    codeFailuresPerAccount: 100_000,
    mfaChallengeAndVerify: 100_000,
  },
  // No SMTP catcher unless a test asks for one (smtpCatcherPort: 0), so files never share a port.
  smtpCatcherPort: null,
  // The database calls no function unless a test asks for it (tests/functions/support.ts): queued
  // emails wait, and no test file starts Deno it does not use.
  callQueueFunctions: false,
  functionSecrets: {},
};

/**
 * A fresh database for one test file: in-memory PGlite, started from the migrated snapshot that
 * openDb caches (see supabase/local/db/snapshot.ts), or, when API_TEST_DATABASE_URL names a
 * PostgreSQL server, a new database on it that is dropped afterwards.
 */
async function freshDatabase(): Promise<{ db: ScriptDb; drop: () => Promise<void> }> {
  const serverUrl = process.env.API_TEST_DATABASE_URL;
  if (!serverUrl) return { db: await openDb({ dataDir: 'memory://' }), drop: async () => {} };
  const name = `api_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client(serverUrl);
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: url.toString() });
  return {
    db,
    drop: async () => {
      const c = new pg.Client(serverUrl);
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** supabase-js settings of a test's clients: no storage, no background refresh, no URL reading. */
const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/**
 * Starts a backend over a fresh database (see freshDatabase), or, under `npm run test:remote`,
 * answers with the hosted project instead (see remoteBackend).
 */
export async function startBackend(overrides: Partial<BackendConfig> = {}): Promise<TestBackend> {
  if (ON_REMOTE) {
    // scripts/test-remote.ts runs only the files that need no settings of their own.
    if (Object.keys(overrides).length > 0) throw new Error('a backend with its own settings exists only locally');
    return remoteBackend(remoteApi() ?? missingRemote());
  }
  // As npm start does: the backend serves the functions as they are on disk.
  bundleFunctions();
  const { db, drop } = await freshDatabase();
  const config = loadConfig({ ...TEST_CONFIG, ...overrides });
  const server = await createServer({ db, config });
  const { anonKey, serviceRoleKey } = server.keys;

  const backend: TestBackend = {
    url: server.url,
    siteUrl: config.siteUrl,
    anonKey,
    serviceRoleKey,
    smtpPort: server.smtpPort,
    db,
    client: () => createClient<Database>(server.url, anonKey, options),
    admin: () => createClient<Database>(server.url, serviceRoleKey, options),
    settled: () => server.settled(),
    async mail(to) {
      // /recover and /resend send from a queue after answering; wait for what is queued.
      await server.settled();
      const res = await fetch(`${server.url}/mail.json?to=${encodeURIComponent(to)}`);
      return ((await res.json()) as { messages: MailMessage[] }).messages;
    },
    async lastMail(to) {
      const messages = await backend.mail(to);
      const last = messages.at(-1);
      if (!last) throw new Error(`no email to ${to} in the mailbox`);
      return last;
    },
    async follow(link) {
      const res = await fetch(link, { redirect: 'manual' });
      const location = res.headers.get('location') ?? '';
      const hash = location.includes('#') ? location.slice(location.indexOf('#') + 1) : '';
      return { status: res.status, location, fragment: new URLSearchParams(hash) };
    },
    async confirmedUser(email, password = 'correct-horse-battery', data = {}) {
      const client = backend.client();
      const { error } = await client.auth.signUp({ email, password, options: { data } });
      if (error) throw error;
      const link = templatedLink(await backend.lastMail(email));
      const verified = await backend.client().auth.verifyOtp({ token_hash: link.tokenHash, type: link.type });
      if (verified.error) throw verified.error;
      const signIn = await client.auth.signInWithPassword({ email, password });
      if (signIn.error) throw signIn.error;
      return { client, userId: signIn.data.user!.id };
    },
    async makeAdmin(userId, client) {
      await db.query(`update public.profiles set role = 'admin' where id = $1`, [userId]);
      if (client) await reachAal2(client);
    },
    async close() {
      await server.close();
      await db.close();
      await drop();
    },
  };
  return backend;
}

function missingRemote(): never {
  throw new Error(`TEST_TARGET=remote needs ${missingRemoteVariables().join(', ')}`);
}

/** What a hosted project cannot give a test: its mailbox, its database handle, its settings. */
function localOnly(what: string): never {
  throw new Error(`${what} needs the embedded backend: mark the test localOnlyTest`);
}

/**
 * The hosted project as a TestBackend. Users are made confirmed with the service key, as an
 * operator's invitation would be (its emails go to real inboxes, not an mailbox the test can
 * read); the rest is the same supabase-js and HTTP calls as locally.
 */
function remoteBackend(api: RemoteApi): TestBackend {
  const backend: TestBackend = {
    url: api.url,
    get siteUrl(): string {
      return localOnly("config.toml's site URL");
    },
    anonKey: api.anonKey,
    serviceRoleKey: api.serviceRoleKey,
    get smtpPort(): number | null {
      return localOnly('the SMTP catcher');
    },
    get db(): ScriptDb {
      return localOnly('the database handle');
    },
    client: () => createClient<Database>(api.url, api.anonKey, options),
    admin: () => createClient<Database>(api.url, api.serviceRoleKey, options),
    settled: () => localOnly('the mailbox'),
    mail: () => localOnly('the mailbox'),
    lastMail: () => localOnly('the mailbox'),
    follow: () => localOnly('an email link'),
    async confirmedUser(email, password = 'correct-horse-battery', data = {}) {
      const created = await backend.admin().auth.admin.createUser({ email, password, email_confirm: true, user_metadata: data });
      if (created.error) throw created.error;
      const client = backend.client();
      const signIn = await client.auth.signInWithPassword({ email, password });
      if (signIn.error) throw signIn.error;
      return { client, userId: signIn.data.user!.id };
    },
    async makeAdmin(userId, client) {
      const { error } = await backend.admin().from('profiles').update({ role: 'admin' }).eq('id', userId);
      if (error) throw error;
      if (client) await reachAal2(client);
    },
    // The users and rows a run wrote are removed once, when it ends (scripts/test-remote.ts).
    close: async () => {},
  };
  return backend;
}

/**
 * A test that needs the embedded backend (it reads the mailbox, follows an email link, or queries
 * the database directly): `npm run test:remote` skips it.
 */
export const localOnlyTest = test.skipIf(ON_REMOTE);

/**
 * An auth email's link as supabase/templates write it: the page the request named (`{{
 * .RedirectTo }}`) with the token's hash and the verifyOtp type (`email` for a signup, `recovery`),
 * which the page passes to verifyOtp when the person presses its button.
 */
export function templatedLink(mail: MailMessage): { page: string; tokenHash: string; type: 'email' | 'recovery' } {
  const link = new URL(mail.links[0]!);
  const type = link.searchParams.get('type');
  const tokenHash = link.searchParams.get('token_hash');
  if ((type !== 'email' && type !== 'recovery') || !tokenHash) throw new Error(`not a templated auth link: ${link.href}`);
  return { page: mail.links[0]!.split('?')[0]!, tokenHash, type };
}

/**
 * The same token as Auth's own verify link (GET /auth/v1/verify?token=&type=&redirect_to=, what
 * `{{ .ConfirmationURL }}` gives a template): the tests of that endpoint open it directly.
 */
export function verifyUrl(backend: Pick<TestBackend, 'url'>, mail: MailMessage): string {
  const { page, tokenHash } = templatedLink(mail);
  const url = new URL(`${backend.url}/auth/v1/verify`);
  url.searchParams.set('token', tokenHash);
  url.searchParams.set('type', mail.type);
  url.searchParams.set('redirect_to', page);
  return url.toString();
}

/** A unique address for one test. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** A valid visa application (the visa form's fields). */
export function application(name: string, extra: Partial<TablesInsert<'visa_applications'>> = {}): TablesInsert<'visa_applications'> {
  return {
    visa_type: 'Tourist Visa',
    name,
    email: 'applicant@example.com',
    phone: '+234 800 000 0000',
    dob: '1990-05-17',
    nationality: 'Nigerian',
    passport_number: 'A1234567',
    marital_status: 'Single',
    address: '12 Marina Road, Lagos',
    ...extra,
  };
}

/** A raw /auth/v1 request with the anon key (versioned: GoTrue's 2024-01-01 error shape); status, JSON body and headers. */
export async function authFetch(
  backend: TestBackend,
  path: string,
  { method = 'POST', body, versioned = true, headers = {} }: { method?: string; body?: unknown; versioned?: boolean; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(`${backend.url}/auth/v1/${path}`, {
    method,
    redirect: 'manual',
    headers: {
      apikey: backend.anonKey,
      'content-type': 'application/json',
      ...(versioned ? { 'x-supabase-api-version': '2024-01-01' } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: res.headers };
}

/** Status and JSON body of an /auth/v1 answer. */
export interface AuthAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * POSTs to /auth/v1/{path} from a chosen loopback address (the whole of 127.0.0.0/8 reaches the
 * server on 127.0.0.1 on Linux), so one test can act as several clients without trusting any
 * forwarding header: the backend counts the socket's address.
 */
export function postFrom(
  b: TestBackend,
  path: string,
  body: unknown,
  { from = '127.0.0.1', versioned = true, headers = {} as Record<string, string> } = {},
): Promise<AuthAnswer> {
  const url = new URL(`${b.url}/auth/v1/${path}`);
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        localAddress: from,
        headers: {
          apikey: b.anonKey,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...(versioned ? { 'x-supabase-api-version': '2024-01-01' } : {}),
          ...headers,
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (data += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data ? (JSON.parse(data) as Record<string, unknown>) : {} }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/** Sends `count` requests one after another; returns their statuses. */
export async function repeat(count: number, send: (i: number) => Promise<AuthAnswer>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send(i)).status);
  return statuses;
}
