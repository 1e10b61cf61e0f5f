// Shared helpers of the database tests: a fresh migrated database per test file (in-memory PGlite,
// or a throwaway database on the server of DATABASE_URL), auth users, and running statements as
// a named role with JWT claims, exactly as the REST server does per request.

import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { openDb, type QueryResult, type ScriptDb, type Sql } from '../../supabase/local/db/open.ts';
import { ON_REMOTE, remoteDatabaseUrl } from '../support/remote-target.ts';

/** A database opened for one test file; close() also drops the throwaway server database. */
export interface TestDb extends ScriptDb {
  close(): Promise<void>;
}

/** Who makes a request: the Postgres role the REST server switches to and the JWT claims. */
export interface Actor {
  label: string;
  role: 'anon' | 'authenticated' | 'service_role';
  claims: Record<string, unknown>;
}

/** What a statement did: rows and count, or the SQLSTATE and message it failed with. */
export type Outcome =
  | { ok: true; rows: Record<string, unknown>[]; affectedRows: number }
  | { ok: false; code: string; message: string };

/**
 * Opens a migrated database: PGlite in memory, a new database on DATABASE_URL's server, or, under
 * `npm run test:remote`, the hosted project's own database in a transaction that is never committed.
 */
export async function openTestDb(): Promise<TestDb> {
  if (ON_REMOTE) {
    const url = remoteDatabaseUrl();
    if (!url) throw new Error('TEST_TARGET=remote needs REMOTE_DATABASE_URL for the database tests');
    return openRolledBackSession(url);
  }
  const serverUrl = process.env['DATABASE_URL'];
  if (!serverUrl) return openDb({ dataDir: 'memory://' });

  const name = `visa_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: url.toString() });
  return {
    ...db,
    close: async () => {
      await db.close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * A hosted project's database, as its migrations left it, on one connection inside one transaction
 * that close() rolls back: the users and rows a test file makes are never seen by the live site
 * and are gone afterwards. A test's own transactions become savepoints. A committed one's
 * transaction-local settings (the role and JWT claims runAs sets) would outlive its savepoint, so
 * they are reset after it.
 */
async function openRolledBackSession(url: string): Promise<TestDb> {
  const client = new pg.Client({ connectionString: url, options: '-c TimeZone=UTC' });
  await client.connect();
  await client.query('begin');
  const query: Sql['query'] = async <T,>(text: string, params?: unknown[]) => {
    const result = await client.query(text, params);
    return {
      rows: result.rows as T[],
      fields: result.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
      affectedRows: result.rowCount ?? 0,
    };
  };
  let depth = 0;
  return {
    kind: 'postgres',
    query,
    exec: async (sql) => {
      await client.query(sql);
    },
    transaction: async (fn) => {
      const savepoint = `test_${++depth}`;
      await client.query(`savepoint ${savepoint}`);
      try {
        const value = await fn({ query });
        await client.query(`release savepoint ${savepoint}`);
        await client.query(`reset role; select set_config('request.jwt.claims', '', true)`);
        return value;
      } catch (error) {
        await client.query(`rollback to savepoint ${savepoint}`);
        throw error;
      } finally {
        depth -= 1;
      }
    },
    // Notifications are delivered on commit, which this session never makes.
    listen: async () => async () => {},
    close: async () => {
      await client.query('rollback');
      await client.end();
    },
  };
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The anonymous visitor (anon key). */
export const anon: Actor = { label: 'anonymous', role: 'anon', claims: { role: 'anon' } };

/** The service key. */
export const service: Actor = { label: 'service role', role: 'service_role', claims: { role: 'service_role' } };

/** A signed-in user, with the claims an access token of the Auth server carries. */
export function signedIn(label: string, user: { id: string; email: string }): Actor {
  return {
    label,
    role: 'authenticated',
    claims: { sub: user.id, email: user.email, role: 'authenticated', aud: 'authenticated', aal: 'aal1' },
  };
}

/** Creates a confirmed auth user (the signup trigger makes the profile) and returns it. */
export async function createUser(
  db: ScriptDb,
  email: string,
  metadata: unknown = { full_name: 'Test User', age: 30, marital_status: 'Single' },
): Promise<{ id: string; email: string }> {
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                             raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
                             confirmation_token, recovery_token, email_change_token_new, email_change)
     values ('00000000-0000-0000-0000-000000000000', extensions.gen_random_uuid(), 'authenticated', 'authenticated',
             $1, '', now(), '{"provider":"email","providers":["email"]}', $2, now(), now(), '', '', '', '')
     returning id`,
    [email, JSON.stringify(metadata)],
  );
  return { id: rows[0]!.id, email };
}

/** Makes a user an admin the way an operator does (SQL as the database owner). */
export async function makeAdmin(db: ScriptDb, userId: string): Promise<void> {
  await db.query(`update public.profiles set role = 'admin' where id = $1`, [userId]);
}

/** Makes a user an adviser (staff who work cases) the way an operator does. */
export async function makeAdviser(db: ScriptDb, userId: string): Promise<void> {
  await db.query(`update public.profiles set role = 'adviser' where id = $1`, [userId]);
}

/** Creates a confirmed user, makes it an adviser, and returns its id and the actor it signs in as. */
export async function createAdviser(db: ScriptDb, email = 'adviser@example.com'): Promise<{ id: string; actor: Actor }> {
  const user = await createUser(db, email);
  await makeAdviser(db, user.id);
  return { id: user.id, actor: signedIn('adviser', user) };
}

