/**
  * -------------------------------------------------------
  * Documents: staff's reviews and requests, and what each application has
  * -------------------------------------------------------
  * Staff review each provided file (public.document_reviews) and ask for what is missing
  * (public.document_requests); an item is provided when it holds a file not marked as needing
  * replacement (public.application_document_items, the one place that says so), which settles
  * the requests and feeds the lists and counts the applicant's and the admin's pages read.
  * 20261122000900_documents.sql describes the documents' domain as a whole.
 */

/**
  * -------------------------------------------------------
  * Section - Staff's reviews of documents
  * -------------------------------------------------------
  * One row per reviewed object, by the object's id (a file uploaded again under the same name is
  * a new object, unreviewed). No foreign key to storage.objects, which Storage owns: a review of
  * an object that is gone is simply never joined again, and goes with its application.
 */
-- Staff's verdict on a document, an enum (20261122000100_profiles_and_roles.sql says why): accepted first.
create type public.document_verdict as enum ('accepted', 'needs_replacing');

create table public.document_reviews
(
    object_id      uuid primary key,
    application_id uuid        not null references public.visa_applications (id) on delete cascade,
    verdict        public.document_verdict not null,
    -- What the applicant reads on the item ("The photo is too dark"), only with needs_replacing.
    reason         text check (reason = btrim(reason) and char_length(reason) between 1 and 300),
    reviewed_by    uuid references public.profiles (id) on delete set null,
    reviewed_at    timestamptz not null default now(),
    constraint document_reviews_reason_when_replacing check ((verdict = 'needs_replacing') = (reason is not null))
);

comment on table public.document_reviews is 'Staff''s verdict on each provided document (by storage object id): accepted, or needs replacing with the reason the applicant reads.';

create index document_reviews_application_idx on public.document_reviews (application_id);
create index document_reviews_reviewed_by_idx on public.document_reviews (reviewed_by);

-- Written only through public.review_document (security definer). Applicants read their reviews
-- (the reason on the item) but not which staff member gave them: the reviewer column is granted to
-- no signed-in user; admins read it through public.document_verdict_reviewers.
revoke all on table public.document_reviews from anon, authenticated, service_role;
grant select (object_id, application_id, verdict, reason, reviewed_at) on table public.document_reviews to authenticated;
grant all on table public.document_reviews to service_role;

alter table public.document_reviews enable row level security;

