/**
  * -------------------------------------------------------
  * Bootstrap: what a hosted Supabase project provides before any migration runs
  * -------------------------------------------------------
  * The local backend has no Supabase Docker image, so this file recreates the parts the
  * migrations and the Auth/REST servers rely on: the API roles, the auth schema with its tables
  * and helper functions, the extensions and private schemas, the default grants, and the
  * migrations ledger, as Supabase's own init scripts (github.com/supabase/postgres,
  * migrations/db/init-scripts) and the Auth server's migrations (github.com/supabase/auth,
  * migrations/) create them; supabase/local/README.md sums up what the backend relies on.
  *
  * Every statement is idempotent: the bootstrap runs each time the database is opened.
 */

/**
  * -------------------------------------------------------
  * Section - Roles
  * -------------------------------------------------------
  * Roles are cluster-wide on a real server, so they may exist already (another database of the
  * same cluster, or a concurrent test worker creating them at the same moment).
 */
do
$$
    declare
        api_role text;
    begin
        foreach api_role in array array ['anon', 'authenticated', 'service_role', 'authenticator']
            loop
                if not exists (select 1 from pg_roles where rolname = api_role) then
                    begin
                        execute format('create role %I nologin noinherit', api_role);
                    exception
                        when duplicate_object or unique_violation then null;
                    end;
                end if;
            end loop;
    end
$$;

-- The service key bypasses row-level security, as on hosted; the authenticator logs in and
-- switches to the role named in the JWT. Each change is made only when missing, so reopening the
-- database needs no privileges and concurrent bootstraps do not update the same catalog row.
do
$$
    begin
        if not (select rolbypassrls from pg_roles where rolname = 'service_role') then
            alter role service_role bypassrls;
        end if;
        if not pg_has_role('authenticator', 'anon', 'member') then
            grant anon, authenticated, service_role to authenticator;
        end if;
        -- The REST server sets the role per request; a superuser may switch to any role, any other
        -- connecting user needs membership in the three API roles.
        if not (select rolsuper from pg_roles where rolname = current_user)
            and not pg_has_role(current_user, 'service_role', 'member') then
            execute format('grant anon, authenticated, service_role to %I', current_user);
        end if;
        -- Hosted limits; they apply when a role logs in, so here they document intent.
        if not exists (select 1
                       from pg_db_role_setting s
                                join pg_roles r on r.oid = s.setrole
                       where r.rolname = 'anon' and s.setdatabase = 0) then
            alter role anon set statement_timeout = '3s';
            alter role authenticated set statement_timeout = '8s';
        end if;
    end
$$;

/**
  * -------------------------------------------------------
  * Section - Schemas and extensions
  * -------------------------------------------------------
 */
-- The extensions every hosted project has in schema extensions that a migration might call
-- (hosted also has pgjwt there, which neither PGlite nor PostgreSQL's contrib ships; see README).
create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;

-- Helpers that policies call but the REST API must never expose.
create schema if not exists private;

create schema if not exists auth;

grant usage on schema public, extensions to postgres, anon, authenticated, service_role;
grant usage on schema auth to anon, authenticated, service_role;

-- On hosted, every API role receives every privilege on new public objects: row-level security,
-- not grants, is what protects tables. Migrations therefore revoke before they grant.
alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;

/**
  * -------------------------------------------------------
  * Section - auth tables
  * -------------------------------------------------------
  * Columns, types, nullability and defaults as supabase/auth's migrations leave them (tests/db/
  * auth-parity.test.ts compares them with a list taken from those migrations). As on hosted, most
  * columns are nullable without a default, token columns included, although the Auth server reads
  * many of them into non-null Go strings: whoever inserts a user (the Auth server, seed.sql) must
  * write '' into them, and the local Auth server reads them with coalesce so a row written by hand
  * does not break it (docs/local-backend.md, "The database").
 */
create table if not exists auth.users
(
    instance_id                 uuid,
    id                          uuid         not null primary key,
    aud                         varchar(255),
    role                        varchar(255),
    email                       varchar(255),
    encrypted_password          varchar(255),
    email_confirmed_at          timestamptz,
    invited_at                  timestamptz,
    confirmation_token          varchar(255),
    confirmation_sent_at        timestamptz,
    recovery_token              varchar(255),
    recovery_sent_at            timestamptz,
    email_change_token_new      varchar(255),
    email_change                varchar(255),
    email_change_sent_at        timestamptz,
    last_sign_in_at             timestamptz,
    raw_app_meta_data           jsonb,
    raw_user_meta_data          jsonb,
    is_super_admin              boolean,
    created_at                  timestamptz,
    updated_at                  timestamptz,
    phone                       text unique           default null,
    phone_confirmed_at          timestamptz,
    phone_change                text                  default '',
    phone_change_token          varchar(255)          default '',
    phone_change_sent_at        timestamptz,
    confirmed_at                timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
    email_change_token_current  varchar(255)          default '',
    email_change_confirm_status smallint              default 0
        check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
    banned_until                timestamptz,
    reauthentication_token      varchar(255)          default '',
    reauthentication_sent_at    timestamptz,
    is_sso_user                 boolean      not null default false,
    deleted_at                  timestamptz,
    is_anonymous                boolean      not null default false
);

-- Hosted makes email unique only among non-SSO users.
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email));
-- Email links are looked up by their token; empty (or numeric placeholder) tokens are not indexed.
create unique index if not exists confirmation_token_idx on auth.users (confirmation_token)
    where confirmation_token !~ '^[0-9 ]*$';
