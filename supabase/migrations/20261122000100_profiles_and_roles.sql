/**
  * -------------------------------------------------------
  * Profiles and roles: one row per auth user, written by a trigger at signup
  * -------------------------------------------------------
  * The signup form sends full name, age, address, country, occupation, phone and marital status
  * as user metadata; the trigger copies them here. role is 'user' unless an operator makes the
  * user an admin (npm run admin:grant locally, plain SQL on hosted, public.admin_set_role from the
  * dashboard). No API role can write role. This file also holds what every later migration uses:
  * the private schema with its helpers, the field rules shared by several tables (email address,
  * marital status) and the admin check of the row-level security policies.
 */

/**
  * -------------------------------------------------------
  * Section - Shared helpers
  * -------------------------------------------------------
  * Helpers live in private, a schema the REST API does not expose. Hosted projects do not have
  * it (the local bootstrap creates it too), so it is created here.
 */
create schema if not exists private;
revoke all on schema private from public;

/**
  * Keeps updated_at truthful whoever writes the row.
 */
create or replace function private.set_updated_at()
    returns trigger
    language plpgsql
    set search_path = ''
as
$$
begin
    new.updated_at = now();
    return new;
end;
$$;

-- Trigger functions run without the caller needing EXECUTE; nobody calls them directly.
revoke all on function private.set_updated_at() from public, anon, authenticated;

/**
  * Trims a piece of signup metadata and returns NULL when it is empty or longer than max_length,
  * so that odd input leaves a field blank instead of failing the signup.
 */
create or replace function private.clean_text(value text, max_length integer)
    returns text
    language sql
    immutable
    set search_path = ''
as
$$
select case
           when btrim(value) = '' or char_length(btrim(value)) > max_length then null
           else btrim(value)
           end;
$$;

revoke all on function private.clean_text(text, integer) from public, anon, authenticated;

/**
  * -------------------------------------------------------
  * Section - Field rules
  * -------------------------------------------------------
  * A rule that several columns share is a domain, declared once here; the forms of src/lib/forms/
  * check the same rules (tests/db/form-limits.test.ts reads these constraints from the catalog).
  * A value a domain refuses raises 23514 (check_violation, HTTP 400) like a table's CHECK, with
  * the constraint named below in the message. Unlike a table's CHECK, a domain is checked when
  * the value is converted to the column's type, that is before the BEFORE triggers run.
 */

/**
  * An email address: at most 254 characters (the longest path RFC 5321 allows) and the shape
  * something@something.tld with no spaces, as src/lib/forms/fields.ts checks it.
 */
create domain public.email_address as text
    constraint email_address_max_length check (char_length(value) <= 254)
    constraint email_address_format check (value ~* '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$');

-- The marital statuses of src/lib/domain.ts (MARITAL_STATUSES), in the same order.
create domain public.marital_status as text
    constraint marital_status_known check (value in ('Single', 'Married', 'Divorced', 'Widowed'));

/**
  * value, trimmed, as an email_address; NULL when the domain refuses it. For the signup trigger,
  * which must accept every account the Auth server accepts.
 */
create or replace function private.to_email_address(value text)
    returns public.email_address
    language plpgsql
    immutable
    set search_path = ''
as
$$
declare
    -- Assigning to a variable of the domain checks it here, inside the block that catches a refusal.
    address public.email_address;
begin
    address := btrim(value);
    return address;
exception
    when check_violation then
        return null;
end;
$$;

revoke all on function private.to_email_address(text) from public, anon, authenticated;

/**
  * value, trimmed, as a marital_status; NULL when the domain refuses it. For the signup trigger,
  * which must accept every signup whatever its metadata.
 */
create or replace function private.to_marital_status(value text)
    returns public.marital_status
    language plpgsql
    immutable
    set search_path = ''
as
$$
declare
    status public.marital_status;
begin
    status := btrim(value);
    return status;
exception
    when check_violation then
        return null;
end;
$$;

revoke all on function private.to_marital_status(text) from public, anon, authenticated;

/**
  * -------------------------------------------------------
  * Section - Table
  * -------------------------------------------------------
 */
create table public.profiles
(
    id              uuid primary key references auth.users (id) on delete cascade,
    -- Every detail may be missing (the profile page shows 'Not Provided'), never blank.
    full_name       text check (char_length(btrim(full_name)) between 1 and 200),
    age             integer check (age between 1 and 150),
    address         text check (char_length(btrim(address)) between 1 and 500),
    country         text check (char_length(btrim(country)) between 1 and 100),
    occupation      text check (char_length(btrim(occupation)) between 1 and 200),
    phone           text check (char_length(btrim(phone)) between 3 and 40),
    marital_status  public.marital_status,
    -- Copied from auth.users and kept in sync by a trigger; the admin list shows it.
    email           public.email_address,
    role            text        not null default 'user' check (role in ('user', 'admin')),
    created_at      timestamptz not null default now(),
    updated_at      timestamptz not null default now(),
    -- The admin dashboard's search keys (20261122000400_admin.sql says why).
    full_name_lower text collate "C" generated always as (lower(full_name)) stored,
    email_lower     text collate "C" generated always as (lower(email)) stored
);

