/**
  * -------------------------------------------------------
  * Documents item by item: the checklist, staff's reviews and requests for what is missing
  * -------------------------------------------------------
  * Each visa's checklist lives in the content (the visas' content files `documents:`, each item with a
  * stable key), not here. What the database keeps is which item a file was added for, as a folder
  * of its object name: `{user id}/{application id}/{item key}/{file name}` (src/lib/documents/
  * paths.ts). The folder is part of the upload itself, so it is atomic with it, hosted Storage keeps
  * it, and the policies and the trigger that checks every written document see it. An item key is
  * a slug (private.document_item_key_ok); the database cannot know the checklists, so any slug is
  * taken, and `other` holds the files that fit no item. Files stored before items had keys stay
  * directly in the application's folder: readable, removable while open, counted, never added to.
  *
  * Limits: at most private.max_documents_per_item() files an item and
  * private.max_documents_per_application() an application (src/lib/documents/rules.ts), so six
  * monthly bank statements fit and the longest checklist still has room. A refusal by the item's
  * limit is the reason `item_full` of private.document_refusal, beside not_theirs, decided, full.
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
  * The landed functions on storage.objects are replaced, never dropped (the trigger can be created
  * by postgres on hosted but only dropped by supabase_storage_admin, which owns the table).
 */

/**
  * -------------------------------------------------------
  * Section - Limits and item keys
  * -------------------------------------------------------
 */

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

/**
  * -------------------------------------------------------
  * Section - Which folder a document is in
  * -------------------------------------------------------
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
  * Whether the application waits on its applicant: it has a request not yet fulfilled. Kept on the
  * application (by the functions below, in the transactions that open and settle requests) so the
  * admin's list filters by it and the overview counts it through an index. No API role may write it.
 */
alter table public.visa_applications
    add column awaiting_documents boolean not null default false;

comment on column public.visa_applications.awaiting_documents is 'True while a document request of the application is open; kept by public.request_documents and the upload''s trigger.';

create index visa_applications_awaiting_documents_idx on public.visa_applications (submitted_at desc, id)
    where awaiting_documents;

-- Notifications of the three new events, all about the application, beside every kind before them
-- (20261125000420_newsletter_double_opt_in.sql's list).
alter table public.notifications
    drop constraint notifications_kind_check;
alter table public.notifications
    add constraint notifications_kind_check check (kind in ('staff_new_booking', 'staff_new_contact_message',
                                                            'staff_new_application', 'applicant_application_received',
                                                            'applicant_status_changed', 'booking_confirmation',
                                                            'newsletter_confirmation', 'newsletter_welcome',
                                                            'applicant_document_needs_replacing',
                                                            'applicant_documents_requested',
                                                            'staff_documents_provided'));

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
  * Settles the open requests of an application whose items are now all provided: marks each
  * fulfilled and queues the staff's email about it (keyed by the request, so it goes once), then
  * keeps the application's awaiting_documents. Called with the application's row locked (the
  * upload's trigger), so two uploads finishing a request at once settle it one after the other and
  * the second finds nothing open.
 */
create or replace function private.settle_document_requests(application_id uuid)
    returns void
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
        where r.application_id = settle_document_requests.application_id
          and r.fulfilled_at is null
        order by r.requested_at
        loop
            if not exists (select 1
                           from jsonb_array_elements(request.items) asked
                           where not exists (select 1
                                             from public.application_document_items(array [settle_document_requests.application_id]) i
                                             where i.item = asked ->> 'key'
                                               and i.provided)) then
                update public.document_requests set fulfilled_at = now() where id = request.id;
                perform private.queue_notification('staff_documents_provided', null, 'visa_applications',
                                                   settle_document_requests.application_id,
                                                   jsonb_build_object('request_id', request.id, 'items', request.items),
                                                   event_id => request.id);
            end if;
        end loop;

    update public.visa_applications a
    set awaiting_documents = false
    where a.id = settle_document_requests.application_id
      and a.awaiting_documents
      and not exists (select 1
                      from public.document_requests r
                      where r.application_id = a.id
                        and r.fulfilled_at is null);
end;
$$;

revoke all on function private.settle_document_requests(uuid) from public, anon, authenticated;

/**
  * -------------------------------------------------------
  * Section - Why a document may not be added
  * -------------------------------------------------------
 */

-- Replaced by the version that also takes the item.
drop function private.caller_document_refusal(uuid);
drop function public.document_refusal(uuid);

/**
  * The reason `applicant` (a user id as text: the object's first folder) may not add a document to
  * the item `item` of the application, or NULL: as before (not_theirs, decided, full), and
  * item_full when the item already holds private.max_documents_per_item() files. `item` NULL
  * skips that limit (the browser's question after a refused removal names no item). `written`:
  * the document being added is already among the objects counted (the trigger runs after the
  * insert). `lock_application`: the application's row is locked (until the transaction ends)
  * before anything is counted, so two writes for the last slot are counted one after the other,
  * and a write waiting on a delete of the application finds it gone.
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

drop function private.document_refusal(uuid, text, boolean, boolean);

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

/**
  * After insert on storage.objects, for the documents bucket only, whoever writes (hosted Storage
  * writes an upload's real row as its superuser, which no policy checks): refuses a document
  * unless its name is `{user id}/{application id}/{item key}/{file name}`, its first folder is its
  * owner_id (Storage sets it from the uploader's token on every write, its superuser's too;
  * auth.uid() may be unset there), and private.document_refusal finds nothing against it. Each
  * refusal is a 42501 (Storage's 403) with its own message and the reason's key as its hint.
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
  * Section - An application's documents, with their item and review
  * -------------------------------------------------------
 */

drop function public.application_documents(uuid);

/**
  * The documents of one application, by name: each object's id (what a review names), name (what
  * signing and removing take), item (its item folder; NULL for a file stored before items had
  * keys), size, type, upload time, and staff's verdict with its reason. Found by the folder
  * `{user id}/{application id}/` through the index, or, when the applicant's account was deleted
  * (user_id NULL), by the application's folder alone, so an admin still finds them. Security
  * invoker: the policies decide (an applicant their own applications' documents, an admin every
  * one, anyone else none). rpc('application_documents', { application_id }).
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
  * (or giving a new reason) queues the applicant's email, keyed by that marking. Only while the
  * application is open: the applicant could not replace anything once it is decided.
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
        perform private.queue_notification('applicant_document_needs_replacing', application.email, 'visa_applications',
                                           application.id,
                                           jsonb_build_object('item_key', split_part(object_name, '/', 3),
                                                              'item_label', review_document.item_label,
                                                              'file_name', storage.filename(object_name),
                                                              'reason', review_document.reason),
                                           event_id => extensions.gen_random_uuid());
    end if;
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

    perform private.queue_notification('applicant_documents_requested', application.email, 'visa_applications',
                                       application.id,
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
