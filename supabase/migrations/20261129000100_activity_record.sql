/**
  * -------------------------------------------------------
  * Activity record: who did what to whose data, which nobody can rewrite
  * -------------------------------------------------------
  * One row per act of staff (and of the system) on applicants' data: a document opened, a status
  * changed, a verdict given, documents requested, a booking changed, a role changed, a factor
  * removed, an account deleted, a CSV exported, a person's data exported, a retention rule
  * applied. Each row is written by private.record_activity in the same transaction as its act, by
  * the database function or trigger that performs the act, so an act that commits has its row and
  * an act that fails leaves none.
  *
  * Append-only for everyone: no API role holds INSERT, UPDATE or DELETE on the table (rows come
  * only from private.record_activity, as its owner), and triggers refuse UPDATE, DELETE and
  * TRUNCATE even to the owner's own functions, so no later function can rewrite history by
  * mistake. Only admins read it (row-level security): it tells who looked at whose passport.
  * No column references another table: a foreign key's ON DELETE would rewrite rows (or refuse the
  * deletion of an account or application), and the record must outlive the people and
  * applications it names.
 */

/**
  * -------------------------------------------------------
  * Section - Kinds
  * -------------------------------------------------------
  * What an act was. A closed list, so the admin's filter offers exactly these and TypeScript reads
  * them from the generated types (common/database.types.ts).
 */
create type public.activity_kind as enum (
    'document_opened',
    'status_changed',
    'verdict_given',
    'documents_requested',
    'booking_changed',
    'role_changed',
    'factor_removed',
    'account_deleted',
    'csv_exported',
    'data_exported',
    'retention_applied'
    );

/**
  * -------------------------------------------------------
  * Section - Table
  * -------------------------------------------------------
 */
create table public.activity_record
(
    -- Increasing in the order rows are written: the tie-break of the admin's list.
    id              bigint generated always as identity primary key,
    at              timestamptz          not null default now(),
    -- The signed-in user who acted (auth.uid()); NULL for the service key, Cron or SQL.
    actor           uuid,
    -- The actor's role when they acted: their profile's role ('user', 'adviser', 'admin'), or the
    -- API role or database role that acted without a user ('service_role', 'postgres', ...).
    actor_role      text                 not null check (char_length(actor_role) between 1 and 63),
    kind            public.activity_kind not null,
    -- The application the act concerned, if any.
    application_id  uuid,
    -- The person whose data or account the act concerned, if any.
    subject_user_id uuid,
    -- What the act was, in the words of its kind: a file's path, the statuses from and to, ...
    detail          jsonb                not null default '{}'::jsonb check (jsonb_typeof(detail) = 'object')
);

comment on table public.activity_record is 'Append-only record of acts on applicants'' data: who (actor, actor_role), when, what (kind, detail), on which application and whose data. Written only by private.record_activity; read by admins.';

/**
  * The admin's list pages by time (newest first, id as the tie-break) and filters by person (as
  * actor or as subject), application and kind; a case shows its application's rows. Each filter's
  * index leads with its column and then the list's order, so a filtered page reads only its rows.
 */
create index activity_record_at_idx on public.activity_record (at desc, id desc);
create index activity_record_actor_idx on public.activity_record (actor, at desc, id desc);
create index activity_record_subject_idx on public.activity_record (subject_user_id, at desc, id desc);
create index activity_record_application_idx on public.activity_record (application_id, at desc, id desc);
create index activity_record_kind_idx on public.activity_record (kind, at desc, id desc);

/**
  * -------------------------------------------------------
  * Section - Append-only
  * -------------------------------------------------------
  * Grants keep every API role out; these triggers keep everyone else out too, including the
  * security definer functions that run as the table's owner. Refused with 42501
  * (insufficient_privilege), as a missing grant is.
 */
create or replace function private.refuse_activity_rewrite()
    returns trigger
    language plpgsql
    set search_path = ''
as
$$
begin
    raise exception 'The activity record is append-only: % is refused.', tg_op using errcode = 'insufficient_privilege';
end;
$$;

revoke all on function private.refuse_activity_rewrite() from public, anon, authenticated, service_role;

