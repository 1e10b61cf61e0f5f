/**
  * -------------------------------------------------------
  * Documents: the files an applicant attaches to an application
  * -------------------------------------------------------
  * A private Storage bucket, application-documents, holds every application's documents at
  * `{user id}/{application id}/{file name}` (src/lib/documents/paths.ts). The policies on
  * storage.objects below, and the trigger that checks every stored document again, are the whole
  * security of the files, on hosted Supabase and in the embedded backend alike (both run every
  * Storage request as the caller's role but write an upload's row as the server): an applicant adds
  * and removes documents of their own applications while they are open (submitted or in review),
  * at most 10 an application, and reads those of their own applications whatever their status;
  * an admin reads every document; nobody else reads or writes anything, and nobody updates an
  * object (replacing a document is removing it and uploading again). The limits are those of
  * src/lib/documents/rules.ts; tests/db/documents-rules.test.ts reads them back from here.
  *
  * Deleting an application deletes its files, durably: the delete queues the names of its objects
  * in private.document_removals in the same transaction, and the worker (workers/documents/removals.ts)
  * removes them through the Storage API with the service key, as hosted requires (SQL may not
  * delete from storage tables).
  *
  * Hosted Storage checks an upload's policies with a trial insert as the caller, rolled back, and
  * writes the real row later as its superuser, which row-level security does not check (so do a
  * copy and a signed upload URL, possibly long after it was made). A trigger on storage.objects
  * therefore checks every new document's row again, whoever writes it: the application exists and
  * is open, the folder is its applicant's and the uploader's, and it holds at most 10 objects,
  * counted under a lock of the application's row that lasts until the write commits. The policies
  * stay as the early refusal, answered before a byte is read.
  *
  * The policies' checks are functions in private (security definer where they read what the
  * caller cannot, or lock); the RPCs (a listing of an application's documents, their counts, the
  * worker's removal queue) are security invoker functions in public.
 */

/**
  * -------------------------------------------------------
  * Section - The bucket and its rules
  * -------------------------------------------------------
 */

/**
  * The bucket's id, written once for the policies and functions below.
 */
create or replace function private.documents_bucket()
    returns text
    language sql
    immutable
    set search_path = ''
as
$$
select 'application-documents';
$$;

revoke all on function private.documents_bucket() from public, anon;
grant execute on function private.documents_bucket() to authenticated, service_role;

/**
  * At most this many documents an application (MAX_DOCUMENTS_PER_APPLICATION).
 */
create or replace function private.max_documents_per_application()
    returns integer
    language sql
    immutable
    set search_path = ''
as
$$
select 10;
$$;

revoke all on function private.max_documents_per_application() from public, anon, authenticated;

/**
  * Whether an application in this status still takes and gives up documents
  * (OPEN_FOR_DOCUMENTS): submitted or in review, not yet decided.
 */
create or replace function private.open_for_documents(status text)
    returns boolean
    language sql
    immutable
    set search_path = ''
as
$$
select coalesce(open_for_documents.status in ('submitted', 'in_review'), false);
$$;

revoke all on function private.open_for_documents(text) from public, anon, authenticated;

-- Private, 10 MB a file (MAX_DOCUMENT_BYTES), the types of DOCUMENT_MIME_TYPES. Settings written
-- again when the bucket exists already (made by hand in a dashboard), so this file decides them.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (private.documents_bucket(), private.documents_bucket(), false, 10485760,
        array ['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/heic'])
on conflict (id) do update set public             = excluded.public,
                               file_size_limit    = excluded.file_size_limit,
                               allowed_mime_types = excluded.allowed_mime_types;

/**
  * -------------------------------------------------------
  * Section - The policies' checks
  * -------------------------------------------------------
  * Each takes an object name as the caller sent it and answers true or false; none raises,
  * whatever the name (a folder that is not a uuid, 1,000 characters, no folder at all), so a
  * hostile name is refused like any other, never answered with a server error.
 */

/**
  * The application a document name belongs to when it has the shape
  * `{the caller's id}/{application id}/{file name}`, exactly two folders, the second a uuid;
  * NULL for any other name or caller.
 */