comment on table public.profiles is 'One row per auth user, created from the signup metadata. role is admin or user.';

-- The admin list sorts users by signup time and finds them by email (so does admin:grant).
create index profiles_created_at_idx on public.profiles (created_at desc);
create index profiles_email_idx on public.profiles (lower(email));
-- The admin list's search and sort keys (20261122000400_admin.sql says why).
create index profiles_full_name_lower_idx on public.profiles (full_name_lower desc, id);
create index profiles_email_lower_idx on public.profiles (email_lower desc, id);

create trigger profiles_set_updated_at
    before update
    on public.profiles
    for each row
execute function private.set_updated_at();

/**
  * -------------------------------------------------------
  * Section - Admin check
  * -------------------------------------------------------
 */

/**
  * True when the requesting user's profile has role 'admin'. Security definer so that policies on
  * profiles can call it without recursing into their own row-level security.
 */
create or replace function private.is_admin()
    returns boolean
    language sql
    stable
    security definer
    set search_path = ''
as
$$
select exists (select 1
               from public.profiles
               where id = (select auth.uid())
                 and role = 'admin');
$$;

revoke all on function private.is_admin() from public, anon;
grant usage on schema private to authenticated, service_role;
grant execute on function private.is_admin() to authenticated, service_role;

/**
  * -------------------------------------------------------
  * Section - Signup trigger
  * -------------------------------------------------------
 */

/**
  * Creates the profile of a new auth user from raw_user_meta_data. It must accept every signup the
  * Auth server accepts (a failure here is a 500 'Database error saving new user'), so every value
  * that does not fit its column becomes NULL. role is never read from the metadata.
 */
create or replace function private.handle_new_user()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    meta       jsonb := case
                            when jsonb_typeof(new.raw_user_meta_data) = 'object' then new.raw_user_meta_data
                            else '{}'::jsonb
        end;
    age_text   text  := btrim(meta ->> 'age');
    age        integer;
begin
    -- Checked step by step: a cast inside one SQL expression could be evaluated before its guard.
    -- A JSON number such as 30.0 arrives as '30.0'.
    if age_text ~ '^[0-9]{1,3}(\.0+)?$' then
        age := age_text::numeric::integer;
        if age not between 1 and 150 then
            age := null;
        end if;
    end if;

    insert into public.profiles (id, email, full_name, age, address, country, occupation, phone, marital_status)
    values (new.id,
            private.to_email_address(new.email),
            private.clean_text(meta ->> 'full_name', 200),
            age,
            private.clean_text(meta ->> 'address', 500),
            private.clean_text(meta ->> 'country', 100),
            private.clean_text(meta ->> 'occupation', 200),
            case when char_length(btrim(meta ->> 'phone')) >= 3 then private.clean_text(meta ->> 'phone', 40) end,
            private.to_marital_status(meta ->> 'marital_status'))
    on conflict (id) do nothing;
    return new;
end;
$$;

revoke all on function private.handle_new_user() from public, anon, authenticated;

create trigger on_auth_user_created
    after insert
    on auth.users
    for each row
execute function private.handle_new_user();

/**
  * Keeps profiles.email equal to the account's email after an email change.
 */
create or replace function private.sync_profile_email()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    update public.profiles set email = private.to_email_address(new.email) where id = new.id;
    return new;
end;
$$;

revoke all on function private.sync_profile_email() from public, anon, authenticated;

create trigger on_auth_user_email_changed
    after update of email
    on auth.users
    for each row
    when (old.email is distinct from new.email)
execute function private.sync_profile_email();

/**
  * -------------------------------------------------------
  * Section - Privileges
  * -------------------------------------------------------
  * Hosted grants every API role everything on new tables; start from nothing. Users may edit
  * their own details but not id, email, role or the timestamps. Profiles are created by the
  * trigger and removed with the auth account (public.admin_delete_user), never directly.
 */
revoke all on table public.profiles from anon, authenticated, service_role;
grant select on table public.profiles to authenticated;
grant update (full_name, age, address, country, occupation, phone, marital_status)
    on table public.profiles to authenticated;
-- The service key is the operator's: full access, as on hosted.
grant all on table public.profiles to service_role;

/**
  * -------------------------------------------------------
  * Section - Row-level security
  * -------------------------------------------------------
 */
alter table public.profiles enable row level security;

-- A signed-in user reads their own profile (the profile page and the role check); admins read
-- every profile (the admin users list). One policy per role and action: Postgres runs every
-- permissive policy that applies, so two would cost two checks per row.
create policy "Users read their own profile, admins all" on public.profiles
    for select
    to authenticated
    using (id = (select auth.uid()) or (select private.is_admin()));

-- A signed-in user updates their own profile; the column grants keep role out of reach.
create policy "Users can update their own profile" on public.profiles
    for update
    to authenticated
    using (id = (select auth.uid()))
    with check (id = (select auth.uid()));