create trigger activity_record_no_update_or_delete
    before update or delete
    on public.activity_record
    for each row
execute function private.refuse_activity_rewrite();

create trigger activity_record_no_truncate
    before truncate
    on public.activity_record
    for each statement
execute function private.refuse_activity_rewrite();

/**
  * -------------------------------------------------------
  * Section - Writing a row
  * -------------------------------------------------------
 */

/**
  * Appends one row: the actor is the signed-in user (auth.uid()), NULL for the service key, Cron
  * or SQL; the actor's role is read here, not passed, so no caller can claim another. Called by
  * the security definer functions and triggers that perform each act, inside their transaction:
  * if the act fails the row is rolled back with it, and if this insert fails the act does too.
  * Not executable by any API role: a row a client could write would prove nothing.
 */
create or replace function private.record_activity(kind public.activity_kind, application_id uuid,
                                                   subject_user_id uuid, detail jsonb default '{}'::jsonb)
    returns void
    language sql
    volatile
    security definer
    set search_path = ''
as
$$
insert into public.activity_record (actor, actor_role, kind, application_id, subject_user_id, detail)
select (select auth.uid()),
       coalesce((select p.role::text from public.profiles p where p.id = (select auth.uid())),
                nullif((select auth.role()), ''),
                current_user::text),
       record_activity.kind,
       record_activity.application_id,
       record_activity.subject_user_id,
       coalesce(record_activity.detail, '{}'::jsonb);
$$;

revoke all on function private.record_activity(public.activity_kind, uuid, uuid, jsonb) from public, anon, authenticated, service_role;

/**
  * -------------------------------------------------------
  * Section - Privileges and row-level security
  * -------------------------------------------------------
  * Read only, for every API role: no INSERT, UPDATE or DELETE grant, the service key's included.
 */
revoke all on table public.activity_record from anon, authenticated, service_role;
grant select on table public.activity_record to authenticated, service_role;

alter table public.activity_record enable row level security;

-- Admins read the whole record; advisers and users read none of it.
create policy "Admins read the activity record" on public.activity_record
    for select
    to authenticated
    using ((select private.is_admin()));

/**
  * -------------------------------------------------------
  * Section - What is recorded, and where
  * -------------------------------------------------------
  * Each act is recorded by the database where the act happens, so no path to it (the admin, the
  * API, a future function) can skip its row:
  *   document_opened      public.open_document (20261122000900_documents.sql), before any URL
  *   status_changed       the trigger below on visa_applications (every status change after submission)
  *   verdict_given        the trigger below on document_verdicts (each verdict staff give)
  *   documents_requested  the trigger below on document_requests (each request staff make)
  *   booking_changed      the triggers below on booking_events (staff's changes) and bookings (staff's deletions)
  *   role_changed         the trigger below on profiles (a change of role)
  *   account_deleted      the trigger below on auth.users (every deletion of an account, not an anonymous sign-in's)
  *   csv_exported         public.start_csv_export below, which the admin's export calls before it reads a row
  *   factor_removed       public.record_factor_removal below, which the remove-factor Edge Function calls
  *                        before it asks the Auth server to remove the factor
  *   data_exported, retention_applied: by the functions that export a person's data and apply the
  *                        retention rules.
  * The triggers are security definer because private.record_activity is executable by no API
  * role; the actor is still auth.uid(), the user whose request made the change.
 */

/** After a status change of a visa application: status_changed, from and to. */
create or replace function private.record_status_change()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    perform private.record_activity('status_changed', new.id, new.user_id,
                                    jsonb_build_object('from', old.status, 'to', new.status));
    return null;
end;
$$;

revoke all on function private.record_status_change() from public, anon, authenticated;

create trigger visa_applications_status_recorded
    after update of status
    on public.visa_applications
    for each row
    when (old.status is distinct from new.status)
execute function private.record_status_change();

/** After a verdict on a document (an entry of public.document_verdicts): verdict_given. */
create or replace function private.record_verdict_given()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    perform private.record_activity('verdict_given', new.application_id,
                                    (select a.user_id from public.visa_applications a where a.id = new.application_id),
                                    jsonb_build_object('object_id', new.object_id, 'file_name', new.file_name,
                                                       'item', new.item_key, 'verdict', new.verdict));
    return null;
