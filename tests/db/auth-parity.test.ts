// The auth schema of the embedded backend is hosted Supabase's where the project's code could
// notice it: every column of the auth tables the backend has, with the type, nullability and
// default that the Auth server's migrations (github.com/supabase/auth, migrations/) leave on a
// hosted project; the tables' owner and row-level security as Supabase's init scripts
// (github.com/supabase/postgres, migrations/db/) set them; and the extensions a migration may call.
// What still differs, and why it cannot matter, is listed in docs/local-backend.md ("The database").

import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations } from '../../supabase/local/db/migrate.ts';
import { openTestDb, type TestDb } from './support.ts';

// Statements only the owner of an auth table or function may run.
const OWNER_ONLY_ON_AUTH =
  /\b(?:alter|drop)\s+(?:table|function|type|index)\s+(?:if\s+exists\s+)?(?:only\s+)?auth\.\w+|\bcreate\s+(?:or\s+replace\s+)?(?:function|policy\s+"[^"]*"\s+on)\s+auth\.\w+/gi;

// Transcribed from the Auth server's migrations: `<type>[ not null][ default <expression>]`, with
// the expression as Postgres prints it back. Hosted has more tables (SSO, OAuth, flow state); the backend has the ones it uses.
const HOSTED_AUTH_COLUMNS: Record<string, Record<string, string>> = {
  users: {
    instance_id: 'uuid',
    id: 'uuid not null',
    aud: 'character varying(255)',
    role: 'character varying(255)',
    email: 'character varying(255)',
    encrypted_password: 'character varying(255)',
    email_confirmed_at: 'timestamp with time zone',
    invited_at: 'timestamp with time zone',
    confirmation_token: 'character varying(255)',
    confirmation_sent_at: 'timestamp with time zone',
    recovery_token: 'character varying(255)',
    recovery_sent_at: 'timestamp with time zone',
    email_change_token_new: 'character varying(255)',
    email_change: 'character varying(255)',
    email_change_sent_at: 'timestamp with time zone',
    last_sign_in_at: 'timestamp with time zone',
    raw_app_meta_data: 'jsonb',
    raw_user_meta_data: 'jsonb',
    is_super_admin: 'boolean',
    created_at: 'timestamp with time zone',
    updated_at: 'timestamp with time zone',
    phone: 'text',
    phone_confirmed_at: 'timestamp with time zone',
    phone_change: "text default ''::text",
    phone_change_token: "character varying(255) default ''::character varying",
    phone_change_sent_at: 'timestamp with time zone',
    confirmed_at: 'timestamp with time zone generated',
    email_change_token_current: "character varying(255) default ''::character varying",
    email_change_confirm_status: 'smallint default 0',
    banned_until: 'timestamp with time zone',
    reauthentication_token: "character varying(255) default ''::character varying",
    reauthentication_sent_at: 'timestamp with time zone',
    is_sso_user: 'boolean not null default false',
    deleted_at: 'timestamp with time zone',
    is_anonymous: 'boolean not null default false',
  },
  identities: {
    provider_id: 'text not null',
    user_id: 'uuid not null',
    identity_data: 'jsonb not null',
    provider: 'text not null',
    last_sign_in_at: 'timestamp with time zone',
    created_at: 'timestamp with time zone',
    updated_at: 'timestamp with time zone',
    email: 'text generated',
    id: 'uuid not null default gen_random_uuid()',
  },
  sessions: {
    id: 'uuid not null',
    user_id: 'uuid not null',
    created_at: 'timestamp with time zone',
    updated_at: 'timestamp with time zone',
    factor_id: 'uuid',
    aal: 'auth.aal_level',
    not_after: 'timestamp with time zone',
    refreshed_at: 'timestamp without time zone',
    user_agent: 'text',
    ip: 'inet',
    tag: 'text',
    oauth_client_id: 'uuid',
    refresh_token_hmac_key: 'text',
    refresh_token_counter: 'bigint',
    scopes: 'text',
  },
  refresh_tokens: {
    instance_id: 'uuid',
    id: "bigint not null default nextval('auth.refresh_tokens_id_seq'::regclass)",
    token: 'character varying(255)',
    user_id: 'character varying(255)',
    revoked: 'boolean',
    created_at: 'timestamp with time zone',
    updated_at: 'timestamp with time zone',
    parent: 'character varying(255)',
    session_id: 'uuid',
  },
  mfa_amr_claims: {
    session_id: 'uuid not null',
    created_at: 'timestamp with time zone not null',
    updated_at: 'timestamp with time zone not null',
    authentication_method: 'text not null',
    id: 'uuid not null',
  },
  mfa_factors: {
    id: 'uuid not null',
    user_id: 'uuid not null',
    friendly_name: 'text',
    factor_type: 'auth.factor_type not null',
    status: 'auth.factor_status not null',
    created_at: 'timestamp with time zone not null',
    updated_at: 'timestamp with time zone not null',
    secret: 'text',
    phone: 'text',
    last_challenged_at: 'timestamp with time zone',
    web_authn_credential: 'jsonb',
    web_authn_aaguid: 'uuid',
    last_webauthn_challenge_data: 'jsonb',
  },
  mfa_challenges: {
    id: 'uuid not null',
    factor_id: 'uuid not null',
    created_at: 'timestamp with time zone not null',
    verified_at: 'timestamp with time zone',
    ip_address: 'inet not null',
    otp_code: 'text',
    web_authn_session_data: 'jsonb',
  },
};

