/**
  * -------------------------------------------------------
  * Profiles and roles: one row per auth user, written by a trigger at signup
  * -------------------------------------------------------
  * The signup form sends full name, age, address, country, occupation, phone and marital status
  * as user metadata; the trigger copies them here. role is 'user' unless an operator or an admin
  * makes the user an adviser or an admin (npm run admin:grant locally, plain SQL on hosted,
  * public.admin_set_role from the dashboard). No API role can write role. This file also holds what every later migration uses:
  * the private schema with its helpers, the field rules shared by several tables (email address,
  * marital status) and the codes of the refusals the forms explain, how the admin dashboard's
  * lists are searched, the staff and admin checks of the row-level security policies and the
  * guards of the staff and admin RPCs; and the admin's user management (deleting users, changing
  * roles).
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
  *
  * A refusal the browser shows at a form field that no constraint names (a rule of a trigger or of
  * an RPC) carries a SQLSTATE of the project's own, class RF, so the browser knows it by its code
  * (src/lib/forms/errors.ts) and never by the message's English. PostgREST passes the code through
  * at every error verbosity (hint and detail are left out under client-error-verbosity = minimal)
  * and answers an unlisted code with HTTP 400; the messages stay for people reading the API.
  *   RF001  the booking date is in the past in Lagos (the booking form's date field)
  *   RF002  the date of birth is in the future (the visa form's dob field)
  *   RF003  the booking time has passed in Lagos (the booking form's time field)
  *   RF004  the application is decided (approved or rejected), or gone: its documents no longer
  *          change (staff's review of a document, staff's request for documents)
  *   RF005  an item asked for has been provided meanwhile (staff's request for documents)
  *   RF006  the document is gone, its applicant removed it meanwhile (staff's review)
  *   RF007  the booking's date has no open time left (the booking form's date field)
  *   RF008  the booking's time is not an open slot of its date (the time field)
  *   RF009  the slot is full (the time field)
  *   RF010  the client's network holds its share of upcoming bookings (the date field)
  *   RF011  the hourly ceiling of new bookings across all clients is reached (the whole form)
  *          (RF007 to RF011: 20261122000720_bookings.sql)
  *   RF012  staff's weekly hours are not a week of intervals that close after they open and do
  *          not overlap (20261122000710_consultation_hours.sql)
  *   RF013  a booking made with the bare anon key where booking_rules.captcha_required asks for
  *          the CAPTCHA's anonymous session (20261122000720_bookings.sql)
 */

/**
  * An email address: at most 254 characters (the longest path RFC 5321 allows), and one mailbox
  * in RFC 5321's Dot-string form, as common/email-address.ts writes it: atoms of anything but
  * white space, controls and RFC 5322's specials ( ) < > [ ] : ; @ \ , . " joined by single dots,
  * an @, then two or more labels of letters, digits and hyphens (any non-ASCII letter included,
  * for internationalised addresses). So nothing a mail library reads as a list or a display name
  * (someone,victim@y.example, which would reach two mailboxes) is an address. The pattern is that
  * file's EMAIL_PATTERN, character for character (tests/db/email-address.test.ts compares them
  * and runs both over the same addresses).
 */
create domain public.email_address as text
    constraint email_address_max_length check (char_length(value) <= 254)
    constraint email_address_format check (value ~
        '^[^\u0001-\u0020\u007f-\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff()<>:;@,."\u005b\u005c\u005d]+(?:\.[^\u0001-\u0020\u007f-\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff()<>:;@,."\u005b\u005c\u005d]+)*@[^\u0001-\u0020\u007f-\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff\u0021-\u002c\u002e\u002f\u003a-\u0040\u005b-\u0060\u007b-\u007e]+(?:\.[^\u0001-\u0020\u007f-\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff\u0021-\u002c\u002e\u002f\u003a-\u0040\u005b-\u0060\u007b-\u007e]+)+$');

/**
  * The closed lists of this file are enums, so the generated types carry them and TypeScript reads
  * them from there (common/domain.ts). An enum sorts in the order it is declared, so each is
  * declared in the order the admin's lists sort by. A value outside one is refused with 22P02
  * (invalid_text_representation, HTTP 400), not a CHECK's 23514.
  * The specification's four marital statuses (visa form and signup), in its order.
 */
create type public.marital_status as enum ('Single', 'Married', 'Divorced', 'Widowed');

-- Who a profile is: 'user' from signup; 'adviser' works cases (applications, documents,
-- bookings, messages); 'admin' does that and manages staff, deletes accounts and reads the activity
-- record. Users sort before advisers, advisers before admins.
create type public.user_role as enum ('user', 'adviser', 'admin');

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
  * value, trimmed, as a marital_status; NULL when it is none of the list. For the signup trigger,
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
    when invalid_text_representation then
        return null;