-- An applicant reads the reviews of their own applications' documents (the reason on the item); staff all.
create policy "Applicants and staff can read document reviews" on public.document_reviews
    for select
    to authenticated
    using ((select private.is_staff())
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

-- An applicant sees the requests about their own applications (on the card and its history); staff all.
create policy "Applicants and staff can read document requests" on public.document_requests
    for select
    to authenticated
    using ((select private.is_staff())
        or application_id in (select a.id from public.visa_applications a where a.user_id = (select auth.uid())));

/**
  * -------------------------------------------------------
  * Section - Which items are provided
  * -------------------------------------------------------
 */

/**
  * The stored objects of the given applications that the caller may list: those of their own
  * applications for an applicant, every one for staff, and every one when no user is signed in
  * (the service key, or the database itself: Storage's superuser writing an upload, whose trigger
  * settles requests through public.application_document_items). Found by the folder
  * `{user id}/{application id}/` as a byte range, which the name_prefix_search index
  * (text_pattern_ops) serves; only an application whose applicant's account was deleted (user_id
  * NULL; the files stay under the old id) is matched by its folder alone, the second of the name,
  * which reads every object of the bucket. Security definer: Storage's read policy lets staff read
  * an object only just after opening it (20261122000900_documents.sql), while a case lists all
  * its documents; what a list shows of an object (name, size, type) opens nothing.
 */
create or replace function private.application_objects(application_ids uuid[])
    returns table
            (
                application_id uuid,
                id             uuid,
                name           text,
                metadata       jsonb,
                created_at     timestamptz
            )
    language sql
    stable
    security definer
    set search_path = ''
as
$$
select a.id, o.id, o.name, o.metadata, o.created_at
from public.visa_applications a
         join storage.objects o
              on o.bucket_id = private.documents_bucket()
                  and o.name ~>=~ (a.user_id::text || '/' || a.id::text || '/')
                  and o.name ~<~ (a.user_id::text || '/' || a.id::text || '0')
where a.id = any (application_objects.application_ids)
  and a.user_id is not null
  and ((select auth.uid()) is null or a.user_id = (select auth.uid()) or (select private.is_staff()))
union all
select a.id, o.id, o.name, o.metadata, o.created_at
from public.visa_applications a
         join storage.objects o
              on o.bucket_id = private.documents_bucket()
                  and split_part(o.name, '/', 2) = a.id::text
where a.id = any (application_objects.application_ids)
  and a.user_id is null
  and ((select auth.uid()) is null or (select private.is_staff()));
$$;

revoke all on function private.application_objects(uuid[]) from public, anon;
grant execute on function private.application_objects(uuid[]) to authenticated, service_role;

/**
  * The documents of the given applications item by item: one row per application and item that
  * has files (item NULL for files stored directly in the application's folder, before items had
  * keys), with how many files it has, how many staff marked as needing replacement, and whether it
  * is provided (a file not marked). The one rule of "provided": the browser counts "n of m
  * required" from these rows and the upload's trigger settles requests by them. Security invoker:
  * the policies on the applications and the reviews, and private.application_objects, decide what
  * is counted (an applicant their own, staff every one).
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
with objects as (select o.application_id, o.id as object_id, o.name
                 from private.application_objects(array(select a.id
                                                        from public.visa_applications a
                                                        where a.id = any (application_document_items.application_ids))) o)
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
  * Section - Document lists and counts
  * -------------------------------------------------------
 */

/**
  * How many documents each of the given applications has: one row per application the caller
  * can read (an applicant their own, staff every one), 0 when it has none. Security invoker: the
  * applications' policies and private.application_objects (which says how objects are found)
  * decide what is counted.
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
select a.id, coalesce(c.documents, 0)
from public.visa_applications a
         left join (select o.application_id, count(*)::integer as documents
                    from private.application_objects(application_document_counts.application_ids) o
                    group by o.application_id) c on c.application_id = a.id
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
  * Security invoker: the applications' policies and private.application_objects decide (an
  * applicant their own applications' documents, staff every one, anyone else none). rpc('application_documents', { application_id }).
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
                 from public.visa_applications a,
                      private.application_objects(array [a.id]) o
                 where a.id = application_documents.application_id)
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
  * Section - Every verdict on a document, for both timelines
  * -------------------------------------------------------
  * public.document_reviews keeps one verdict per file (the current one, by the object's id); this
  * table keeps each verdict given, when and by whom, with the file's name and item as they were,
  * so the admin's timeline and the applicant's history show every one. Written only by the
  * trigger below, in the transaction of the verdict itself (public.review_document is unchanged);
  * the same verdict given again with the same reason is not a new entry.
 */
create table public.document_verdicts
(
    id             uuid primary key default gen_random_uuid(),
    application_id uuid        not null references public.visa_applications (id) on delete cascade,
    object_id      uuid        not null,
    verdict        public.document_verdict not null,
    reason         text,
    -- The file as the applicant named it, and the key of the checklist item it was added for (null: none).
    file_name      text        not null,
    item_key       text,
    reviewed_by    uuid references public.profiles (id) on delete set null,
    reviewed_at    timestamptz not null
);

comment on table public.document_verdicts is 'Every verdict staff gave on a document (accepted, needs replacing with the reason), when and by whom: the timelines'' record. Written by private.record_document_verdict.';

create index document_verdicts_application_idx on public.document_verdicts (application_id, reviewed_at);
create index document_verdicts_reviewed_by_idx on public.document_verdicts (reviewed_by);

-- As the reviews: staff are the consultancy to applicants, so reviewed_by is not granted to
-- signed-in users; admins read it through public.document_verdict_reviewers.
revoke all on table public.document_verdicts from anon, authenticated, service_role;
grant select (id, object_id, application_id, verdict, reason, file_name, item_key, reviewed_at) on table public.document_verdicts to authenticated;
grant all on table public.document_verdicts to service_role;

alter table public.document_verdicts enable row level security;

-- As the reviews: an applicant reads the verdicts on their own applications' documents; staff all.
create policy "Applicants and staff can read document verdicts" on public.document_verdicts
    for select
    to authenticated
    using ((select private.is_staff())
        or application_id in (select a.id from public.visa_applications a where a.user_id = (select auth.uid())));

/** Who gave each verdict of an application, for admins only (42501 otherwise). */
create or replace function private.document_verdict_reviewers(application_id uuid)
    returns table (id uuid, reviewed_by uuid)
    language plpgsql
    stable
    security definer
    set search_path = ''
as
$$
begin
    perform private.require_staff('Only staff can read who reviewed a document.');
    return query select v.id, v.reviewed_by from public.document_verdicts v where v.application_id = document_verdict_reviewers.application_id;
end;
$$;

revoke all on function private.document_verdict_reviewers(uuid) from public, anon, authenticated;
grant execute on function private.document_verdict_reviewers(uuid) to authenticated;

/**
  * Who gave each verdict of an application: rpc('document_verdict_reviewers', { application_id }) →
  * [{ id, reviewed_by }]. Admins only (42501 otherwise); see private.document_verdict_reviewers.
 */
create or replace function public.document_verdict_reviewers(application_id uuid)
    returns table (id uuid, reviewed_by uuid)
    language sql
    stable
    security invoker
    set search_path = ''
as
$$
select * from private.document_verdict_reviewers(document_verdict_reviewers.application_id);
$$;

revoke all on function public.document_verdict_reviewers(uuid) from public, anon, authenticated, service_role;
grant execute on function public.document_verdict_reviewers(uuid) to authenticated;

/**
  * Records a verdict stored in public.document_reviews as an entry of public.document_verdicts,
  * with the file's name and item read from its storage path ({user}/{application}/{item}/{file},
  * or {user}/{application}/{file} for files stored before items had keys).
 */
create or replace function private.record_document_verdict()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    path text[];
begin
    select string_to_array(o.name, '/') into path from storage.objects o where o.id = new.object_id;
    insert into public.document_verdicts (application_id, object_id, verdict, reason, file_name, item_key, reviewed_by, reviewed_at)
    values (new.application_id, new.object_id, new.verdict, new.reason,
            coalesce(path[array_length(path, 1)], 'a file'),
            case when array_length(path, 1) = 4 then path[3] end,
            new.reviewed_by, new.reviewed_at);
    return null;
end;
$$;

revoke all on function private.record_document_verdict() from public, anon, authenticated;

create trigger document_reviews_recorded
    after insert on public.document_reviews
    for each row
execute function private.record_document_verdict();

create trigger document_reviews_changed
    after update on public.document_reviews
    for each row
    when (old.verdict is distinct from new.verdict or old.reason is distinct from new.reason)
execute function private.record_document_verdict();