let db: TestDb;

beforeAll(async () => {
  db = await openTestDb();
});

afterAll(async () => {
  await db?.close();
});

describe('the auth schema, as on hosted', () => {
  it.each(Object.keys(HOSTED_AUTH_COLUMNS))('auth.%s has hosted’s columns, types, nullability and defaults', async (table) => {
    const { rows } = await db.query<{ name: string; shape: string }>(
      `select a.attname as name,
              concat_ws(' ', format_type(a.atttypid, a.atttypmod),
                        case when a.attnotnull then 'not null' end,
                        case when a.attgenerated = 's' then 'generated'
                             when d.adbin is not null then 'default ' || pg_get_expr(d.adbin, d.adrelid) end) as shape
       from pg_attribute a
            left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
       where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
       order by a.attnum`,
      [`auth.${table}`],
    );
    expect(Object.fromEntries(rows.map((row) => [row.name, row.shape]))).toEqual(HOSTED_AUTH_COLUMNS[table]);
  });

  it('gives the auth tables to the Auth server’s role, with row-level security on and no policy', async () => {
    const { rows } = await db.query<{ relname: string; owner: string; rls: boolean; policies: number }>(
      `select c.relname, pg_get_userbyid(c.relowner) as owner, c.relrowsecurity as rls,
              (select count(*) from pg_policy p where p.polrelid = c.oid)::int as policies
       from pg_class c where c.relnamespace = 'auth'::regnamespace and c.relkind = 'r' order by c.relname`,
    );
    expect(rows).toEqual(
      Object.keys(HOSTED_AUTH_COLUMNS)
        .sort()
        .map((relname) => ({ relname, owner: 'supabase_auth_admin', rls: true, policies: 0 })),
    );
  });

  it('lets the postgres role (migrations, the SQL editor) read and write the auth tables, and the API roles nothing', async () => {
    const { rows } = await db.query<{ role: string; allowed: boolean }>(
      `select r.role, bool_and(has_table_privilege(r.role, c.oid, 'select, insert, update, delete, trigger')) as allowed
       from (values ('postgres'), ('anon'), ('authenticated'), ('service_role')) r(role),
            pg_class c
       where c.relnamespace = 'auth'::regnamespace and c.relkind = 'r'
       group by r.role order by r.role`,
    );
    expect(rows).toEqual([
      { role: 'anon', allowed: false },
      { role: 'authenticated', allowed: false },
      { role: 'postgres', allowed: true },
      { role: 'service_role', allowed: false },
    ]);
  });

  it('has the extensions hosted projects have in schema extensions that a migration may call', async () => {
    const { rows } = await db.query<{ extname: string; schema: string }>(
      `select extname, extnamespace::regnamespace::text as schema from pg_extension
       where extname in ('pgcrypto', 'uuid-ossp') order by extname`,
    );
    expect(rows).toEqual([
      { extname: 'pgcrypto', schema: 'extensions' },
      { extname: 'uuid-ossp', schema: 'extensions' },
    ]);
    const { rows: ids } = await db.query<{ v4: string }>('select extensions.uuid_generate_v4()::text as v4');
    expect(ids[0]!.v4).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the migrations', () => {
  // Hosted runs them as postgres, which does not own the auth schema's tables and functions: a
  // statement that changes one works on the local superuser connection and fails on hosted.
  it('never alter, drop or put a policy on an auth table or function', async () => {
    const offending: string[] = [];
    for (const migration of await listMigrations()) {
      const sql = await readFile(migration.path, 'utf8');
      for (const match of sql.matchAll(OWNER_ONLY_ON_AUTH)) offending.push(`${migration.name}: ${match[0]}`);
    }
    expect(offending).toEqual([]);
  });
});