end;
$$;

revoke all on function private.to_marital_status(text) from public, anon, authenticated;

/**
  * -------------------------------------------------------
  * Section - The admin lists' search keys and indexes (declared with each table)
  * -------------------------------------------------------
  * The dashboard pages every list on the server (exact count + range), sorts by its main columns
  * and searches by name, email or passport number.
  *
  * Search keys: search matches the start of a name, email or passport number, ignoring letter
  * case. PostgREST filters columns, not expressions, so each searched column has a lower-cased
  * twin (`<column>_lower`, a generated column) that the database keeps current. The twins use the
  * "C" collation, where a prefix is a plain range (key >= 'abc' and key < 'abd'), so one b-tree
  * index per column serves search and ORDER BY under any database collation. The dashboard sends
  * that range rather than `like 'abc%'`: row-level security lets only leakproof operators into an
  * index condition, and text comparisons are leakproof, LIKE is not
  * (tests/db/admin-indexes.test.ts shows both plans). Why not '%term%' with a pg_trgm GIN index:
  * the embedded backend (PGlite) only has the extensions it is started with (pgcrypto, set in
  * supabase/local/db/pglite.ts), and a leading-wildcard search without it reads every row.
  *
  * List indexes: every list orders by one column and then by id in the opposite direction (the
  * island's sortOrder), so each list index has the shape (column desc, id): scanned forwards for a
  * descending sort, backwards for an ascending one, and the tie-break keeps pages stable.
 */

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
    role            public.user_role not null default 'user',
    created_at      timestamptz not null default now(),
    updated_at      timestamptz not null default now(),
    -- The admin dashboard's search keys (Section - The admin lists' search keys says why).
    full_name_lower text collate "C" generated always as (lower(full_name)) stored,
    email_lower     text collate "C" generated always as (lower(email)) stored
);

comment on table public.profiles is 'One row per auth user, created from the signup metadata. role is user, adviser or admin.';

-- The admin list sorts users by signup time and finds them by email (so does admin:grant).
create index profiles_created_at_idx on public.profiles (created_at desc);
create index profiles_email_idx on public.profiles (lower(email));
-- The admin list's search and sort keys (Section - The admin lists' search keys says why).
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
  * True when the requesting user's profile has role 'adviser' or 'admin': staff, who work cases
  * (applications, documents, reviews and requests, bookings and their days and hours, messages,
  * subscribers, notes, notifications, CSV exports). What only admins may do (roles, deleting
  * accounts, the activity record) asks private.is_admin(). Security definer for the reason above.
 */
create or replace function private.is_staff()
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
                 and role in ('adviser', 'admin'));
$$;

revoke all on function private.is_staff() from public, anon;
grant execute on function private.is_staff() to authenticated, service_role;

/**
  * -------------------------------------------------------
  * Section - Signup trigger
  * -------------------------------------------------------
 */

/**
  * Creates the profile of a new auth user from raw_user_meta_data, except an anonymous one. It must accept every signup the
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
    -- An anonymous sign-in (the booking form's, where a CAPTCHA is required) is no account: no
    -- profile, so it is no client in staff's lists and owns nothing a profile would.
    if new.is_anonymous then
        return new;
    end if;
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

-- A signed-in user reads their own profile (the profile page and the role check); staff read
-- every profile (the admin users list, the applicants of their cases). One policy per role and
-- action: Postgres runs every permissive policy that applies, so two would cost two checks per row.
create policy "Users read their own profile, staff all" on public.profiles
    for select
    to authenticated
    using (id = (select auth.uid()) or (select private.is_staff()));

-- A signed-in user updates their own profile; the column grants keep role out of reach.
create policy "Users can update their own profile" on public.profiles
    for update
    to authenticated
    using (id = (select auth.uid()))
    with check (id = (select auth.uid()));

/**
  * -------------------------------------------------------
  * Section - Admin guard
  * -------------------------------------------------------
 */

/**
  * Raises unless the caller is an admin acting on another user: SQLSTATE 42501 (HTTP 401/403) with
  * not_admin when the caller is not an admin, P0001 (HTTP 400) with on_self when target_user is the
  * caller (an admin deleting or demoting themself could leave nobody able to manage the site).
 */
create or replace function private.require_admin(target_user uuid, not_admin text, on_self text)
    returns void
    language plpgsql
    stable
    set search_path = ''
