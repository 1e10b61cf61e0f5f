/**
  * -------------------------------------------------------
  * Documents: the files an applicant attaches to an application, item by item
  * -------------------------------------------------------
  * A private Storage bucket, application-documents, holds every application's documents at
  * `{user id}/{application id}/{item key}/{file name}` (src/lib/documents/paths.ts). Each visa's
  * checklist lives in the content (the visas' content files `documents:`, each item with a stable
  * key), not here; what the database keeps is which item a file was added for, as a folder of its
  * object name. The folder is part of the upload itself, so it is atomic with it, hosted Storage
  * keeps it, and the policies and the trigger that checks every written document see it. An item
  * key is a slug (private.document_item_key_ok); the database cannot know the checklists, so any
  * slug is taken, and `other` holds the files that fit no item. A file stored directly in the
  * application's folder (`{user id}/{application id}/{file name}`, the shape before items had
  * keys) is readable, removable while the application is open and counted, never added to.
  *
  * The policies on storage.objects below, and the trigger that checks every stored document again,
  * are the whole security of the files, on hosted Supabase and in the embedded backend alike (both
  * run every Storage request as the caller's role but write an upload's row as the server): an
  * applicant adds and removes documents of their own applications while they are open (submitted
  * or in review), at most private.max_documents_per_item() an item and
  * private.max_documents_per_application() an application (so six monthly bank statements fit and
  * the longest checklist still has room), and reads those of their own applications whatever their
  * status; an admin reads every document; nobody else reads or writes anything, and nobody
  * updates an object (replacing a document is removing it and uploading again). The limits are
  * those of src/lib/documents/rules.ts; tests/db/documents-rules.test.ts reads them back from here.
  *
  * Hosted Storage checks an upload's policies with a trial insert as the caller, rolled back, and
  * writes the real row later as its superuser, which row-level security does not check (so do a
  * copy and a signed upload URL, possibly long after it was made). A trigger on storage.objects
  * therefore checks every new document's row again, whoever writes it; the policies stay as the
  * early refusal, answered before a byte is read. On hosted, the postgres role creates that trigger
  * through its TRIGGER privilege on storage.objects but cannot drop it (supabase_storage_admin owns
  * the table): change the checks by `create or replace function`, never by dropping the trigger.
  *
  * Staff review each provided file (public.document_reviews: accepted, or needs replacing with a
  * reason, which the applicant reads on the item and is emailed), and ask for what is missing
  * (public.document_requests: the items it names, key and label, since the labels live in the
  * content). A request is settled where uploads are checked: the trigger on storage.objects, under
  * the lock of the application's row, finds each open request whose items are all provided now,
  * marks it fulfilled and tells staff, so exactly one email goes for each request. An item is
  * provided when it holds a file not marked as needing replacement
  * (public.application_document_items, the one place that says so).
  *
  * Deleting an application deletes its files, durably: the delete queues the names of its objects
  * in private.document_removals in the same transaction, and an Edge Function
  * (supabase/functions/remove-documents) removes them through the Storage API with the service
  * key, as hosted requires (SQL may not delete from storage tables).
  *
  * The policies' checks are functions in private (security definer where they read what the
  * caller cannot, or lock); the RPCs (an application's documents, their counts and items, why an
  * upload was refused, staff's actions, the removal queue) are security invoker functions in
  * public, each calling a security definer function in private where it needs more rights.
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

/** At most this many documents an application, over all its items (MAX_DOCUMENTS_PER_APPLICATION). */
create or replace function private.max_documents_per_application()
    returns integer
    language sql
    immutable
    set search_path = ''
as
$$
select 30;
$$;

revoke all on function private.max_documents_per_application() from public, anon, authenticated;

/** At most this many documents an item of an application's checklist (MAX_DOCUMENTS_PER_ITEM). */
create or replace function private.max_documents_per_item()
    returns integer
    language sql
    immutable
    set search_path = ''
as
$$
select 6;
$$;

revoke all on function private.max_documents_per_item() from public, anon, authenticated;

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

/**
  * Whether `key` may name an item's folder: ITEM_KEY_PATTERN and MAX_ITEM_KEY_LENGTH of rules.ts
  * (lower-case words of letters and digits joined by single hyphens, starting with a letter, at
  * most 40 characters), so `..`, `.`, an empty folder, a control character or a long name never
  * make a folder. Never raises.
 */
create or replace function private.document_item_key_ok(key text)
    returns boolean
    language sql
    immutable
    set search_path = ''
