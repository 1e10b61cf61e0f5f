/**
  * -------------------------------------------------------
  * Admin dashboard: search keys, list indexes and role changes
  * -------------------------------------------------------
  * The dashboard pages every list on the server (exact count + range), sorts by its main columns
  * and searches by name, email or passport number. This migration gives those queries indexes
  * and lets an admin promote or demote another user through a function, since no API role may
  * write profiles.role.
 */

/**
  * -------------------------------------------------------
  * Section - Search keys
  * -------------------------------------------------------
  * Search matches the start of a name, email or passport number, ignoring letter case. PostgREST
  * filters columns, not expressions, so each searched column gets a lower-cased twin that the
  * database keeps current. The twins use the "C" collation, where a prefix is a plain range
  * (key >= 'abc' and key < 'abd'), so one b-tree index per column serves search and ORDER BY
  * under any database collation. The dashboard sends that range rather than `like 'abc%'`:
  * row-level security lets only leakproof operators into an index condition, and text
  * comparisons are leakproof, LIKE is not (tests/db/admin-indexes.test.ts shows both plans).
  *
  * Why not '%term%' with a pg_trgm GIN index: the embedded backend (PGlite) only has the
  * extensions it is started with (pgcrypto, set in supabase/local/db/pglite.ts), and a
  * leading-wildcard search without it reads every row.
 */
alter table public.visa_applications
    add column name_lower            text collate "C" generated always as (lower(name)) stored,
    add column email_lower           text collate "C" generated always as (lower(email)) stored,
    add column passport_number_lower text collate "C" generated always as (lower(passport_number)) stored;

alter table public.bookings
    add column full_name_lower text collate "C" generated always as (lower(full_name)) stored,
    add column email_lower     text collate "C" generated always as (lower(email)) stored;

alter table public.contact_messages
    add column name_lower  text collate "C" generated always as (lower(name)) stored,
    add column email_lower text collate "C" generated always as (lower(email)) stored;

alter table public.newsletter_subscribers
    add column email_lower text collate "C" generated always as (lower(email)) stored;

alter table public.profiles
    add column full_name_lower text collate "C" generated always as (lower(full_name)) stored,
    add column email_lower     text collate "C" generated always as (lower(email)) stored;

/**
  * -------------------------------------------------------
  * Section - List indexes
  * -------------------------------------------------------
  * Every list orders by one column and then by id in the opposite direction (the island's
  * sortOrder), so each index has the shape (column desc, id): scanned forwards for a descending
  * sort, backwards for an ascending one, and the tie-break keeps pages stable. The created_at /
  * submitted_at indexes of the earlier migrations already have that shape.
 */
create index visa_applications_name_lower_idx on public.visa_applications (name_lower desc, id);
create index visa_applications_email_lower_idx on public.visa_applications (email_lower desc, id);
create index visa_applications_passport_number_lower_idx on public.visa_applications (passport_number_lower desc, id);
-- The status and visa type filters, newest first (the default order).
create index visa_applications_status_idx on public.visa_applications (status, submitted_at desc, id);
create index visa_applications_visa_type_idx on public.visa_applications (visa_type, submitted_at desc, id);

create index bookings_full_name_lower_idx on public.bookings (full_name_lower desc, id);
create index bookings_email_lower_idx on public.bookings (email_lower desc, id);
create index bookings_date_idx on public.bookings (date desc, id);

create index contact_messages_name_lower_idx on public.contact_messages (name_lower desc, id);
create index contact_messages_email_lower_idx on public.contact_messages (email_lower desc, id);

create index newsletter_subscribers_email_lower_idx on public.newsletter_subscribers (email_lower desc, id);

create index profiles_full_name_lower_idx on public.profiles (full_name_lower desc, id);
create index profiles_email_lower_idx on public.profiles (email_lower desc, id);

/**
  * -------------------------------------------------------
  * Section - Role changes
  * -------------------------------------------------------
 */

/**
  * Makes target_user an admin or a user again: call as rpc('admin_set_role', { target_user,
  * new_role }). Only admins may call it (SQLSTATE 42501 otherwise); an admin cannot change their
  * own role (demoting themself could leave nobody able to manage the site); new_role must be
  * 'user' or 'admin' (22023, HTTP 400); an unknown user raises PT404 (HTTP 404). Returns the role
  * now stored. Security definer because profiles.role has no UPDATE grant for any API role.
 */
create or replace function public.admin_set_role(target_user uuid, new_role text)
    returns text
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    if not private.is_admin() then
        raise exception 'Only administrators can change roles.' using errcode = 'insufficient_privilege';
    end if;

    if admin_set_role.target_user = (select auth.uid()) then
        raise exception 'Administrators cannot change their own role.' using errcode = 'P0001';
    end if;

    if admin_set_role.new_role is null or admin_set_role.new_role not in ('user', 'admin') then
        raise exception 'The role must be user or admin.' using errcode = 'invalid_parameter_value';
    end if;

    update public.profiles set role = admin_set_role.new_role where id = admin_set_role.target_user;
    if not found then
        raise exception 'User not found.' using errcode = 'PT404';
    end if;
    return admin_set_role.new_role;
end;
$$;

revoke all on function public.admin_set_role(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.admin_set_role(uuid, text) to authenticated;