as
$$
begin
    if not private.is_admin() then
        raise exception '%', not_admin using errcode = 'insufficient_privilege';
    end if;

    if target_user = (select auth.uid()) then
        raise exception '%', on_self using errcode = 'P0001';
    end if;
end;
$$;

-- Called only by the security definer functions below, as their owner.
revoke all on function private.require_admin(uuid, text, text) from public, anon, authenticated;

/**
  * Raises unless the caller is staff (an adviser or an admin): SQLSTATE 42501 (HTTP 401/403) with
  * not_staff. The guard of the RPCs that work cases; what only admins may do uses require_admin.
 */
create or replace function private.require_staff(not_staff text)
    returns void
    language plpgsql
    stable
    set search_path = ''
as
$$
begin
    if not private.is_staff() then
        raise exception '%', not_staff using errcode = 'insufficient_privilege';
    end if;
end;
$$;

-- Called only by the security definer functions of the later files, as their owner.
revoke all on function private.require_staff(text) from public, anon, authenticated;

/**
  * -------------------------------------------------------
  * Section - User management
  * -------------------------------------------------------
  * Each RPC is a security invoker function in public (the API's schema) that calls a security
  * definer function of the same name in private, which checks its caller with the admin guard
  * before it uses its owner's rights. So no exposed function runs as its owner (Supabase's linter,
  * lints 0028/0029), and a signed-in user who is not an admin gets the guard's error either way.
 */

/**
  * Deletes the auth account user_id. Only admins may (SQLSTATE 42501 otherwise), an admin cannot
  * delete their own account this way (that would lock the last admin out), and an unknown id
  * raises PT404 (PostgREST answers HTTP 404). The profile, identities, sessions and refresh tokens
  * cascade, and the user's visa applications stay with user_id cleared: they are the
  * consultancy's records.
 */
create or replace function private.admin_delete_user(user_id uuid)
    returns void
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    perform private.require_admin(admin_delete_user.user_id,
                                  not_admin => 'Only administrators can delete users.',
                                  on_self => 'Administrators cannot delete their own account.');

    delete from auth.users where id = admin_delete_user.user_id;
    if not found then
        raise exception 'User not found.' using errcode = 'PT404';
    end if;
end;
$$;

revoke all on function private.admin_delete_user(uuid) from public, anon, authenticated, service_role;
grant execute on function private.admin_delete_user(uuid) to authenticated;

/**
  * The admin users list's delete: rpc('admin_delete_user', { user_id }); private.admin_delete_user
  * checks the caller and deletes.
 */
create or replace function public.admin_delete_user(user_id uuid)
    returns void
    language sql
    security invoker
    set search_path = ''
as
$$
select private.admin_delete_user(admin_delete_user.user_id);
$$;

revoke all on function public.admin_delete_user(uuid) from public, anon, authenticated, service_role;
grant execute on function public.admin_delete_user(uuid) to authenticated;

/**
  * Makes target_user a user, an adviser or an admin. Only admins may (SQLSTATE 42501 otherwise); an admin
  * cannot change their own role; new_role is a public.user_role (22P02, HTTP 400, for any other; 22023 for none); an unknown
  * user raises PT404 (HTTP 404). Returns the role now stored. Security definer because
  * profiles.role has no UPDATE grant for any API role.
 */
create or replace function private.admin_set_role(target_user uuid, new_role public.user_role)
    returns public.user_role
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    perform private.require_admin(admin_set_role.target_user,
                                  not_admin => 'Only administrators can change roles.',
                                  on_self => 'Administrators cannot change their own role.');

    if admin_set_role.new_role is null then
        raise exception 'The role must be user, adviser or admin.' using errcode = 'invalid_parameter_value';
    end if;

    update public.profiles set role = admin_set_role.new_role where id = admin_set_role.target_user;
    if not found then
        raise exception 'User not found.' using errcode = 'PT404';
    end if;
    return admin_set_role.new_role;
end;
$$;

revoke all on function private.admin_set_role(uuid, public.user_role) from public, anon, authenticated, service_role;
grant execute on function private.admin_set_role(uuid, public.user_role) to authenticated;

/**
  * The admin users list's role change: rpc('admin_set_role', { target_user, new_role }), returning
  * the role now stored; private.admin_set_role checks the caller and updates.
 */
create or replace function public.admin_set_role(target_user uuid, new_role public.user_role)
    returns public.user_role
    language sql
    security invoker
    set search_path = ''
as
$$
select private.admin_set_role(admin_set_role.target_user, admin_set_role.new_role);
$$;

revoke all on function public.admin_set_role(uuid, public.user_role) from public, anon, authenticated, service_role;
grant execute on function public.admin_set_role(uuid, public.user_role) to authenticated;
