/**
  * -------------------------------------------------------
  * Documents: staff's actions (a verdict on a file, a request for missing documents)
  * -------------------------------------------------------
  * 20261122000900_documents.sql describes the documents' domain as a whole;
  * 20261122000910_document_reviews_and_requests.sql holds the tables these RPCs write.
 */

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
create or replace function private.review_document(object_id uuid, verdict public.document_verdict, reason text, item_label text)
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
    perform private.require_staff('Only staff can review documents.');
    if review_document.verdict is null then
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

revoke all on function private.review_document(uuid, public.document_verdict, text, text) from public, anon, authenticated;
grant execute on function private.review_document(uuid, public.document_verdict, text, text) to authenticated;

/**
  * Staff's verdict on a document. Admins only (42501 otherwise).
  * rpc('review_document', { object_id, verdict, reason, item_label }).
 */
create or replace function public.review_document(object_id uuid, verdict public.document_verdict, reason text default null,
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

revoke all on function public.review_document(uuid, public.document_verdict, text, text) from public, anon, authenticated, service_role;
grant execute on function public.review_document(uuid, public.document_verdict, text, text) to authenticated;

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
    perform private.require_staff('Only staff can request documents.');
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