end;
$$;

revoke all on function private.record_verdict_given() from public, anon, authenticated;

create trigger document_verdicts_recorded
    after insert
    on public.document_verdicts
    for each row
execute function private.record_verdict_given();

/** After a request for missing documents: documents_requested, with the item keys asked for. */
create or replace function private.record_documents_requested()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    perform private.record_activity('documents_requested', new.application_id,
                                    (select a.user_id from public.visa_applications a where a.id = new.application_id),
                                    jsonb_build_object('request_id', new.id,
                                                       'items', (select jsonb_agg(item ->> 'key') from jsonb_array_elements(new.items) item)));
    return null;
end;
$$;

revoke all on function private.record_documents_requested() from public, anon, authenticated;

create trigger document_requests_recorded
    after insert
    on public.document_requests
    for each row
execute function private.record_documents_requested();

/** After staff change a booking (confirm, decline, move, cancel): booking_changed. */
create or replace function private.record_booking_change()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    perform private.record_activity('booking_changed', null, null,
                                    jsonb_build_object('booking_id', new.booking_id, 'change', new.change,
                                                       'from', jsonb_build_object('date', new.from_date, 'time', new.from_time),
                                                       'to', jsonb_build_object('date', new.to_date, 'time', new.to_time),
                                                       'status', new.status));
    return null;
end;
$$;

revoke all on function private.record_booking_change() from public, anon, authenticated;

create trigger booking_events_recorded
    after insert
    on public.booking_events
    for each row
    when (new.changed_by = 'staff')
execute function private.record_booking_change();

/**
  * After a booking is deleted by staff (the admin's bookings list): booking_changed, change
  * 'deleted'. A deletion by no signed-in staff member (the service key, a retention rule) is
  * recorded by whoever made it.
 */
create or replace function private.record_booking_deletion()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    if private.is_staff() then
        perform private.record_activity('booking_changed', null, null,
                                        jsonb_build_object('booking_id', old.id, 'change', 'deleted',
                                                           'from', jsonb_build_object('date', old.date, 'time', old.time),
                                                           'status', old.status));
    end if;
    return null;
end;
$$;

revoke all on function private.record_booking_deletion() from public, anon, authenticated;

create trigger bookings_deletion_recorded
    after delete
    on public.bookings
    for each row
execute function private.record_booking_deletion();

/** After a profile's role changes: role_changed, from and to. */
create or replace function private.record_role_change()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    perform private.record_activity('role_changed', null, new.id, jsonb_build_object('from', old.role, 'to', new.role));
    return null;
end;
$$;

revoke all on function private.record_role_change() from public, anon, authenticated;

create trigger profiles_role_recorded
    after update of role
    on public.profiles
    for each row
    when (old.role is distinct from new.role)
execute function private.record_role_change();

/**
  * After an account is deleted (by an admin from the users list, by its owner, or by the operator):
  * account_deleted, naming the account by its id only (its email address goes with it). An
  * anonymous sign-in (the booking form's CAPTCHA session) is no account and is not recorded.
 */
create or replace function private.record_account_deletion()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    perform private.record_activity('account_deleted', null, old.id);
    return null;
end;
$$;

revoke all on function private.record_account_deletion() from public, anon, authenticated;

create trigger on_auth_user_deleted_recorded
    after delete
    on auth.users
    for each row
    when (not old.is_anonymous)
execute function private.record_account_deletion();

/**
  * -------------------------------------------------------
  * Section - Recorded steps of the admin
  * -------------------------------------------------------
 */

/**
  * Records a CSV export of the admin's list `list` with the view it exports (search, filters,
  * sort: `view`, a JSON object). Staff only (42501 otherwise); a list name of 1 to 40 letters,
  * digits, underscores or hyphens and a view that is an object of at most 4,000 characters, or
  * 22023. The admin's export calls it first and reads no row until it has answered
  * (src/lib/admin/csv-export.ts), so every file the admin writes has its row.
 */