create unique index if not exists recovery_token_idx on auth.users (recovery_token)
    where recovery_token !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_current_idx on auth.users (email_change_token_current)
    where email_change_token_current !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_new_idx on auth.users (email_change_token_new)
    where email_change_token_new !~ '^[0-9 ]*$';
create unique index if not exists reauthentication_token_idx on auth.users (reauthentication_token)
    where reauthentication_token !~ '^[0-9 ]*$';

create table if not exists auth.identities
(
    provider_id     text        not null,
    user_id         uuid        not null references auth.users (id) on delete cascade,
    identity_data   jsonb       not null,
    provider        text        not null,
    last_sign_in_at timestamptz,
    created_at      timestamptz,
    updated_at      timestamptz,
    email           text generated always as (lower(identity_data ->> 'email')) stored,
    id              uuid        not null default gen_random_uuid() primary key,
    constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

do
$$
    begin
        create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
    exception
        when duplicate_object then null;
    end
$$;

-- Hosted's oauth_client_id references auth.oauth_clients (the OAuth server), which does not exist
-- here: the column is kept without its foreign key.
create table if not exists auth.sessions
(
    id                     uuid not null primary key,
    user_id                uuid not null references auth.users (id) on delete cascade,
    created_at             timestamptz,
    updated_at             timestamptz,
    factor_id              uuid,
    aal                    auth.aal_level,
    not_after              timestamptz,
    refreshed_at           timestamp,
    user_agent             text,
    ip                     inet,
    tag                    text,
    oauth_client_id        uuid,
    refresh_token_hmac_key text,
    refresh_token_counter  bigint,
    scopes                 text constraint sessions_scopes_length check (char_length(scopes) <= 4096)
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

-- As on hosted, user_id is varchar without a foreign key: a user's tokens go with their sessions.
create table if not exists auth.refresh_tokens
(
    instance_id uuid,
    id          bigserial primary key,
    token       varchar(255) constraint refresh_tokens_token_unique unique,
    user_id     varchar(255),
    revoked     boolean,
    created_at  timestamptz,
    updated_at  timestamptz,
    parent      varchar(255),
    session_id  uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists refresh_tokens_instance_id_user_id_idx on auth.refresh_tokens (instance_id, user_id);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);

-- How each session was begun (password, otp), as in the supabase/auth migrations: the amr claim
-- of every access token of the session, refreshed ones included, is read from here.
create table if not exists auth.mfa_amr_claims
(
    session_id            uuid        not null references auth.sessions (id) on delete cascade,
    created_at            timestamptz not null,
    updated_at            timestamptz not null,
    authentication_method text        not null,
    id                    uuid        not null primary key,
    constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

-- TOTP factors and their challenges, as the supabase/auth migrations leave them (MFA schema, phone,
-- last_challenged_at, WebAuthn columns): the embedded Auth server stores its factors here, so
-- policies or reports that read them see hosted's rows.
do
$$
    begin
        create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
    exception
        when duplicate_object then null;
    end
$$;

do
$$
    begin
        create type auth.factor_status as enum ('unverified', 'verified');
    exception
        when duplicate_object then null;
    end
$$;

create table if not exists auth.mfa_factors
(
    id                           uuid               not null,
    user_id                      uuid               not null,
    friendly_name                text,
    factor_type                  auth.factor_type   not null,
    status                       auth.factor_status not null,
    created_at                   timestamptz        not null,
    updated_at                   timestamptz        not null,
    secret                       text,
    phone                        text,
    last_challenged_at           timestamptz,
    web_authn_credential         jsonb,
    web_authn_aaguid             uuid,
    last_webauthn_challenge_data jsonb,
    constraint mfa_factors_pkey primary key (id),
    constraint mfa_factors_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade,
    constraint mfa_factors_last_challenged_at_key unique (last_challenged_at)
);
create unique index if not exists mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create unique index if not exists unique_phone_factor_per_user on auth.mfa_factors (user_id, phone);

create table if not exists auth.mfa_challenges
(
    id                     uuid        not null,
    factor_id              uuid        not null,
    created_at             timestamptz not null,
    verified_at            timestamptz,
    ip_address             inet        not null,
    otp_code               text,
    web_authn_session_data jsonb,
    constraint mfa_challenges_pkey primary key (id),
    constraint mfa_challenges_auth_factor_id_fkey foreign key (factor_id) references auth.mfa_factors (id) on delete cascade
);
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

/**
  * -------------------------------------------------------
  * Section - auth tables' owner and row-level security
  * -------------------------------------------------------
  * On hosted the Auth server's own role owns the auth schema's tables and functions and keeps
  * row-level security on, without policies: the API roles cannot read them even if granted, and
  * the postgres role (the one migrations and the SQL editor use) may read and write them, which is
  * what lets the migrations' triggers on auth.users and their security definer functions work.
  * Locally the backend's connection is a superuser and plays both parts. Changing an owner
  * needs a superuser; a database opened by another role keeps its owner (README says why that
  * cannot matter).
 */
do
$$
    begin
        if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
            begin
                create role supabase_auth_admin nologin noinherit createrole;
            exception
                when duplicate_object or unique_violation then null;
            end;
        end if;
        if (select rolsuper from pg_roles where rolname = current_user)
            and (select relowner from pg_class where oid = 'auth.users'::regclass)
                <> (select oid from pg_roles where rolname = 'supabase_auth_admin') then
            grant all on schema auth to supabase_auth_admin;
            alter table auth.users owner to supabase_auth_admin;
            alter table auth.identities owner to supabase_auth_admin;
            alter table auth.sessions owner to supabase_auth_admin;
            alter table auth.refresh_tokens owner to supabase_auth_admin;
            alter table auth.mfa_amr_claims owner to supabase_auth_admin;
            alter table auth.mfa_factors owner to supabase_auth_admin;
            alter table auth.mfa_challenges owner to supabase_auth_admin;
            alter type auth.factor_type owner to supabase_auth_admin;
            alter type auth.factor_status owner to supabase_auth_admin;
            alter type auth.aal_level owner to supabase_auth_admin;
            grant all on all tables in schema auth to postgres;
            grant all on all sequences in schema auth to postgres;
            grant usage on schema auth to postgres;
        end if;
    end
$$;

alter table auth.users enable row level security;
alter table auth.identities enable row level security;
alter table auth.sessions enable row level security;
alter table auth.refresh_tokens enable row level security;
alter table auth.mfa_amr_claims enable row level security;
alter table auth.mfa_factors enable row level security;
alter table auth.mfa_challenges enable row level security;

/**
  * -------------------------------------------------------
  * Section - auth helper functions
  * -------------------------------------------------------
  * Each reads the legacy per-claim setting first, then the claims JSON that PostgREST (and the
  * local REST server) sets per request. current_setting(name, true) gives NULL when unset.
 */

-- The id of the signed-in user (the JWT's sub claim), or NULL for anonymous requests.
create or replace function auth.uid()
    returns uuid
    language sql
    stable
as
$$
select coalesce(
               nullif(current_setting('request.jwt.claim.sub', true), ''),
               (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
       )::uuid
$$;

-- The JWT's role claim: anon, authenticated or service_role.
create or replace function auth.role()
    returns text
    language sql
    stable
as
$$
select coalesce(
               nullif(current_setting('request.jwt.claim.role', true), ''),
               (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
       )::text
$$;

-- The JWT's email claim.
create or replace function auth.email()
    returns text
    language sql
    stable
as
$$
select coalesce(
               nullif(current_setting('request.jwt.claim.email', true), ''),
               (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
       )::text
$$;

-- All claims of the request's JWT as one object.
create or replace function auth.jwt()
    returns jsonb
    language sql
    stable
as
$$
select coalesce(
               nullif(current_setting('request.jwt.claim', true), ''),
               nullif(current_setting('request.jwt.claims', true), '')
       )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;

-- Owned by the Auth server's role, as on hosted (same condition as the tables' owner above).
do
$$
    begin
        if (select rolsuper from pg_roles where rolname = current_user) then
            alter function auth.uid() owner to supabase_auth_admin;
            alter function auth.role() owner to supabase_auth_admin;
            alter function auth.email() owner to supabase_auth_admin;
            alter function auth.jwt() owner to supabase_auth_admin;
        end if;
    end
$$;

/**
  * -------------------------------------------------------
  * Section - Migrations ledger
  * -------------------------------------------------------
  * The same table the Supabase CLI keeps on hosted projects; checksum is local only and lets the
  * runner notice an applied migration that was edited afterwards.
 */
create schema if not exists supabase_migrations;

create table if not exists supabase_migrations.schema_migrations
(
    version    text primary key,
    name       text        not null,
    statements text[],
    checksum   text,
    applied_at timestamptz not null default now()
);
