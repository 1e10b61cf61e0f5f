-- The admin workspace (issue 35): the reference an applicant quotes, stored and indexed so staff
-- can search by it.
--
-- The reference is the first 8 hex digits of the application's id (its receipt and every email
-- show it in capitals: common/application-reference.ts). It is kept lower-cased, as the other
-- search keys are, in the "C" collation so that the admin's prefix search (a range on the key,
-- src/lib/admin/list-queries.ts) uses the index. Two applications can share a reference; a
-- search by it lists every one.
alter table public.visa_applications
    add column reference text collate "C" generated always as (left(id::text, 8)) stored;

comment on column public.visa_applications.reference is
    'The reference an applicant quotes: the first 8 hex digits of the id, lower-cased (shown in capitals). Not unique.';

create index visa_applications_reference_idx on public.visa_applications (reference, id);

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

revoke all on table public.document_verdicts from anon, authenticated, service_role;
grant select on table public.document_verdicts to authenticated;
grant all on table public.document_verdicts to service_role;

alter table public.document_verdicts enable row level security;

-- As the reviews: an applicant reads the verdicts on their own applications' documents; admins all.
create policy "Applicants and admins can read document verdicts" on public.document_verdicts
    for select
    to authenticated
    using ((select private.is_admin())
        or application_id in (select a.id from public.visa_applications a where a.user_id = (select auth.uid())));

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