create or replace function private.start_csv_export(list text, view jsonb)
    returns void
    language plpgsql
    volatile
    security definer
    set search_path = ''
as
$$
begin
    perform private.require_staff('Only staff can export lists.');
    if start_csv_export.list is null or start_csv_export.list !~ '^[A-Za-z0-9_-]{1,40}$'
        or jsonb_typeof(start_csv_export.view) is distinct from 'object'
        or char_length(start_csv_export.view::text) > 4000 then
        raise exception 'An export names its list and its view.' using errcode = 'invalid_parameter_value';
    end if;
    perform private.record_activity('csv_exported', null, null,
                                    jsonb_build_object('list', start_csv_export.list, 'view', start_csv_export.view));
end;
$$;

revoke all on function private.start_csv_export(text, jsonb) from public, anon, authenticated, service_role;
grant execute on function private.start_csv_export(text, jsonb) to authenticated;

/** The admin's CSV export, first step: rpc('start_csv_export', { list, view }). */
create or replace function public.start_csv_export(list text, view jsonb)
    returns void
    language sql
    volatile
    security invoker
    set search_path = ''
as
$$
select private.start_csv_export(start_csv_export.list, start_csv_export.view);
$$;

revoke all on function public.start_csv_export(text, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.start_csv_export(text, jsonb) to authenticated;

/**
  * Records that the caller, an admin, removes the second factor `factor_id` of `target_user` (their
  * lost phone). Admins only (42501 otherwise), never their own (P0001: they would remove it from
  * their profile), and the factor must be the user's (PT404 otherwise). Called by the
  * remove-factor Edge Function with the admin's token before it asks the Auth server to delete
  * the factor, so no factor is removed through it without its row; a removal the Auth server then
  * fails leaves a row whose factor the users list still shows.
 */
create or replace function private.record_factor_removal(target_user uuid, factor_id uuid)
    returns void
    language plpgsql
    volatile
    security definer
    set search_path = ''
as
$$
declare
    factor record;
begin
    perform private.require_admin(record_factor_removal.target_user,
                                  not_admin => 'Only administrators can remove a factor.',
                                  on_self => 'Administrators cannot remove their own factor here.');
    select f.factor_type::text as factor_type, f.friendly_name
    into factor
    from auth.mfa_factors f
    where f.id = record_factor_removal.factor_id
      and f.user_id = record_factor_removal.target_user;
    if not found then
        raise exception 'Factor not found.' using errcode = 'PT404';
    end if;
    perform private.record_activity('factor_removed', null, record_factor_removal.target_user,
                                    jsonb_build_object('factor_id', record_factor_removal.factor_id,
                                                       'factor_type', factor.factor_type,
                                                       'friendly_name', factor.friendly_name));
end;
$$;

revoke all on function private.record_factor_removal(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function private.record_factor_removal(uuid, uuid) to authenticated;

/** The remove-factor Edge Function's first step: rpc('record_factor_removal', { target_user, factor_id }). */
create or replace function public.record_factor_removal(target_user uuid, factor_id uuid)
    returns void
    language sql
    volatile
    security invoker
    set search_path = ''
as
$$
select private.record_factor_removal(record_factor_removal.target_user, record_factor_removal.factor_id);
$$;

revoke all on function public.record_factor_removal(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.record_factor_removal(uuid, uuid) to authenticated;

/**
  * -------------------------------------------------------
  * Section - How the admin reads the record
  * -------------------------------------------------------
 */

/**
  * The record as the admin's list reads it: each row with the email addresses of its actor and its
  * subject (while their accounts exist) and its application's reference, and their lower-cased
  * twins in the "C" collation for the list's prefix search (by a person's email, as actor or
  * subject, or by an application's reference; 20261122000100_profiles_and_roles.sql says why the
  * twins). Security invoker, so the record's policy applies: admins read it, nobody else.
 */
create view public.activity_entries with (security_invoker = true) as
select r.id,
       r.at,
       r.actor,
       r.actor_role,
       r.kind,
       r.application_id,
       r.subject_user_id,
       r.detail,
       -- A person whose account is gone is still named, by id: read as "System" (a NULL), an
       -- act of a deleted staff account would hide who did it.
       coalesce(actor_profile.email::text, 'deleted account ' || r.actor::text)               as actor_email,
       coalesce(subject_profile.email::text, 'deleted account ' || r.subject_user_id::text)   as subject_email,
       left(r.application_id::text, 8) collate "C"           as application_reference,
       lower(actor_profile.email::text) collate "C"          as actor_email_lower,
       lower(subject_profile.email::text) collate "C"        as subject_email_lower
from public.activity_record r
         left join public.profiles actor_profile on actor_profile.id = r.actor
         left join public.profiles subject_profile on subject_profile.id = r.subject_user_id;

comment on view public.activity_entries is 'The activity record with the emails of its actor and subject and the application''s reference, for the admin''s list. Admins only (the record''s policy).';

revoke all on table public.activity_entries from anon, authenticated, service_role;
grant select on table public.activity_entries to authenticated, service_role;

/**
  * The entries of one application's case, newest first (at most 200): what staff did on it. Staff
  * (advisers too) read them here, in the case they work, though only admins read the record as a
  * whole (docs/product-decisions.md). 42501 for anyone else.
 */
create or replace function private.case_activity(application_id uuid)
    returns table
            (
                id          bigint,
                at          timestamptz,
                actor_email text,
                actor_role  text,
                kind        public.activity_kind,
                detail      jsonb
            )
    language plpgsql
    stable
    security definer
    set search_path = ''
as
$$
begin
    perform private.require_staff('Only staff can read a case''s activity.');
    return query
        select r.id, r.at, coalesce(p.email::text, 'deleted account ' || r.actor::text), r.actor_role, r.kind, r.detail
        from public.activity_record r
                 left join public.profiles p on p.id = r.actor
        where r.application_id = case_activity.application_id
        order by r.at desc, r.id desc
        limit 200;
end;
$$;

revoke all on function private.case_activity(uuid) from public, anon, authenticated, service_role;
grant execute on function private.case_activity(uuid) to authenticated;

/** A case's entries: rpc('case_activity', { application_id }); see private.case_activity. */
create or replace function public.case_activity(application_id uuid)
    returns table
            (
                id          bigint,
                at          timestamptz,
                actor_email text,
                actor_role  text,
                kind        public.activity_kind,
                detail      jsonb
            )
    language sql
    stable
    security invoker
    set search_path = ''
as
$$
select * from private.case_activity(case_activity.application_id);
$$;

revoke all on function public.case_activity(uuid) from public, anon, authenticated, service_role;
grant execute on function public.case_activity(uuid) to authenticated;

/**
  * The second factors of `user_id` (Auth's auth.mfa_factors), for the admin's users list, where an
  * admin removes a lost one (the remove-factor Edge Function). Admins only (42501 otherwise);
  * never the factor's secret.
 */
create or replace function private.staff_factors(user_id uuid)
    returns table
            (
                id            uuid,
                friendly_name text,
                factor_type   text,
                status        text,
                created_at    timestamptz
            )
    language plpgsql
    stable
    security definer
    set search_path = ''
as
$$
begin
    perform private.require_admin(null, not_admin => 'Only administrators can see a person''s factors.', on_self => '');
    return query
        select f.id, f.friendly_name, f.factor_type::text, f.status::text, f.created_at
        from auth.mfa_factors f
        where f.user_id = staff_factors.user_id
        order by f.created_at;
end;
$$;

revoke all on function private.staff_factors(uuid) from public, anon, authenticated, service_role;
grant execute on function private.staff_factors(uuid) to authenticated;

/** A person's factors in the users list: rpc('staff_factors', { user_id }); see private.staff_factors. */
create or replace function public.staff_factors(user_id uuid)
    returns table
            (
                id            uuid,
                friendly_name text,
                factor_type   text,
                status        text,
                created_at    timestamptz
            )
    language sql
    stable
    security invoker
    set search_path = ''
as
$$
select * from private.staff_factors(staff_factors.user_id);
$$;

revoke all on function public.staff_factors(uuid) from public, anon, authenticated, service_role;
grant execute on function public.staff_factors(uuid) to authenticated;
