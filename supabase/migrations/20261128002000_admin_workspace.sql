-- The admin workspace (issue 35): the reference an applicant quotes, stored and indexed so staff
-- can search by it.
--
-- The reference is the first 8 hex digits of the application's id (its receipt and every email
-- show it in capitals: src/lib/application-reference.ts). It is kept lower-cased, as the other
-- search keys are, in the "C" collation so that the admin's prefix search (a range on the key,
-- src/islands/admin/server-query.ts) uses the index. Two applications can share a reference; a
-- search by it lists every one.
alter table public.visa_applications
    add column reference text collate "C" generated always as (left(id::text, 8)) stored;

comment on column public.visa_applications.reference is
    'The reference an applicant quotes: the first 8 hex digits of the id, lower-cased (shown in capitals). Not unique.';

create index visa_applications_reference_idx on public.visa_applications (reference, id);
