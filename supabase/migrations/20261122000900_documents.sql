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
  * status; staff read a document they have just opened, each opening recorded; nobody else reads or writes anything, and nobody
  * updates an object (replacing a document is removing it and uploading again). The limits are
  * those of src/lib/document-rules.ts; tests/db/documents-rules.test.ts reads them back from here.
  *
  * Hosted Storage checks an upload's policies with a trial insert as the caller, rolled back, and
  * writes the real row later as its superuser, which row-level security does not check (so do a
  * copy and a signed upload URL, possibly long after it was made). A trigger on storage.objects
  * therefore checks every new document's row again, whoever writes it; the policies stay as the
  * early refusal, answered before a byte is read. On hosted, the postgres role creates that trigger
  * through its TRIGGER privilege on storage.objects but cannot drop it (supabase_storage_admin owns
  * the table): change the checks by `create or replace function`, never by dropping the trigger.
  *
  * The documents' domain is four files, by concern: this one (the bucket, its rules, the policies
  * on storage.objects and the check of every written document), 20261122000910_document_reviews_and_requests.sql
  * (staff's reviews and requests, which items are provided, the lists and counts the pages read),
  * 20261122000920_document_staff_actions.sql (staff's RPCs) and 20261122000930_document_removals.sql
  * (removing a deleted application's files).
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
create or replace function private.open_for_documents(status public.application_status)
    returns boolean
    language sql
    immutable
    set search_path = ''
as
$$
select coalesce(open_for_documents.status in ('submitted', 'in_review'), false);
$$;

revoke all on function private.open_for_documents(public.application_status) from public, anon, authenticated;

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
    application_status public.application_status;
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
  * `._ ()-`, not starting with a dot, a space or a dash, not ending with a space: `image (2).jpg`
  * and `image (2).jpg ` look the same in every list), in the folder of an application nothing
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
        or storage.filename(may_add_document.object_name) !~ '^[A-Za-z0-9_()]([A-Za-z0-9._ ()-]{0,98}[A-Za-z0-9._()-])?$' then
        return false;
    end if;
    return private.document_refusal(application_id, (select auth.uid())::text, folders[3], false, true) is null;
end;
$$;

revoke all on function private.may_add_document(text) from public, anon;
grant execute on function private.may_add_document(text) to authenticated;

/**
  * -------------------------------------------------------
  * Section - Staff opening a document
  * -------------------------------------------------------
  * Every document staff open is recorded first (public.activity_record, 20261129000100_activity_record.sql):
  * the browser calls public.open_document, which writes the row, and only then asks Storage for a
  * signed URL. Storage's read policy lets staff read an object only while a fresh row of their
  * own says they opened it (private.opened_lately), so a signed URL, a download or a listing
  * through Storage without its row is refused, whatever the page sends. Why a read policy rather
  * than an RPC that answers "allowed": Storage asks the policy at every read (sign, download,
  * info), so the rule holds at the one place every file passes, and nothing but the database needs
  * trusting. Staff's lists and counts of an application's documents read the objects through
  * private.application_objects instead, so listing a case opens nothing.
 */

/** How long, in seconds, opening a document lets its opener read it (sign a URL, download). */
create or replace function private.document_open_seconds()
    returns integer
    language sql
    immutable
    set search_path = ''
as
$$
select 60;
$$;

revoke all on function private.document_open_seconds() from public, anon, authenticated;

/**
  * Whether the caller opened the object `object_name` less than private.document_open_seconds()
  * ago (a document_opened row of theirs names it). Security definer: the caller cannot read the
  * activity record. plpgsql, so the table, made by a later file, is looked up when it runs.
 */
create or replace function private.opened_lately(object_name text)
    returns boolean
    language plpgsql
    stable
    security definer
    set search_path = ''
as
$$
begin
    return exists (select 1
                   from public.activity_record r
                   where r.actor = (select auth.uid())
                     and r.kind = 'document_opened'
                     and r.at > now() - make_interval(secs => private.document_open_seconds())
                     and r.detail ->> 'path' = opened_lately.object_name);
end;
$$;

revoke all on function private.opened_lately(text) from public, anon;
grant execute on function private.opened_lately(text) to authenticated;

/**
  * Records that the caller, staff, opens the document `object_name`: a document_opened row naming
  * the file, its application and its applicant (both read from the path), written before any URL
  * of it exists. Staff only (42501 otherwise); an object not in the documents bucket is PT404.
 */
create or replace function private.open_document(object_name text)
    returns void
    language plpgsql
    volatile
    security definer
    set search_path = ''
as
$$
declare
    uuid_shape constant text := '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
    object_id           uuid;
    applicant           text := split_part(open_document.object_name, '/', 1);
    application         text := split_part(open_document.object_name, '/', 2);
begin
    perform private.require_staff('Only staff can open documents.');
    select o.id
    into object_id
    from storage.objects o
    where o.bucket_id = private.documents_bucket()
      and o.name = open_document.object_name;
    if not found then
        raise exception 'Document not found.' using errcode = 'PT404';
    end if;
    perform private.record_activity('document_opened',
                                    case when application ~ uuid_shape then application::uuid end,
                                    case when applicant ~ uuid_shape then applicant::uuid end,
                                    jsonb_build_object('path', open_document.object_name, 'object_id', object_id));
end;
$$;

revoke all on function private.open_document(text) from public, anon, authenticated;
grant execute on function private.open_document(text) to authenticated;

/**
  * The case's click on a document: rpc('open_document', { object_name }) records the opening, then
  * the browser signs a URL (src/lib/documents/open.ts); see private.open_document.
 */
create or replace function public.open_document(object_name text)
    returns void
    language sql
    volatile
    security invoker
    set search_path = ''
as
$$
select private.open_document(open_document.object_name);
$$;

revoke all on function public.open_document(text) from public, anon, authenticated, service_role;
grant execute on function public.open_document(text) to authenticated;

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

-- An applicant reads the documents of their own applications; staff read a document for a
-- minute after they opened it (Section - Staff opening a document). One policy, so each row is
-- checked once.
create policy "Applicants read their own documents, staff what they opened" on storage.objects
    for select
    to authenticated
    using (bucket_id = private.documents_bucket()
        and ((split_part(name, '/', 1) = (select auth.uid())::text and private.owns_document(name, false))
            or ((select private.is_staff()) and private.opened_lately(name))));

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