create or replace function private.document_application(object_name text)
    returns uuid
    language plpgsql
    stable
    set search_path = ''
as
$$
declare
    folders text[] := storage.foldername(document_application.object_name);
begin
    if coalesce(array_length(folders, 1), 0) <> 2
        or folders[1] is distinct from (select auth.uid())::text
        or folders[2] !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        return null;
    end if;
    return folders[2]::uuid;
end;
$$;

-- Called only by the security definer checks below.
revoke all on function private.document_application(text) from public, anon, authenticated;

/**
  * Whether the document is in the folder of one of the caller's own applications; with
  * open_only, of one that is still open. Reading (download, list, sign) asks without open_only
  * (an applicant may always see what they sent), removing with it. Security definer so the
  * check does not depend on the applications' own policies.
 */
create or replace function private.owns_document(object_name text, open_only boolean)
    returns boolean
    language sql
    stable
    security definer
    set search_path = ''
as
$$
select exists (select 1
               from public.visa_applications a
               where a.id = private.document_application(owns_document.object_name)
                 and a.user_id = (select auth.uid())
                 and (not owns_document.open_only or private.open_for_documents(a.status)));
$$;

revoke all on function private.owns_document(text, boolean) from public, anon;
grant execute on function private.owns_document(text, boolean) to authenticated;

/**
  * Whether the caller may add this document: a file name as safeFileName makes it (paths.ts: at
  * most 100 characters of letters, digits, `._ ()-`, not starting with a dot, a space or a dash)
  * in the folder of one of their own open applications, which holds fewer than
  * private.max_documents_per_application() objects. The application's row is locked first
  * (until the upload's transaction ends), so two uploads for the last free slot are counted one
  * after the other and the second is refused; the count is a new statement, so it sees the
  * first upload once that has committed. Volatile for that reason, and security definer to lock
  * a row the caller may not update.
 */
create or replace function private.may_add_document(object_name text)
    returns boolean
    language plpgsql
    volatile
    security definer
    set search_path = ''
as
$$
declare
    application_id uuid := private.document_application(may_add_document.object_name);
    stored         integer;
