/**
  * -------------------------------------------------------
  * Document refusals, by reason
  * -------------------------------------------------------
  * Why an applicant may not add a document to an application, decided once
  * (private.document_refusal) for the three places that ask: the insert policy's check
  * (private.may_add_document, the early refusal of Storage's trial write), the trigger that checks
  * every written document again (private.check_document_insert), and the browser, which asks
  * public.document_refusal after Storage refused an upload or a removal.
  *
  * Hosted Storage answers a 42501 as 403 AccessDenied and every other SQLSTATE as a 500 "database
  * error" (its DBError.fromDBError), and keeps neither the hint nor the detail: so the policies and
  * the trigger keep 42501, and the browser, after a 403, asks the database why instead of reading
  * Storage's message. The answer is a key the browser turns into the visitor's words
  * (src/lib/forms/errors.ts):
  *   not_theirs  no application of theirs has this id (another applicant's, deleted, or never made)
  *   decided     their application is approved or rejected, so its documents no longer change
  *   full        it already holds private.max_documents_per_application() documents
  * and NULL when nothing stops them (the refusal was something else: an expired token, a name
  * the policy refuses).
  *
  * The landed functions are replaced, never dropped (the trigger on storage.objects can be created
  * by postgres on hosted but only dropped by supabase_storage_admin, which owns the table).
 */

/**
  * The reason `applicant` (a user id as text: the object's first folder) may not add a document to
  * the application, or NULL. Ownership comes first, so nobody learns anything of an application
  * that is not theirs. `written`: the document being added is already among the objects counted
  * (the trigger runs after the insert), so the limit is reached only past it. `lock_application`:
  * the application's row is locked (until the transaction ends) before the objects are counted,
  * so two writes for its last slot are counted one after the other, and a write waiting on a
  * delete of the application finds it gone; the browser's question after a refusal locks nothing.
  * Security definer to read and lock rows the caller cannot; executed only by the definer
  * functions below.
 */
create or replace function private.document_refusal(application_id uuid, applicant text, written boolean, lock_application boolean)
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

    -- The folder as a byte range (the name_prefix_search index's operators): every name that
    -- starts with `{user}/{application}/` and no other, since '0' follows '/'.
    -- Counted with the document being added.
    select count(*)
    into stored
    from storage.objects o
    where o.bucket_id = private.documents_bucket()
      and o.name ~>=~ (document_refusal.applicant || '/' || document_refusal.application_id::text || '/')
      and o.name ~<~ (document_refusal.applicant || '/' || document_refusal.application_id::text || '0');
    if not document_refusal.written then
        stored := stored + 1;
    end if;
    if stored > private.max_documents_per_application() then
        return 'full';
    end if;
    return null;
end;
$$;

revoke all on function private.document_refusal(uuid, text, boolean, boolean) from public, anon, authenticated;

/**
  * The insert policy's check, as before: a file name as safeFileName makes it (paths.ts: at most
  * 100 characters of letters, digits, `._ ()-`, not starting with a dot, a space or a dash) in the
  * folder `{the caller's id}/{application id}/` of an application nothing stops them adding to.
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
begin
    if application_id is null
        or storage.filename(may_add_document.object_name) !~ '^[A-Za-z0-9_()][A-Za-z0-9._ ()-]{0,99}$' then
        return false;
    end if;
    return private.document_refusal(application_id, (select auth.uid())::text, false, true) is null;
end;
$$;

/**
  * After insert on storage.objects, for the documents bucket only, whoever writes (hosted Storage
  * writes an upload's real row as its superuser, which no policy checks): refuses a document
  * unless its name is `{user id}/{application id}/{file name}`, its first folder is its owner_id
  * (Storage sets it from the uploader's token on every write, its superuser's too; auth.uid() may
  * be unset there), and private.document_refusal finds nothing against it. Each refusal is a 42501
  * (Storage's 403) with its own message and the reason's key as its hint.
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
    if coalesce(array_length(folders, 1), 0) <> 2
        or folders[2] !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        raise exception 'A document is stored as {user id}/{application id}/{file name}.'
            using errcode = '42501', hint = 'not_theirs';
    end if;

    reason := case
                  when new.owner_id is distinct from folders[1] then 'not_theirs'
                  else private.document_refusal(folders[2]::uuid, folders[1], true, true)
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
    end if;
    return null;
end;
$$;

/**
  * The caller's reason (private.document_refusal for auth.uid(), nothing locked). Security
  * definer so it reads what private.document_refusal reads; it takes no user, so a caller only
  * ever learns about their own applications.
 */
create or replace function private.caller_document_refusal(application_id uuid)
    returns text
    language sql
    volatile
    security definer
    set search_path = ''
as
$$
select private.document_refusal(caller_document_refusal.application_id, (select auth.uid())::text, false, false);
$$;

revoke all on function private.caller_document_refusal(uuid) from public, anon;
grant execute on function private.caller_document_refusal(uuid) to authenticated;

/**
  * Why the caller may not add a document to this application now: 'not_theirs', 'decided',
  * 'full', or NULL when nothing stops them. The browser asks after Storage refused an upload or a
  * removal (a 403 says no more than "refused"). For signed-in users only.
  * rpc('document_refusal', { application_id }).
 */
create or replace function public.document_refusal(application_id uuid)
    returns text
    language sql
    volatile
    security invoker
    set search_path = ''
as
$$
select private.caller_document_refusal(document_refusal.application_id);
$$;

revoke all on function public.document_refusal(uuid) from public, anon, authenticated, service_role;
grant execute on function public.document_refusal(uuid) to authenticated;
