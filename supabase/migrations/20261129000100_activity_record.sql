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