/** Creates a confirmed user, makes it an admin, and returns its id and the actor it signs in as. */
export async function createAdmin(db: ScriptDb, email = 'boss@example.com'): Promise<{ id: string; actor: Actor }> {
  const user = await createUser(db, email);
  await makeAdmin(db, user.id);
  return { id: user.id, actor: signedIn('admin', user) };
}

/** What a test of the dashboard's tables starts from: its database, an admin and a signed-in user. */
export interface AdminAndUserFixture {
  db: TestDb;
  admin: Actor;
  adminId: string;
  user: Actor;
  userId: string;
}

/**
 * Opens the test file's database before its tests, with an admin (createAdmin's) and a user
 * (`email`, signed in as `label`), and closes it after them. The fields are filled in before the
 * file's own beforeAll hooks run, so read them there or in tests.
 */
export function adminAndUserFixture(user: { email: string; label: string }): AdminAndUserFixture {
  const fixture = {} as AdminAndUserFixture;
  beforeAll(async () => {
    fixture.db = await openTestDb();
    ({ id: fixture.adminId, actor: fixture.admin } = await createAdmin(fixture.db));
    const created = await createUser(fixture.db, user.email);
    fixture.userId = created.id;
    fixture.user = signedIn(user.label, created);
  });
  afterAll(async () => {
    await fixture.db?.close();
  });
  return fixture;
}

// Transaction-local, like the REST server's per-request settings, so the role ends with the transaction.
async function becomeActor(tx: Sql, actor: Actor): Promise<void> {
  await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
    actor.role,
    JSON.stringify(actor.claims),
  ]);
}

/** Runs one statement as actor in its own transaction and commits it; throws what Postgres throws. */
export async function runAs<T = Record<string, unknown>>(
  db: ScriptDb,
  actor: Actor,
  sql: string,
  params: unknown[] = [],
): Promise<QueryResult<T>> {
  return transactionAs(db, actor, (tx) => tx.query<T>(sql, params));
}

/** Runs several statements as actor in one transaction (one now()) and commits them. */
export async function transactionAs<T>(db: ScriptDb, actor: Actor, work: (tx: Sql) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await becomeActor(tx, actor);
    return work(tx);
  });
}

class Rollback extends Error {}

/** Runs one statement as actor, then rolls back whatever it did; reports success or the error. */
export async function attemptAs(db: ScriptDb, actor: Actor, sql: string, params: unknown[] = []): Promise<Outcome> {
  let outcome: Outcome | undefined;
  try {
    await db.transaction(async (tx) => {
      await becomeActor(tx, actor);
      const result = await tx.query(sql, params);
      outcome = { ok: true, rows: result.rows, affectedRows: result.affectedRows };
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) {
      const { code, message } = error as { code?: string; message?: string };
      outcome = { ok: false, code: code ?? 'unknown', message: message ?? String(error) };
    }
  }
  return outcome!;
}

/** The columns an applicant fills in, in the order of application()'s values ($1 … $10). */
export const APPLICATION_FIELDS =
  'visa_type, name, email, phone, dob, nationality, passport_number, marital_status, address, message';

/** A valid visa application as statement parameters; override one field to try a bad value. */
export function application(overrides: Record<string, unknown> = {}): unknown[] {
  const values: Record<string, unknown> = {
    visa_type: 'K1/i-130 Visa Application',
    name: 'Chidi Okeke',
    email: 'chidi@example.com',
    phone: '+234 802 000 0000',
    dob: '1992-03-14',
    nationality: 'Nigerian',
    passport_number: 'A09876543',
    marital_status: 'Single',
    address: '3 Awolowo Road, Ikoyi, Lagos',
    message: null,
    ...overrides,
  };
  return APPLICATION_FIELDS.split(', ').map((field) => values[field]);
}

/** Inserts application()'s values; the owner defaults to the signed-in user. */
export const INSERT_APPLICATION = `insert into public.visa_applications (${APPLICATION_FIELDS})
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`;

/** Inserts application()'s values for the user_id given as $11. */
export const INSERT_APPLICATION_FOR = `insert into public.visa_applications (user_id, ${APPLICATION_FIELDS})
  values ($11, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`;

/** A unique, valid email address for one test. */
export function uniqueEmail(prefix = 'visitor'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** The SQLSTATE of insufficient_privilege: missing grants and row-level security violations. */
export const DENIED = '42501';

/**
 * The first open slot with a place left from a week ahead, as the columns `date` and `time`, for
 * `insert into public.bookings (…) select …, open.date, open.time from ${OPEN_SLOT} as open`: tests
 * that store a booking but are not about its slot never meet a closed or full one (the slots
 * themselves: tests/db/appointment-slots.test.ts). Visitors may run it: it reads public.open_slots.
 */
export const OPEN_SLOT = `(select day::date as date, slot.start as time
  from generate_series(current_date + 7, current_date + 50, interval '1 day') as day
  cross join lateral public.open_slots(day::date) as slot limit 1)`;

/** A row of public.notifications as the queue's tests read it. */
export interface QueuedRow {
  id: string;
  kind: string;
  recipient: string | null;
  subject_table: string;
  dedupe_key: string;
  payload: Record<string, unknown>;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
}

/**
 * The token of the link the newest email of `kind` about `subjectId` carries, as its reader gets it:
 * from the email's payload in the outbox (the tables keep only the token's hash), or null when that
 * email carries none (sent, or never queued).
 */
export async function emailedLinkToken(db: ScriptDb, kind: string, subjectId: string): Promise<string | null> {
  const { rows } = await db.query<{ token: string | null }>(
    `select payload ->> 'link_token' as token from public.notifications
     where kind = $1::public.notification_kind and subject_id = $2 order by created_at desc, id limit 1`,
    [kind, subjectId],
  );
  return rows[0]?.token ?? null;
}