as
$$
select coalesce(char_length(document_item_key_ok.key) <= 40
                    and document_item_key_ok.key ~ '^[a-z][a-z0-9]*(-[a-z0-9]+)*$', false);
$$;

-- Called by the security definer checks below and the check constraint of document_requests
-- (which runs as whoever writes a request: the definer functions, or the service key).
revoke all on function private.document_item_key_ok(text) from public, anon, authenticated;
grant execute on function private.document_item_key_ok(text) to service_role;

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
  * The application a document name belongs to when it has one of the two shapes of a document of
  * the caller's: `{the caller's id}/{application id}/{item key}/{file name}`, or, stored before
  * items had keys, `{the caller's id}/{application id}/{file name}`; NULL for any other name or
  * caller. What reading and removing ask (private.owns_document); adding takes the first shape
  * only (private.may_add_document).
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
    if coalesce(array_length(folders, 1), 0) not in (2, 3)
        or folders[1] is distinct from (select auth.uid())::text
        or folders[2] !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        or (array_length(folders, 1) = 3 and not private.document_item_key_ok(folders[3])) then
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
  * -------------------------------------------------------
  * Section - Staff's reviews of documents
  * -------------------------------------------------------
  * One row per reviewed object, by the object's id (a file uploaded again under the same name is
  * a new object, unreviewed). No foreign key to storage.objects, which Storage owns: a review of
  * an object that is gone is simply never joined again, and goes with its application.
 */
create table public.document_reviews
(
    object_id      uuid primary key,
    application_id uuid        not null references public.visa_applications (id) on delete cascade,
    verdict        text        not null check (verdict in ('accepted', 'needs_replacing')),
    -- What the applicant reads on the item ("The photo is too dark"), only with needs_replacing.
    reason         text check (reason = btrim(reason) and char_length(reason) between 1 and 300),
    reviewed_by    uuid references public.profiles (id) on delete set null,
    reviewed_at    timestamptz not null default now(),
    constraint document_reviews_reason_when_replacing check ((verdict = 'needs_replacing') = (reason is not null))
);

comment on table public.document_reviews is 'Staff''s verdict on each provided document (by storage object id): accepted, or needs replacing with the reason the applicant reads.';

create index document_reviews_application_idx on public.document_reviews (application_id);
create index document_reviews_reviewed_by_idx on public.document_reviews (reviewed_by);

-- Written only through public.review_document (security definer).
revoke all on table public.document_reviews from anon, authenticated, service_role;
grant select on table public.document_reviews to authenticated;
grant all on table public.document_reviews to service_role;

alter table public.document_reviews enable row level security;

-- An applicant reads the reviews of their own applications' documents (the reason on the item); admins all.
create policy "Applicants and admins can read document reviews" on public.document_reviews
    for select
    to authenticated
    using ((select private.is_admin())
        or application_id in (select a.id from public.visa_applications a where a.user_id = (select auth.uid())));

/**
  * -------------------------------------------------------
  * Section - Requests for missing documents
  * -------------------------------------------------------
 */

/**
  * Whether `items` is what a request may name: a JSON array of 1 to 12 (MAX_CHECKLIST_ITEMS)
  * objects, each exactly {key, label}, the key an item key used once, the label the item's name
  * as the checklist gives it (trimmed, 1 to 80 characters). Never raises.
 */
create or replace function private.document_request_items_ok(items jsonb)
    returns boolean
    language plpgsql
    immutable
    set search_path = ''
as
$$
declare
    item jsonb;
    keys text[] := '{}';
begin
    if jsonb_typeof(document_request_items_ok.items) is distinct from 'array'
        or jsonb_array_length(document_request_items_ok.items) not between 1 and 12 then
        return false;
    end if;
    for item in select value from jsonb_array_elements(document_request_items_ok.items)
        loop
            if jsonb_typeof(item) <> 'object'
                or (select count(*) from jsonb_object_keys(item)) <> 2
                or jsonb_typeof(item -> 'key') is distinct from 'string'
                or jsonb_typeof(item -> 'label') is distinct from 'string'
                or not private.document_item_key_ok(item ->> 'key')
                or (item ->> 'key') = any (keys)
                or (item ->> 'label') <> btrim(item ->> 'label')
                or char_length(item ->> 'label') not between 1 and 80 then
                return false;
            end if;
            keys := keys || (item ->> 'key');
        end loop;
    return true;
end;
$$;

revoke all on function private.document_request_items_ok(jsonb) from public, anon, authenticated;
grant execute on function private.document_request_items_ok(jsonb) to service_role;

