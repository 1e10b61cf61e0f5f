/**
  * -------------------------------------------------------
  * Account deletion: the one deletion of an account, whoever asks for it
  * -------------------------------------------------------
  * An applicant deletes their account on /profile (the Edge Function delete-my-account checks their
  * password, then calls public.delete_own_account with the service key); staff delete it for a
  * person who asks by phone from the admin's users list (public.admin_delete_user,
  * 20261122000100_profiles_and_roles.sql). Both run private.delete_account, in one transaction:
  *   - every file of the account's folder in the documents bucket is queued for removal
  *     (private.document_removals: the remove-documents function removes it through the Storage
  *     API, which hosted Storage needs to remove the bytes; SQL may not delete them);
  *   - each of the account's applications is kept as the consultancy's record of the case (visa
  *     type, status, dates, its status history and staff's requests) with its personal fields
  *     overwritten and user_id cleared; its internal notes and document verdicts go;
  *   - the bookings, contact messages, newsletter subscription, emails and spam-limit log under the
  *     account's verified address are deleted (an unverified address proves nothing: what others
  *     typed under it stays);
  *   - a row of public.account_deletions records it, and its confirmation email is queued;
  *   - the auth account is deleted: its profile, identities, sessions, refresh tokens and factors
  *     cascade, so the person is signed out everywhere at once (no refresh token is left to renew
  *     an access token). An access token already issued stays valid on hosted until it expires (an
  *     hour at most, jwt_expiry), but every policy keys on auth.uid() and the account's rows are
  *     gone or no longer carry its id, so it reads nothing and writes nothing
  *     (tests/functions/delete-my-account.test.ts).
  * docs/product-decisions.md says why each table is deleted or kept; common/personal-data.ts lists
  * them, and tests/db/personal-data.test.ts holds that list to the catalog.
 */

/**
  * -------------------------------------------------------
  * Section - The record of each deletion
  * -------------------------------------------------------
  * What the consultancy keeps to show it honoured a request to be forgotten: the address (the
  * confirmation email's recipient, read by send-notifications as its subject row), when, whether
  * staff did it, and how much was erased. Admins read it; nobody writes it but the deletion.
 */
create table public.account_deletions
(
    id                uuid primary key     default extensions.gen_random_uuid(),
    -- NULL when the account had no address the email rule accepts (no confirmation is sent then).
    email             public.email_address,
    deleted_at        timestamptz not null default now(),
    -- true: staff deleted it from the users list, for a person who asked them.
    by_staff          boolean     not null,
    applications_kept integer     not null check (applications_kept >= 0),
    files_removed     integer     not null check (files_removed >= 0)
);

comment on table public.account_deletions is 'One row per deleted account: the proof a request to be forgotten was honoured, and the subject of its confirmation email.';

revoke all on table public.account_deletions from anon, authenticated, service_role;
grant select on table public.account_deletions to authenticated;
grant all on table public.account_deletions to service_role;

alter table public.account_deletions enable row level security;

create policy "Admins read account deletions" on public.account_deletions
    for select
    to authenticated
    using ((select private.is_admin()));

/**
  * -------------------------------------------------------
  * Section - The deletion
  * -------------------------------------------------------
 */

/**
  * Deletes the account `target` as the header of this file says, and returns its row of
  * account_deletions. PT404 (HTTP 404) for an unknown account. The account's row is locked first,
  * so two deletions of one account run one after the other and the second finds it gone.
  * Called by the definer halves of the two RPCs only, which check their callers.
 */
create or replace function private.delete_account(target uuid, by_staff boolean)
    returns public.account_deletions
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    account_email    text;
    -- The address the account proved it owns: bookings, messages and the newsletter are found by it.
    verified         text;
    application_ids  uuid[];
    files            integer;
    deletion         public.account_deletions;
