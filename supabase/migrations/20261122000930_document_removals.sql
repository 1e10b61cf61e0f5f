/**
  * -------------------------------------------------------
  * Documents: removing a deleted application's files
  * -------------------------------------------------------
  * Deleting an application deletes its files, durably: the delete queues the names of its objects
  * in private.document_removals in the same transaction, and an Edge Function
  * (supabase/functions/remove-documents) removes them through the Storage API with the service
  * key, as hosted requires (SQL may not delete from storage tables). The retention rule for a
  * decided application's documents queues its files the same way (20261129000200_retention.sql).
 */

/**
  * -------------------------------------------------------
  * Section - Removing a deleted application's files
  * -------------------------------------------------------
  * A row per object to remove: a job of the queue remove-documents (20261122000450_job_queue.sql),
  * worked by the Edge Function of that name. A row is retried until it succeeds (at most hourly
  * once the backoff is long): a file that should be gone must not stay because Storage was down
  * for a day. Removing an object that is already gone is a success, and a done row is deleted.
  * last_error says why a row is still here.
  * In private, not public: only the function (service key) reads and writes it, through the RPCs
  * below, and the REST API exposes no table of private. No row-level security for the same
  * reason, as private.form_submissions.
 */
create table private.document_removals
(
    id              uuid primary key     default extensions.gen_random_uuid(),
    bucket_id       text        not null,
    object_name     text        not null,
    -- No foreign key: the application is gone by the time its row is read (or kept without its files).
    application_id  uuid        not null,
    status          public.job_status not null default 'queued',
    attempts        integer     not null default 0 check (attempts >= 0),
    next_attempt_at timestamptz not null default now(),
    locked_until    timestamptz,
    last_error      text check (char_length(last_error) <= 2000),
    created_at      timestamptz not null default now(),
    unique (bucket_id, object_name),
    constraint document_removals_lease_while_sending check ((status = 'sending') = (locked_until is not null))
);

comment on table private.document_removals is 'Objects of deleted applications, and of decided applications past their retention period, to remove through the Storage API (remove-documents, service key).';

-- The claim and the sweep: rows waiting for a try, in the claim's order (private.due_jobs).
create index document_removals_claimable_idx on private.document_removals ((private.job_due_at(status, locked_until, next_attempt_at)), id)
    where private.job_due_at(status, locked_until, next_attempt_at) is not null;

revoke all on table private.document_removals from public, anon, authenticated, service_role;
grant select, insert, update, delete on table private.document_removals to service_role;

-- Retried until done; a removed file's row is deleted.
insert into private.queues (name, job_table, max_attempts, keeps_done)
values ('remove-documents', 'private.document_removals', null, false);

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
  * Claims up to max_rows removals for one call of remove-documents (private.claim_jobs) and
  * answers what the call needs of each. For the service key only; the call reports with
  * public.complete_jobs('remove-documents', …). rpc('claim_document_removals', { max_rows, lease_seconds }).
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
declare
    claimed uuid[] := array(select private.claim_jobs('remove-documents', claim_document_removals.max_rows,
                                                      claim_document_removals.lease_seconds));
begin
    return query select r.id, r.bucket_id, r.object_name, r.attempts
                 from private.document_removals r
                 where r.id = any (claimed);
end;
$$;

revoke all on function public.claim_document_removals(integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.claim_document_removals(integer, integer) to service_role;