begin
    if application_id is null
        or storage.filename(may_add_document.object_name) !~ '^[A-Za-z0-9_()][A-Za-z0-9._ ()-]{0,99}$' then
        return false;
    end if;

    perform 1
    from public.visa_applications a
    where a.id = application_id
      and a.user_id = (select auth.uid())
      and private.open_for_documents(a.status)
        for no key update;
    if not found then
        return false;
    end if;

    -- The folder as a byte range (the name_prefix_search index's operators): every name that
    -- starts with `{user}/{application}/` and no other, since '0' follows '/'.
    select count(*)
    into stored
    from storage.objects o
    where o.bucket_id = private.documents_bucket()
      and o.name ~>=~ ((select auth.uid())::text || '/' || application_id::text || '/')
      and o.name ~<~ ((select auth.uid())::text || '/' || application_id::text || '0');
    return stored < private.max_documents_per_application();
end;
$$;

revoke all on function private.may_add_document(text) from public, anon;
grant execute on function private.may_add_document(text) to authenticated;

/**
  * -------------------------------------------------------
  * Section - Policies on storage.objects
  * -------------------------------------------------------
  * For signed-in users only: anonymous requests match no policy and see and write nothing. The
  * first folder is compared with the caller's id before any function runs, so a listing scans
  * other applicants' objects at the cost of a string comparison. No UPDATE policy: an upsert or
  * a move of a document is refused.
 */

-- An applicant adds documents to their own open applications, up to the limit.
create policy "Applicants add documents to their open applications" on storage.objects
    for insert
    to authenticated
    with check (bucket_id = private.documents_bucket()
        and split_part(name, '/', 1) = (select auth.uid())::text
        and private.may_add_document(name));

-- An applicant reads the documents of their own applications; admins read every document.
-- One policy, so each row is checked once.
create policy "Applicants read their own documents, admins all" on storage.objects
    for select
    to authenticated
    using (bucket_id = private.documents_bucket()
        and ((select private.is_admin())
            or (split_part(name, '/', 1) = (select auth.uid())::text and private.owns_document(name, false))));

-- An applicant removes documents of their own applications while they are open.
create policy "Applicants remove documents of their open applications" on storage.objects
    for delete
    to authenticated
    using (bucket_id = private.documents_bucket()
        and split_part(name, '/', 1) = (select auth.uid())::text
        and private.owns_document(name, true));

/**
  * -------------------------------------------------------
  * Section - The check of every written document
  * -------------------------------------------------------
 */

/**
  * After insert on storage.objects, for the documents bucket only: refuses (42501, which Storage
  * answers as 403 AccessDenied with this message) a document unless its name is
  * `{user id}/{application id}/{file name}`, the application exists and is open, the first folder
  * is both its applicant and the object's owner_id (Storage sets it from the uploader's token on
  * every write, its superuser's too; auth.uid() may be unset there), and the application now holds
  * at most private.max_documents_per_application() objects. The application's row is locked first
  * (until the write commits), so two writes for its last slot are counted one after the other, and
  * a write waits for a delete of the application in progress, then finds it gone: nothing is
  * stored after private.queue_document_removals has run. After, not before, the insert: a caller's
  * write meets the policies first and keeps their answer, and the count includes this row.
  * On hosted, the postgres role creates this trigger through its TRIGGER privilege on
  * storage.objects but cannot drop it (supabase_storage_admin owns the table): change the check by
  * `create or replace function`, never by dropping the trigger.
 */
create or replace function private.check_document_insert()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    folders   text[];
    applicant          uuid;
    application_status text;
    stored             integer;
begin
    if new.bucket_id is distinct from private.documents_bucket() then
        return null;
    end if;

    folders := storage.foldername(new.name);
    if coalesce(array_length(folders, 1), 0) <> 2
        or folders[2] !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        raise exception 'A document is stored as {user id}/{application id}/{file name}.' using errcode = '42501';
    end if;

    select a.user_id, a.status
    into applicant, application_status
    from public.visa_applications a
    where a.id = folders[2]::uuid
        for no key update;
    if not found or not private.open_for_documents(application_status) then
        raise exception 'Documents are added only to an application that is submitted or in review.' using errcode = '42501';
    end if;
    if applicant is null or folders[1] is distinct from applicant::text or new.owner_id is distinct from folders[1] then
        raise exception 'Documents are added only by the applicant, to their own application.' using errcode = '42501';
    end if;

    -- The folder as a byte range, as in private.may_add_document; this row included.
    select count(*)
    into stored
    from storage.objects o
    where o.bucket_id = private.documents_bucket()
      and o.name ~>=~ (folders[1] || '/' || folders[2] || '/')
      and o.name ~<~ (folders[1] || '/' || folders[2] || '0');
    if stored > private.max_documents_per_application() then
        raise exception 'An application holds at most % documents.', private.max_documents_per_application() using errcode = '42501';
    end if;
    return null;
end;
$$;

revoke all on function private.check_document_insert() from public, anon, authenticated;

create trigger objects_check_document_insert
    after insert
    on storage.objects
    for each row
execute function private.check_document_insert();

/**
  * -------------------------------------------------------
  * Section - Document lists and counts
  * -------------------------------------------------------
 */

/**
  * How many documents each of the given applications has: one row per application the caller
  * can read (an applicant their own, an admin every one), 0 when it has none. Security invoker:
  * the policies on the applications and on storage.objects decide what is counted. The objects
  * are found by their folder `{user id}/{application id}/` as a byte range, which the
  * name_prefix_search index (text_pattern_ops) serves; only an application whose applicant's
  * account was deleted (user_id NULL; the files stay under the old id) is matched by its folder
  * alone, the second of the name, which reads every object of the bucket.
  * rpc('application_document_counts', { application_ids }).
 */
create or replace function public.application_document_counts(application_ids uuid[])
    returns table
            (
                application_id uuid,
                documents      integer
            )
    language sql
    stable
    security invoker
    set search_path = ''
as
$$
select a.id,
       case
           when a.user_id is not null then
               (select count(*)::integer
                from storage.objects o
                where o.bucket_id = private.documents_bucket()
                  and o.name ~>=~ (a.user_id::text || '/' || a.id::text || '/')
                  and o.name ~<~ (a.user_id::text || '/' || a.id::text || '0'))
           else
               (select count(*)::integer
                from storage.objects o
                where o.bucket_id = private.documents_bucket()
                  and split_part(o.name, '/', 2) = a.id::text)
           end
from public.visa_applications a
where a.id = any (application_document_counts.application_ids);
$$;

revoke all on function public.application_document_counts(uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.application_document_counts(uuid[]) to authenticated, service_role;

/**
  * The documents of one application, by name: each object's name (what signing and removing
  * take), size, type and upload time. Found as application_document_counts finds them: by the
  * folder `{user id}/{application id}/` through the index, or, when the applicant's account was
  * deleted (user_id NULL), by the application's folder alone, so an admin still finds them.
  * Security invoker: the policies on the applications and on storage.objects decide (an applicant
  * their own applications' documents, an admin every one, anyone else none).
  * rpc('application_documents', { application_id }).
 */
create or replace function public.application_documents(application_id uuid)
    returns table
            (
                name       text,
                size       bigint,
                mime_type  text,
                created_at timestamptz
            )
    language sql
    stable
    security invoker
    set search_path = ''
as
$$
select o.name, (o.metadata ->> 'size')::bigint, o.metadata ->> 'mimetype', o.created_at
from public.visa_applications a
         join storage.objects o
              on o.bucket_id = private.documents_bucket()
                  and o.name ~>=~ (a.user_id::text || '/' || a.id::text || '/')
                  and o.name ~<~ (a.user_id::text || '/' || a.id::text || '0')
where a.id = application_documents.application_id
  and a.user_id is not null
union all
select o.name, (o.metadata ->> 'size')::bigint, o.metadata ->> 'mimetype', o.created_at
from public.visa_applications a
         join storage.objects o
              on o.bucket_id = private.documents_bucket()
                  and split_part(o.name, '/', 2) = a.id::text
where a.id = application_documents.application_id
  and a.user_id is null
order by 1;
$$;

revoke all on function public.application_documents(uuid) from public, anon, authenticated, service_role;
grant execute on function public.application_documents(uuid) to authenticated, service_role;

/**
  * -------------------------------------------------------
  * Section - Removing a deleted application's files
  * -------------------------------------------------------
  * A row per object to remove. Life of a row: queued (locked_until NULL, due at next_attempt_at)
  * → claimed by a worker with a lease (locked_until) → gone once the object is removed, or queued
  * again after private.notification_backoff with the error. A row whose lease passed belongs to
  * a worker that died and is claimable again, so a crash mid-removal loses nothing; removing an
  * object that is already gone is a success. A row is retried until it succeeds (at most hourly
  * once the backoff is long): a file that should be gone must not stay because Storage was down
  * for a day. last_error says why a row is still here.
  * In private, not public: only the worker (service key) reads and writes it, through the RPCs
  * below, and the REST API exposes no table of private. No row-level security for the same
  * reason, as private.form_submissions.
 */
create table private.document_removals
(
    id              uuid primary key     default extensions.gen_random_uuid(),
    bucket_id       text        not null,
    object_name     text        not null,
    -- No foreign key: the application is gone by the time its row is read.
    application_id  uuid        not null,
    attempts        integer     not null default 0 check (attempts >= 0),
    next_attempt_at timestamptz not null default now(),
    locked_until    timestamptz,
    last_error      text check (char_length(last_error) <= 2000),
    created_at      timestamptz not null default now(),
    unique (bucket_id, object_name)
);

comment on table private.document_removals is 'Objects of deleted applications to remove through the Storage API (the worker, service key).';

-- The claim: rows waiting for a try (queued and due, or claimed with a lapsed lease), oldest first.
create index document_removals_claimable_idx on private.document_removals ((coalesce(locked_until, next_attempt_at)));

revoke all on table private.document_removals from public, anon, authenticated, service_role;
grant select, insert, update, delete on table private.document_removals to service_role;

/**
  * After delete on public.visa_applications: queues the removal of every object in the deleted
  * application's folder, in the deleting transaction (a rolled back delete queues nothing).
  * The folder's first part is the applicant, unknown once their account is gone (user_id NULL):
  * then the objects are found by the application folder alone. Security definer: the deleting
  * admin can neither read every object nor write the queue.
 */
create or replace function private.queue_document_removals()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    insert into private.document_removals (bucket_id, object_name, application_id)
    select o.bucket_id, o.name, old.id
    from storage.objects o
    where o.bucket_id = private.documents_bucket()
      and case
              when old.user_id is not null then o.name like old.user_id::text || '/' || old.id::text || '/%'
              else split_part(o.name, '/', 2) = old.id::text end
    on conflict (bucket_id, object_name) do nothing;
    return null;
end;
$$;

revoke all on function private.queue_document_removals() from public, anon, authenticated;

create trigger visa_applications_queue_document_removals
    after delete
    on public.visa_applications
    for each row
execute function private.queue_document_removals();

/**
  * Claims up to max_rows queued removals for one worker (as claim_notifications does): rows that
  * are due and rows whose lease passed, oldest first, each with one more attempt and a lease of
  * lease_seconds; `for update skip locked`, so two workers never claim one row. For the service
  * key only. rpc('claim_document_removals', { max_rows, lease_seconds }).
 */
create or replace function public.claim_document_removals(max_rows integer default 100, lease_seconds integer default 60)
    returns table
            (
                id          uuid,
                bucket_id   text,
                object_name text,
                attempts    integer
            )
    language plpgsql
    security invoker
    set search_path = ''
as
$$
begin
    if claim_document_removals.max_rows is null or claim_document_removals.max_rows not between 1 and 1000
        or claim_document_removals.lease_seconds is null or claim_document_removals.lease_seconds not between 1 and 86400 then
        raise exception 'max_rows must be 1 to 1000 and lease_seconds 1 to 86400.' using errcode = 'invalid_parameter_value';
    end if;

    return query
        with due as (select r.id
                     from private.document_removals r
                     where coalesce(r.locked_until, r.next_attempt_at) <= now()
                     order by coalesce(r.locked_until, r.next_attempt_at), r.id
                     limit claim_document_removals.max_rows for update skip locked)
            update private.document_removals r
                set attempts = r.attempts + 1,
                    locked_until = now() + make_interval(secs => claim_document_removals.lease_seconds)
                from due
                where r.id = due.id
                returning r.id, r.bucket_id, r.object_name, r.attempts;
end;
$$;

revoke all on function public.claim_document_removals(integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.claim_document_removals(integer, integer) to service_role;

/**
  * Reports a try of a claimed removal: without error the object is gone and so is the row; with
  * an error the row is queued again after private.notification_backoff. claimed_attempt is the
  * row's attempts as the claim returned it: a report for a claim that is no longer current (its
  * lease passed and another worker claimed the row) changes nothing. For the service key only.
  * rpc('complete_document_removal', { removal_id, claimed_attempt, error }).
 */
create or replace function public.complete_document_removal(removal_id uuid, claimed_attempt integer, error text default null)
    returns void
    language plpgsql
    security invoker
    set search_path = ''
as
$$
begin
    if complete_document_removal.error is null then
        delete
        from private.document_removals
        where id = complete_document_removal.removal_id
          and locked_until is not null
          and attempts = complete_document_removal.claimed_attempt;
    else
        update private.document_removals r
        set next_attempt_at = now() + private.notification_backoff(r.attempts),
            locked_until    = null,
            last_error      = left(complete_document_removal.error, 2000)
        where r.id = complete_document_removal.removal_id
          and r.locked_until is not null
          and r.attempts = complete_document_removal.claimed_attempt;
    end if;
end;
$$;

revoke all on function public.complete_document_removal(uuid, integer, text) from public, anon, authenticated, service_role;
grant execute on function public.complete_document_removal(uuid, integer, text) to service_role;