begin
    select u.email, case when u.email_confirmed_at is not null then lower(u.email) end
    into account_email, verified
    from auth.users u
    where u.id = delete_account.target
        for update;
    if not found then
        raise exception 'User not found.' using errcode = 'PT404';
    end if;

    -- The files: every object in the account's folder (object names start with the user id).
    -- Folders as byte ranges, as private.document_refusal reads them: '0' follows '/'.
    insert into private.document_removals (bucket_id, object_name, application_id)
    select o.bucket_id,
           o.name,
           case
               when split_part(o.name, '/', 2) ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                   then split_part(o.name, '/', 2)::uuid
               else '00000000-0000-0000-0000-000000000000'::uuid end
    from storage.objects o
    where o.bucket_id = private.documents_bucket()
      and o.name ~>=~ (delete_account.target::text || '/')
      and o.name ~<~ (delete_account.target::text || '0')
    on conflict (bucket_id, object_name) do nothing;
    get diagnostics files = row_count;

    -- The applications: kept as the case's record, without the person.
    application_ids := array(select a.id from public.visa_applications a where a.user_id = delete_account.target);
    delete from public.application_notes where application_id = any (application_ids);
    delete from public.document_reviews where application_id = any (application_ids);
    delete from public.document_verdicts where application_id = any (application_ids);
    -- Emails about them, to the applicant or to staff: they quote the applicant's name and details.
    delete from public.notifications where subject_table = 'visa_applications' and subject_id = any (application_ids);
    update public.visa_applications
    set user_id         = null,
        name            = 'Erased',
        email           = private.erased_email(),
        phone           = 'Erased',
        dob             = date '1900-01-01',
        nationality     = 'Erased',
        passport_number = 'Erased',
        marital_status  = null,
        address         = 'Erased',
        message         = null,
        client_key      = null,
        erased_at       = now()
    where id = any (application_ids);

    -- What was sent under the verified address (each delete forgets its rows' emails too).
    if verified is not null then
        delete from public.bookings where email_lower = verified collate "C";
        delete from public.contact_messages where email_lower = verified collate "C";
        delete from public.newsletter_subscribers where email_lower = verified collate "C";
        delete from public.notifications where lower(recipient) = verified;
        delete from private.form_submissions where lower(email) = verified;
    end if;

    insert into public.account_deletions (email, by_staff, applications_kept, files_removed)
    values (private.to_email_address(account_email), delete_account.by_staff, coalesce(array_length(application_ids, 1), 0), files)
    returning * into deletion;
    if deletion.email is not null then
        perform private.queue_notification('account_deleted', deletion.email, 'account_deletions', deletion.id);
    end if;

    -- The account last: the profile, identities, sessions, refresh tokens and factors cascade.
    delete from auth.users where id = delete_account.target;
    return deletion;
end;
$$;

revoke all on function private.delete_account(uuid, boolean) from public, anon, authenticated, service_role;

/**
  * The deletion an applicant asked for on /profile: refused with 42501 for a staff account (an
  * admin's or adviser's account is removed by another admin, so the last one cannot lock everyone
  * out), PT404 for an unknown one. For the service key only: the Edge Function delete-my-account
  * calls it once the caller's password is checked, for the caller's own id.
 */
create or replace function private.delete_own_account(user_id uuid)
    returns public.account_deletions
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    if exists (select 1 from public.profiles p where p.id = delete_own_account.user_id and p.role <> 'user') then
        raise exception 'A staff account is deleted by an administrator, from the users list.' using errcode = 'insufficient_privilege';
    end if;
    return private.delete_account(delete_own_account.user_id, by_staff => false);
end;
$$;

revoke all on function private.delete_own_account(uuid) from public, anon, authenticated, service_role;
grant execute on function private.delete_own_account(uuid) to service_role;

/**
  * rpc('delete_own_account', { user_id }) with the service key: private.delete_own_account.
 */
create or replace function public.delete_own_account(user_id uuid)
    returns public.account_deletions
    language sql
    security invoker
    set search_path = ''
as
$$
select private.delete_own_account(delete_own_account.user_id);
$$;

revoke all on function public.delete_own_account(uuid) from public, anon, authenticated, service_role;
grant execute on function public.delete_own_account(uuid) to service_role;

/**
  * -------------------------------------------------------
  * Section - The record of an export
  * -------------------------------------------------------
  * "Download my data" (the Edge Function export-my-data) records data_exported in the activity
  * record (20261129000100_activity_record.sql) with the caller's own token, once it has read
  * everything and before it sends the first byte, so no export goes unrecorded. The caller is the
  * actor and the subject: nobody records an export of someone else's data this way.
 */
create or replace function private.record_data_export(files integer)
    returns void
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    if (select auth.uid()) is null then
        raise exception 'Only a signed-in user records the export of their own data.' using errcode = 'insufficient_privilege';
    end if;
    perform private.record_activity('data_exported', null, (select auth.uid()),
                                    jsonb_build_object('files', greatest(coalesce(record_data_export.files, 0), 0)));
end;
$$;

revoke all on function private.record_data_export(integer) from public, anon, authenticated, service_role;
grant execute on function private.record_data_export(integer) to authenticated;

/**
  * rpc('record_data_export', { files }) with the user's token: private.record_data_export.
 */
create or replace function public.record_data_export(files integer)
    returns void
    language sql
    security invoker
    set search_path = ''
as
$$
select private.record_data_export(record_data_export.files);
$$;

revoke all on function public.record_data_export(integer) from public, anon, authenticated, service_role;
grant execute on function public.record_data_export(integer) to authenticated;
