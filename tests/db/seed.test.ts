// supabase/seed.sql keeps loading as the migrations change, and gives what its header promises:
// an admin and a user who can log in with the documented passwords, and a few rows per table.

import bcrypt from 'bcrypt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_ACCOUNTS, seed } from '../../supabase/local/db/seed.ts';
import { openTestDb, runAs, signedIn, staffSignedIn, type TestDb } from './support.ts';

// The non-pointer fields of the Auth server's User model (internal/models/user.go), by column.
const AUTH_SERVER_NON_NULL_COLUMNS = [
  // string
  'aud', 'role', 'confirmation_token', 'recovery_token', 'email_change_token_current', 'email_change_token_new',
  'email_change', 'phone_change_token', 'phone_change', 'reauthentication_token',
  // int, bool, time.Time, uuid.UUID
  'email_change_confirm_status', 'is_sso_user', 'is_anonymous', 'created_at', 'updated_at', 'instance_id', 'id',
];

let db: TestDb;

beforeAll(async () => {
  db = await openTestDb();
  await seed(db);
});

afterAll(async () => {
  await db?.close();
});

describe('the development seed', () => {
  // The accounts the backend and db:reset print are the ones seed.sql really creates.
  it.each(DEVELOPMENT_ACCOUNTS.map(({ email, password, role }) => [email, password, role]))(
    'creates %s, confirmed, with its documented password and role %s', async (email, password, role) => {
    const { rows } = await db.query<{ encrypted_password: string; email_confirmed_at: string | null; role: string }>(
      `select u.encrypted_password, u.email_confirmed_at, p.role
       from auth.users u join public.profiles p on p.id = u.id where u.email = $1`,
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.email_confirmed_at).not.toBeNull();
    expect(rows[0]!.role).toBe(role);
    // The Auth server checks passwords with bcrypt; pgcrypto's hashes must be readable by it.
    expect(await bcrypt.compare(password, rows[0]!.encrypted_password)).toBe(true);
  });

  it('gives the admin a verified TOTP factor whose secret is the documented one, and the user none', async () => {
    const { rows } = await db.query(
      `select u.email, f.factor_type::text, f.status::text, f.secret from auth.mfa_factors f join auth.users u on u.id = f.user_id`,
    );
    expect(rows).toEqual([{ email: 'admin@example.com', factor_type: 'totp', status: 'verified', secret: DEVELOPMENT_ACCOUNTS[0].totpSecret }]);
  });

  it('gives each account an email identity', async () => {
    const { rows } = await db.query(`select email, provider from auth.identities order by email`);
    expect(rows).toEqual([
      { email: 'admin@example.com', provider: 'email' },
      { email: 'amara@example.com', provider: 'email' },
    ]);
  });

  it('fills each table with a few rows', async () => {
    const { rows } = await db.query(
      `select (select count(*) from public.visa_applications)::int as applications,
              (select count(*) from public.bookings)::int as bookings,
              (select count(*) from public.contact_messages)::int as messages,
              (select count(*) from public.newsletter_subscribers)::int as subscribers`,
    );
    expect(rows).toEqual([{ applications: 4, bookings: 2, messages: 2, subscribers: 2 }]);
  });

  it('shows Amara her three applications and the admin all four', async () => {
    const amara = signedIn('amara', { id: '00000000-0000-4000-8000-00000000a002', email: 'amara@example.com' });
    const admin = staffSignedIn('admin', { id: '00000000-0000-4000-8000-00000000a001', email: 'admin@example.com' });
    const mine = await runAs(db, amara, 'select status from public.visa_applications order by submitted_at');
    const all = await runAs(db, admin, 'select id from public.visa_applications');
    expect(mine.rows).toEqual([{ status: 'approved' }, { status: 'in_review' }, { status: 'submitted' }]);
    expect(all.rows).toHaveLength(4);
  });

  it('gives each application the timeline that led to its status, and Amara sees only hers', async () => {
    const amara = signedIn('amara', { id: '00000000-0000-4000-8000-00000000a002', email: 'amara@example.com' });
    const { rows } = await db.query<{ id: string; status: string; last: string }>(
      `select a.id, a.status,
              (select c.to_status from public.application_status_changes c
               where c.application_id = a.id order by c.changed_at desc limit 1) as last
       from public.visa_applications a`,
    );
    for (const row of rows) expect(row.last, row.id).toBe(row.status);
    const visible = await runAs(db, amara, 'select distinct application_id from public.application_status_changes');
    expect(visible.rows).toHaveLength(3);
  });

  it('leaves nothing for send-notifications to send on the first start but one failed email to retry', async () => {
    const { rows } = await db.query('select kind, status from public.notifications where status <> $1', ['sent']);
    expect(rows).toEqual([{ kind: 'booking_confirmation', status: 'failed' }]);
  });

  // The real Auth server scans these auth.users columns into non-null Go values (github.com/
  // supabase/auth, internal/models/user.go: string, int, bool, time.Time and uuid.UUID fields); a
  // NULL in any of them makes every login of that user fail with 500 "Database error querying
  // schema". Hosted leaves the string ones nullable (bootstrap.sql), so a seed user must fill them.
  it.each(AUTH_SERVER_NON_NULL_COLUMNS)('fills auth.users.%s of every seed user, as the real Auth server needs', async (column) => {
    const { rows } = await db.query<{ email: string }>(`select email from auth.users where ${column} is null order by email`);
    expect(rows.map((row) => row.email)).toEqual([]);
  });
});