create table public.document_requests
(
    id             uuid primary key     default extensions.gen_random_uuid(),
    application_id uuid        not null references public.visa_applications (id) on delete cascade,
    -- [{key, label}, ...]: the items asked for, labelled as the checklist named them that day.
    items          jsonb       not null check (private.document_request_items_ok(items)),
    -- A line from staff to the applicant, sent with the request.
    note           text check (note = btrim(note) and char_length(note) between 1 and 500),
    requested_by   uuid                 default auth.uid() references public.profiles (id) on delete set null,
    requested_at   timestamptz not null default now(),
    -- When the last of its items was provided (the upload that provided it settled the request).
    fulfilled_at   timestamptz
);

comment on table public.document_requests is 'Staff''s requests for missing documents of an application: the items named, and when they were all provided.';

create index document_requests_application_idx on public.document_requests (application_id, requested_at);
create index document_requests_open_idx on public.document_requests (application_id) where fulfilled_at is null;
create index document_requests_requested_by_idx on public.document_requests (requested_by);

-- Written only through public.request_documents and the upload's trigger (security definer).
revoke all on table public.document_requests from anon, authenticated, service_role;
grant select on table public.document_requests to authenticated;
grant all on table public.document_requests to service_role;

alter table public.document_requests enable row level security;

-- An applicant sees the requests about their own applications (on the card and its history); admins all.
create policy "Applicants and admins can read document requests" on public.document_requests
    for select
    to authenticated
    using ((select private.is_admin())
        or application_id in (select a.id from public.visa_applications a where a.user_id = (select auth.uid())));

/**
  * -------------------------------------------------------
  * Section - Which items are provided
  * -------------------------------------------------------
 */

/**
  * The documents of the given applications item by item: one row per application and item that
  * has files (item NULL for files stored directly in the application's folder, before items had
  * keys), with how many files it has, how many staff marked as needing replacement, and whether it
  * is provided (a file not marked). The one rule of "provided": the browser counts "n of m
  * required" from these rows and the upload's trigger settles requests by them. Security invoker:
  * the policies on the applications, the objects and the reviews decide what is counted (an
  * applicant their own, an admin every one). Found as application_document_counts finds them.
  * rpc('application_document_items', { application_ids }).
 */
create or replace function public.application_document_items(application_ids uuid[])
    returns table
            (
                application_id  uuid,
                item            text,
                files           integer,
                needs_replacing integer,
                provided        boolean
            )
    language sql
    stable
    security invoker
    set search_path = ''
as
$$
with objects as (select a.id as application_id, o.id as object_id, o.name
                 from public.visa_applications a
                          join storage.objects o
                               on o.bucket_id = private.documents_bucket()
                                   and o.name ~>=~ (a.user_id::text || '/' || a.id::text || '/')
                                   and o.name ~<~ (a.user_id::text || '/' || a.id::text || '0')
                 where a.id = any (application_document_items.application_ids)
                   and a.user_id is not null
                 union all
                 select a.id, o.id, o.name
                 from public.visa_applications a
                          join storage.objects o
                               on o.bucket_id = private.documents_bucket()
                                   and split_part(o.name, '/', 2) = a.id::text
                 where a.id = any (application_document_items.application_ids)
                   and a.user_id is null)
select d.application_id,
       case when d.name ~ '^[^/]*/[^/]*/[^/]*/[^/]*$' then split_part(d.name, '/', 3) end as item,
       count(*)::integer,
       count(r.object_id)::integer,
       count(*) > count(r.object_id)
from objects d
         left join public.document_reviews r on r.object_id = d.object_id and r.verdict = 'needs_replacing'
group by 1, 2;
$$;

revoke all on function public.application_document_items(uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.application_document_items(uuid[]) to authenticated, service_role;

/**
  * Closes the open requests of an application whose items are now all provided (marks each
  * fulfilled and returns it), then keeps the application's awaiting_documents. Called with the
  * application's row locked (by an upload's trigger, or by staff's verdict: accepting again a file
  * that needed replacing can provide the last item), so two of them finishing a request at once
  * close it one after the other and the second finds nothing open. Tells nobody: staff hear of
  * the applicant's upload (private.settle_document_requests), not of their own verdict.
 */
create or replace function private.close_provided_document_requests(application_id uuid)
    returns table (request_id uuid, items jsonb)
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    request record;
begin
    for request in
        select r.id, r.items
        from public.document_requests r
        where r.application_id = close_provided_document_requests.application_id
          and r.fulfilled_at is null
        order by r.requested_at
        loop
            if not exists (select 1
                           from jsonb_array_elements(request.items) asked
                           where not exists (select 1
                                             from public.application_document_items(array [close_provided_document_requests.application_id]) i
                                             where i.item = asked ->> 'key'
                                               and i.provided)) then
                update public.document_requests set fulfilled_at = now() where id = request.id;
                request_id := request.id;
                items := request.items;
                return next;
            end if;
        end loop;

    update public.visa_applications a
    set awaiting_documents = false
    where a.id = close_provided_document_requests.application_id
      and a.awaiting_documents
      and not exists (select 1
                      from public.document_requests r
                      where r.application_id = a.id
                        and r.fulfilled_at is null);
end;
$$;

revoke all on function private.close_provided_document_requests(uuid) from public, anon, authenticated;

/**
  * Settles the open requests of an application whose items an upload has now all provided: closes
  * them (private.close_provided_document_requests) and queues the staff's email about each (keyed
  * by the request, so it goes once). Called by the upload's trigger, with the row locked.
 */
create or replace function private.settle_document_requests(application_id uuid)
    returns void
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    closed record;
begin
    for closed in select * from private.close_provided_document_requests(settle_document_requests.application_id)
        loop
            perform private.queue_notification('staff_documents_provided', null, 'visa_applications',
                                               settle_document_requests.application_id,
                                               jsonb_build_object('request_id', closed.request_id, 'items', closed.items),
                                               event_id => closed.request_id);
        end loop;
end;
$$;

revoke all on function private.settle_document_requests(uuid) from public, anon, authenticated;
/**
  * -------------------------------------------------------
  * Section - Why a document may not be added
  * -------------------------------------------------------
  * Decided once (private.document_refusal) for the three places that ask: the insert policy's
  * check (private.may_add_document, the early refusal of Storage's trial write), the trigger that
  * checks every written document again (private.check_document_insert), and the browser, which
  * asks public.document_refusal after Storage refused an upload or a removal.
  *
  * Hosted Storage answers a 42501 as 403 AccessDenied and every other SQLSTATE as a 500 "database
  * error" (its DBError.fromDBError), and keeps neither the hint nor the detail: so the policies and
  * the trigger keep 42501, and the browser, after a 403, asks the database why instead of reading
  * Storage's message. The answer is a key the browser turns into the visitor's words
  * (src/lib/forms/errors.ts):
  *   not_theirs  no application of theirs has this id (another applicant's, deleted, or never made)
  *   decided     their application is approved or rejected, so its documents no longer change
  *   full        it already holds private.max_documents_per_application() documents
  *   item_full   the item already holds private.max_documents_per_item() files
  * and NULL when nothing stops them (the refusal was something else: an expired token, a name
  * the policy refuses).
 */

/**
  * The reason `applicant` (a user id as text: the object's first folder) may not add a document to
  * the item `item` of the application, or NULL. Ownership comes first, so nobody learns anything
  * of an application that is not theirs. `item` NULL skips the item's limit (the browser's question
  * after a refused removal names no item). `written`: the document being added is already among
  * the objects counted (the trigger runs after the insert), so a limit is reached only past it.
  * `lock_application`: the application's row is locked (until the transaction ends) before
  * anything is counted, so two writes for the last slot are counted one after the other, and a
  * write waiting on a delete of the application finds it gone; the browser's question after a
  * refusal locks nothing. Security definer to read and lock rows the caller cannot; executed only
  * by the definer functions below.
 */
create or replace function private.document_refusal(application_id uuid, applicant text, item text, written boolean,
                                                    lock_application boolean)
    returns text
    language plpgsql
    volatile
    security definer
    set search_path = ''
as
$$
declare
    application_user   uuid;
    application_status text;
    folder             text := document_refusal.applicant || '/' || document_refusal.application_id::text;
    adding             integer := case when document_refusal.written then 0 else 1 end;
    stored             integer;
begin
    if document_refusal.lock_application then
        select a.user_id, a.status
        into application_user, application_status
        from public.visa_applications a
        where a.id = document_refusal.application_id
            for no key update;
    else
        select a.user_id, a.status
        into application_user, application_status
        from public.visa_applications a
        where a.id = document_refusal.application_id;
    end if;
    if not found or application_user is null or document_refusal.applicant is distinct from application_user::text then
        return 'not_theirs';
    end if;
    if not private.open_for_documents(application_status) then
        return 'decided';
    end if;

    -- Folders as byte ranges (the name_prefix_search index's operators): every name that starts
    -- with `{folder}/` and no other, since '0' follows '/'.
    select count(*)
    into stored
    from storage.objects o
    where o.bucket_id = private.documents_bucket()
      and o.name ~>=~ (folder || '/')
      and o.name ~<~ (folder || '0');
    if stored + adding > private.max_documents_per_application() then
        return 'full';
    end if;

    if document_refusal.item is not null then
        select count(*)
        into stored
        from storage.objects o
        where o.bucket_id = private.documents_bucket()
          and o.name ~>=~ (folder || '/' || document_refusal.item || '/')
          and o.name ~<~ (folder || '/' || document_refusal.item || '0');
        if stored + adding > private.max_documents_per_item() then
            return 'item_full';
        end if;
    end if;
    return null;
end;
$$;

revoke all on function private.document_refusal(uuid, text, text, boolean, boolean) from public, anon, authenticated;

/**
  * The insert policy's check: a name `{the caller's id}/{application id}/{item key}/{file name}`
  * with a file name as safeFileName makes it (paths.ts: at most 100 characters of letters, digits,
  * `._ ()-`, not starting with a dot, a space or a dash), in the folder of an application nothing
  * stops them adding to. A name without an item folder (the shape before items had keys) is refused.
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
    folders        text[] := storage.foldername(may_add_document.object_name);
    application_id uuid   := private.document_application(may_add_document.object_name);
begin
    if application_id is null
        or coalesce(array_length(folders, 1), 0) <> 3
        or storage.filename(may_add_document.object_name) !~ '^[A-Za-z0-9_()][A-Za-z0-9._ ()-]{0,99}$' then
        return false;
    end if;
    return private.document_refusal(application_id, (select auth.uid())::text, folders[3], false, true) is null;
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
  * After insert on storage.objects, for the documents bucket only, whoever writes (hosted Storage
  * writes an upload's real row as its superuser, which no policy checks): refuses a document
  * unless its name is `{user id}/{application id}/{item key}/{file name}`, its first folder is its
  * owner_id (Storage sets it from the uploader's token on every write, its superuser's too;
  * auth.uid() may be unset there), and private.document_refusal finds nothing against it. Each
  * refusal is a 42501 (Storage's 403 AccessDenied) with its own message and the reason's key as
  * its hint. The application's row is locked first (until the write commits), so a write waits
  * for a delete of the application in progress, then finds it gone: nothing is stored after
  * private.queue_document_removals has run. After, not before, the insert: a caller's write meets
  * the policies first and keeps their answer, and the counts include this row.
  * A document let in may complete a request for missing documents: with the application's row
  * still locked, private.settle_document_requests settles what it completes.
 */
create or replace function private.check_document_insert()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    folders text[];
    reason  text;
begin
    if new.bucket_id is distinct from private.documents_bucket() then
        return null;
    end if;

    folders := storage.foldername(new.name);
    if coalesce(array_length(folders, 1), 0) <> 3
        or folders[2] !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        or not private.document_item_key_ok(folders[3]) then
        raise exception 'A document is stored as {user id}/{application id}/{item key}/{file name}.'
            using errcode = '42501', hint = 'not_theirs';
    end if;

    reason := case
                  when new.owner_id is distinct from folders[1] then 'not_theirs'
                  else private.document_refusal(folders[2]::uuid, folders[1], folders[3], true, true)
        end;
    if reason = 'not_theirs' then
        raise exception 'Documents are added only by the applicant, to their own application.'
            using errcode = '42501', hint = reason;
    elsif reason = 'decided' then
        raise exception 'Documents are added only to an application that is submitted or in review.'
            using errcode = '42501', hint = reason;
    elsif reason = 'full' then
        raise exception 'An application holds at most % documents.', private.max_documents_per_application()
            using errcode = '42501', hint = reason;
    elsif reason = 'item_full' then
        raise exception 'A document of the checklist holds at most % files.', private.max_documents_per_item()
            using errcode = '42501', hint = reason;
    end if;

    perform private.settle_document_requests(folders[2]::uuid);
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
  * The caller's reason (private.document_refusal for auth.uid(), nothing locked). Security
  * definer so it reads what private.document_refusal reads; it takes no user, so a caller only
  * ever learns about their own applications.
 */
create or replace function private.caller_document_refusal(application_id uuid, item text)
    returns text
    language sql
    volatile
    security definer
    set search_path = ''
as
$$
select private.document_refusal(caller_document_refusal.application_id, (select auth.uid())::text,
                                case when private.document_item_key_ok(caller_document_refusal.item) then caller_document_refusal.item end,
                                false, false);
$$;

revoke all on function private.caller_document_refusal(uuid, text) from public, anon;
grant execute on function private.caller_document_refusal(uuid, text) to authenticated;

/**
  * Why the caller may not add a document to this application (and, given `item`, to that item)
  * now: 'not_theirs', 'decided', 'full', 'item_full', or NULL when nothing stops them. The browser
  * asks after Storage refused an upload or a removal (a 403 says no more than "refused"). An item
  * that is not an item key is not asked about. For signed-in users only.
  * rpc('document_refusal', { application_id, item }).
 */
create or replace function public.document_refusal(application_id uuid, item text default null)
    returns text
    language sql
    volatile
    security invoker
    set search_path = ''
as
$$
select private.caller_document_refusal(document_refusal.application_id, document_refusal.item);
$$;

revoke all on function public.document_refusal(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.document_refusal(uuid, text) to authenticated;

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
  * The documents of one application, by name: each object's id (what a review names), name (what
  * signing and removing take), item (its item folder; NULL for a file stored directly in the
  * application's folder), size, type, upload time, and staff's verdict with its reason. Found by
  * the folder `{user id}/{application id}/` through the index, or, when the applicant's account
  * was deleted (user_id NULL), by the application's folder alone, so an admin still finds them.
  * Security invoker: the policies decide (an applicant their own applications' documents, an admin
  * every one, anyone else none). rpc('application_documents', { application_id }).
 */
create or replace function public.application_documents(application_id uuid)
    returns table
            (
                id            uuid,
                name          text,
                item          text,
                size          bigint,
                mime_type     text,
                created_at    timestamptz,
                verdict       text,
                reason        text
            )
    language sql
    stable
    security invoker
    set search_path = ''
as
$$
with objects as (select o.id, o.name, o.metadata, o.created_at
                 from public.visa_applications a
                          join storage.objects o
                               on o.bucket_id = private.documents_bucket()
                                   and o.name ~>=~ (a.user_id::text || '/' || a.id::text || '/')
                                   and o.name ~<~ (a.user_id::text || '/' || a.id::text || '0')
                 where a.id = application_documents.application_id
                   and a.user_id is not null
                 union all
                 select o.id, o.name, o.metadata, o.created_at
                 from public.visa_applications a
                          join storage.objects o
                               on o.bucket_id = private.documents_bucket()
                                   and split_part(o.name, '/', 2) = a.id::text
                 where a.id = application_documents.application_id
                   and a.user_id is null)
select d.id,
       d.name,
       case when d.name ~ '^[^/]*/[^/]*/[^/]*/[^/]*$' then split_part(d.name, '/', 3) end,
       (d.metadata ->> 'size')::bigint,
       d.metadata ->> 'mimetype',
       d.created_at,
       r.verdict,
       r.reason
from objects d
         left join public.document_reviews r on r.object_id = d.id
order by d.name;
$$;

revoke all on function public.application_documents(uuid) from public, anon, authenticated, service_role;
grant execute on function public.application_documents(uuid) to authenticated, service_role;

/**
  * -------------------------------------------------------
  * Section - Removing a deleted application's files
  * -------------------------------------------------------
  * A row per object to remove, worked by the Edge Function remove-documents, which the database
  * calls as it calls the notifications' sender (20261122000500_notifications.sql). Life of a row:
  * queued (locked_until NULL, due at next_attempt_at) → claimed by a call of remove-documents with a lease
  * (locked_until) → gone once the object is removed, or queued again after
  * private.notification_backoff with the error. A row whose lease passed belongs to a call that
  * died and is claimable again, so a crash mid-removal loses nothing; removing an
  * object that is already gone is a success. A row is retried until it succeeds (at most hourly
  * once the backoff is long): a file that should be gone must not stay because Storage was down
  * for a day. last_error says why a row is still here.
  * In private, not public: only the function (service key) reads and writes it, through the RPCs
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

comment on table private.document_removals is 'Objects of deleted applications to remove through the Storage API (remove-documents, service key).';

-- The claim: rows waiting for a try (queued and due, or claimed with a lapsed lease), oldest first,
-- in the claim's own order (id breaks the tie of rows queued by one statement, which share their
-- time), so a claim reads its few rows instead of sorting all those due.
create index document_removals_claimable_idx on private.document_removals ((coalesce(locked_until, next_attempt_at)), id);

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

create trigger document_removals_call_remover
    after insert
    on private.document_removals
    referencing new table as queued
    for each statement
execute function private.on_rows_queued('remove-documents');

/**
  * Claims up to max_rows queued removals for one call of remove-documents (as claim_notifications does): rows that
  * are due and rows whose lease passed, oldest first, each with one more attempt and a lease of
  * lease_seconds; `for update skip locked`, so two calls never claim one row. For the service
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
  * lease passed and another call claimed the row) changes nothing. For the service key only.
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

/**
  * Reports the tries of several claimed removals in one call, each handled exactly as
  * complete_document_removal handles it: reports is a JSON array of {"id", "attempt", "error"}.
 */
create or replace function public.complete_document_removals(reports jsonb)
    returns void
    language sql
    security invoker
    set search_path = ''
as
$$
select public.complete_document_removal(r.id, r.attempt, r.error)
from jsonb_to_recordset(complete_document_removals.reports) as r(id uuid, attempt integer, error text);
$$;

revoke all on function public.complete_document_removals(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.complete_document_removals(jsonb) to service_role;

/**
  * -------------------------------------------------------
  * Section - Staff's actions
  * -------------------------------------------------------
  * Each RPC is a security invoker function in public that calls a security definer function in
  * private, which checks its caller with the admin guard first. Refusals the dashboard explains
  * carry codes of their own (src/lib/forms/errors.ts):
  *   RF004  the application is decided (approved or rejected), or gone: its documents no longer change
  *   RF005  an item asked for has been provided meanwhile (the dashboard reads the list again)
  *   RF006  the document is gone (its applicant removed it meanwhile)
 */

/**
  * Records staff's verdict on one document: 'accepted', or 'needs_replacing' with the reason the
  * applicant reads on the item. `item_label` is the item's name in the checklist (the email names
  * it; the database does not know the checklists). Marking a document as needing replacement
  * (or giving a new reason) queues the applicant's email, keyed by that marking; accepting a file
  * again closes the open requests whose items are now all provided. Only while the application
  * is open: the applicant could not replace anything once it is decided.
 */
create or replace function private.review_document(object_id uuid, verdict text, reason text, item_label text)
    returns void
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    object_name text;
    application public.visa_applications%rowtype;
    previous    public.document_reviews%rowtype;
begin
    perform private.require_admin(null, not_admin => 'Only administrators can review documents.', on_self => '');
    if review_document.verdict is null or review_document.verdict not in ('accepted', 'needs_replacing') then
        raise exception 'A verdict is accepted or needs_replacing.' using errcode = 'invalid_parameter_value';
    end if;
    if review_document.verdict = 'needs_replacing'
        and (review_document.reason is null or review_document.reason <> btrim(review_document.reason)
            or char_length(review_document.reason) not between 1 and 300
            or review_document.item_label is null or review_document.item_label <> btrim(review_document.item_label)
            or char_length(review_document.item_label) not between 1 and 80) then
        raise exception 'A document that needs replacing needs a reason (1 to 300 characters) and its item''s name (1 to 80).'
            using errcode = 'invalid_parameter_value';
    end if;

    select o.name
    into object_name
    from storage.objects o
    where o.id = review_document.object_id
      and o.bucket_id = private.documents_bucket();
    if not found or split_part(object_name, '/', 2) !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        raise exception 'This document is no longer there.' using errcode = 'RF006';
    end if;

    -- Locked as an upload locks it, so a verdict and an upload that settles a request take turns.
    select *
    into application
    from public.visa_applications a
    where a.id = split_part(object_name, '/', 2)::uuid
        for no key update;
    if not found or not private.open_for_documents(application.status) then
        raise exception 'This application has been decided, so its documents no longer change.' using errcode = 'RF004';
    end if;

    select * into previous from public.document_reviews r where r.object_id = review_document.object_id;

    insert into public.document_reviews (object_id, application_id, verdict, reason, reviewed_by, reviewed_at)
    values (review_document.object_id, application.id, review_document.verdict,
            case when review_document.verdict = 'needs_replacing' then review_document.reason end,
            private.acting_profile(), now())
    on conflict on constraint document_reviews_pkey do update
        set verdict     = excluded.verdict,
            reason      = excluded.reason,
            reviewed_by = excluded.reviewed_by,
            reviewed_at = excluded.reviewed_at;

    if review_document.verdict = 'needs_replacing'
        and (previous.verdict is distinct from 'needs_replacing' or previous.reason is distinct from review_document.reason) then
        perform private.queue_notification('applicant_document_needs_replacing', private.applicant_email(application.user_id, application.email),
                                           'visa_applications', application.id,
                                           jsonb_build_object('item_key', split_part(object_name, '/', 3),
                                                              'item_label', review_document.item_label,
                                                              'file_name', storage.filename(object_name),
                                                              'reason', review_document.reason),
                                           event_id => extensions.gen_random_uuid());
    end if;

    -- A file accepted again can provide the last item a request asks for: the request closes (the
    -- staff who accepted it are not emailed about their own verdict).
    perform private.close_provided_document_requests(application.id);
end;
$$;

revoke all on function private.review_document(uuid, text, text, text) from public, anon, authenticated;
grant execute on function private.review_document(uuid, text, text, text) to authenticated;

/**
  * Staff's verdict on a document. Admins only (42501 otherwise).
  * rpc('review_document', { object_id, verdict, reason, item_label }).
 */
create or replace function public.review_document(object_id uuid, verdict text, reason text default null,
                                                  item_label text default null)
    returns void
    language sql
    security invoker
    set search_path = ''
as
$$
select private.review_document(review_document.object_id, review_document.verdict, review_document.reason,
                               review_document.item_label);
$$;

revoke all on function public.review_document(uuid, text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.review_document(uuid, text, text, text) to authenticated;

/**
  * Asks the applicant for missing documents: stores the request with the items it names ({key,
  * label}, as private.document_request_items_ok takes them) and staff's line, marks the application
  * as waiting on its applicant, and queues the applicant's email naming each item (keyed by the
  * request). Only while the application is submitted or in review (RF004), and only for items
  * still missing (RF005: one was provided since the dashboard read the list). The application's row
  * is locked first, as an upload locks it, so a request and the upload of an item it names take
  * turns: either the request sees the file, or the upload sees the request.
  * Returns the request's id.
 */
create or replace function private.request_documents(application_id uuid, items jsonb, note text)
    returns uuid
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    application public.visa_applications%rowtype;
    request_id  uuid;
begin
    perform private.require_admin(null, not_admin => 'Only administrators can request documents.', on_self => '');
    if not private.document_request_items_ok(request_documents.items) then
        raise exception 'Name 1 to 12 items, each {key, label} once.' using errcode = 'invalid_parameter_value';
    end if;
    if request_documents.note is not null
        and (request_documents.note <> btrim(request_documents.note) or char_length(request_documents.note) not between 1 and 500) then
        raise exception 'The note is trimmed, 1 to 500 characters.' using errcode = 'invalid_parameter_value';
    end if;

    select *
    into application
    from public.visa_applications a
    where a.id = request_documents.application_id
        for no key update;
    if not found or not private.open_for_documents(application.status) then
        raise exception 'This application has been decided, so its documents no longer change.' using errcode = 'RF004';
    end if;

    if exists (select 1
               from jsonb_array_elements(request_documents.items) asked
                        join public.application_document_items(array [application.id]) i
                             on i.item = asked ->> 'key' and i.provided) then
        raise exception 'A document asked for has been provided meanwhile.' using errcode = 'RF005';
    end if;

    insert into public.document_requests (application_id, items, note, requested_by)
    values (application.id, request_documents.items, request_documents.note, private.acting_profile())
    returning id into request_id;

    update public.visa_applications set awaiting_documents = true where id = application.id and not awaiting_documents;

    perform private.queue_notification('applicant_documents_requested', private.applicant_email(application.user_id, application.email),
                                       'visa_applications', application.id,
                                       jsonb_build_object('request_id', request_id, 'items', request_documents.items,
                                                          'note', request_documents.note),
                                       event_id => request_id);
    return request_id;
end;
$$;

revoke all on function private.request_documents(uuid, jsonb, text) from public, anon, authenticated;
grant execute on function private.request_documents(uuid, jsonb, text) to authenticated;

/**
  * Asks the applicant for missing documents. Admins only (42501 otherwise).
  * rpc('request_documents', { application_id, items, note }) answers the request's id.
 */
create or replace function public.request_documents(application_id uuid, items jsonb, note text default null)
    returns uuid
    language sql
    security invoker
    set search_path = ''
as
$$
select private.request_documents(request_documents.application_id, request_documents.items, request_documents.note);
$$;

revoke all on function public.request_documents(uuid, jsonb, text) from public, anon, authenticated, service_role;
grant execute on function public.request_documents(uuid, jsonb, text) to authenticated;
