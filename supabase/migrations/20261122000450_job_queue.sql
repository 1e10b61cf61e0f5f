/**
  * -------------------------------------------------------
  * The job queue: work that must be done outside the database, claimed, leased, retried
  * -------------------------------------------------------
  * Two jobs are done outside the database: sending emails (public.notifications,
  * 20261122000500_notifications.sql; every email of every kind, reminders included, is queued
  * there through private.queue_notification) and removing the files of deleted applications
  * from Storage (private.document_removals, 20261122000930_document_removals.sql). Each is
  * worked by an Edge Function (supabase/functions/send-notifications and remove-documents) that
  * claims due rows, does them and reports each one, in bounded batches.
  *
  * One queue, two tables. Each job keeps its own table, because a job's rows are what its readers
  * need (the admin reads each email's kind, subject, status and last error under row-level
  * security; a removal names an object), but every job table has the same queue columns
  * (status public.job_status, attempts, next_attempt_at, locked_until, last_error) and one set of
  * functions works them all, told which table by private.queues: the "due" rule
  * (private.job_due_at), the claim with its lease (private.claim_jobs), the backoff
  * (private.job_backoff), the completion (public.complete_jobs), the call of the job's function
  * (private.call_queue_function) and the sweep (private.sweep_queues). pgmq would be the
  * library for this, but neither the embedded database nor Debian has it, and its messages are
  * deleted or archived on completion, so the admin could not read a row's status and error.
  *
  * Life of a row: queued → sending (claimed by a call, with a lease: locked_until) → done, or
  * queued again with a later next_attempt_at after a failed try, or failed after its queue's last
  * try (with last_error). Done is `sent` (with sent_at) on a queue that keeps its done rows
  * (notifications, which the admin reads), and the row's deletion on one that does not (removals:
  * nothing is left to know about a file that is gone, and its name may be personal). A sending
  * row whose lease has passed belongs to a call that died: it is due again, so killing a call
  * mid-batch loses nothing (the job may then be done twice, never zero times), unless it has had
  * its last try: then the claim marks it failed. Each claim counts one attempt, and the function
  * reports with the attempt it claimed, so a report for a claim that is no longer current (a
  * later call reclaimed the row) is ignored.
 */

/**
  * -------------------------------------------------------
  * Section - The queues
  * -------------------------------------------------------
 */

-- The state of a job, in the order it goes through them (the admin sorts the emails so).
create type public.job_status as enum ('queued', 'sending', 'sent', 'failed');

-- The queues, each named for the Edge Function that works it (the name pg_net calls).
create type public.queue_name as enum ('send-notifications', 'remove-documents');

/**
  * Each queue's table and its rules, one row per public.queue_name, inserted by the migration
  * that creates the job's table. max_attempts NULL: retried until it succeeds (at most hourly once
  * the backoff is long), for a job that must not be abandoned (a file that should be gone).
 */
create table private.queues
(
    name         public.queue_name primary key,
    job_table    regclass not null unique,
    max_attempts integer check (max_attempts > 0),
    -- true: a done row stays, sent with its sent_at; false: it is deleted.
    keeps_done   boolean  not null
);

comment on table private.queues is 'Each job queue''s table and rules; the functions of 20261122000450_job_queue.sql work every table listed here.';

revoke all on table private.queues from public, anon, authenticated, service_role;
-- The claim and the completion run as their caller, the functions' service key.
grant select on table private.queues to service_role;

/**
  * -------------------------------------------------------
  * Section - Due, backoff, claim, completion
  * -------------------------------------------------------
 */

/**
  * The one "due" rule: when a job waits for a try. A queued row is due at next_attempt_at, a
  * sending row when its lease passes (its call died); a done or failed row never (NULL). Each job
  * table's claimable index is on this expression (and id), partial on it being set, so a claim or
  * a sweep reads the few rows it takes, however many rows the table keeps.
 */
create or replace function private.job_due_at(status public.job_status, locked_until timestamptz, next_attempt_at timestamptz)
    returns timestamptz
    language sql
    immutable
    set search_path = ''
as
$$
select case when job_due_at.status in ('queued', 'sending') then coalesce(job_due_at.locked_until, job_due_at.next_attempt_at) end;
$$;

revoke all on function private.job_due_at(public.job_status, timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function private.job_due_at(public.job_status, timestamptz, timestamptz) to service_role;

/**
  * The rows of job_table due now, oldest first, at most $1 of them: the select the claim locks and
  * the sweep probes. In the order of the claimable index, id breaking the tie of rows queued by one
  * statement (which share their time), so it reads the rows it takes instead of sorting every due
  * row (half a second each at 200,000 queued emails, on a connection everything else waits for:
  * docs/performance.md; tests/db/queue-claims.test.ts reads the plan).
 */
create or replace function private.due_jobs(job_table regclass)
    returns text
    language sql
    stable
    set search_path = ''
as
$$
select format('select j.id from %s j where private.job_due_at(j.status, j.locked_until, j.next_attempt_at) <= now() '
                  || 'order by private.job_due_at(j.status, j.locked_until, j.next_attempt_at), j.id limit $1',
              due_jobs.job_table);
$$;

revoke all on function private.due_jobs(regclass) from public, anon, authenticated;
grant execute on function private.due_jobs(regclass) to service_role;

/**
  * How long to wait before the next try after `attempts` tries failed: 30 s doubled per try
  * (1, 2, 4, 8 minutes...), at most an hour, so a server that is down briefly is not hammered
  * and one that is down for long is still retried.
 */
create or replace function private.job_backoff(attempts integer)
    returns interval
    language sql
    immutable
    set search_path = ''
as
$$
select least(power(2, least(job_backoff.attempts, 20)) * interval '30 seconds', interval '1 hour');
$$;

revoke all on function private.job_backoff(integer) from public, anon, authenticated;
grant execute on function private.job_backoff(integer) to service_role;

/**
  * Claims up to max_rows due rows of a queue for one call of its function, and answers their ids:
  * each becomes sending, with one more attempt and a lease of lease_seconds. `for update skip
  * locked` lets two calls claim at once without ever getting the same row. A sending row whose
  * lease passed after its queue's last try is not claimed again but marked failed, and is not
  * answered. Each job's claim RPC (public.claim_notifications, public.claim_document_removals)
  * calls this and answers the claimed rows as its function reads them.
 */
create or replace function private.claim_jobs(queue public.queue_name, max_rows integer, lease_seconds integer)
    returns setof uuid
    language plpgsql
    security invoker
    set search_path = ''
as
$$
declare
    job_table    regclass;
    max_attempts integer;
begin
    if claim_jobs.max_rows is null or claim_jobs.max_rows not between 1 and 1000
        or claim_jobs.lease_seconds is null or claim_jobs.lease_seconds not between 1 and 86400 then
        raise exception 'max_rows must be 1 to 1000 and lease_seconds 1 to 86400.' using errcode = 'invalid_parameter_value';
    end if;
    select q.job_table, coalesce(q.max_attempts, 2147483647)
    into job_table, max_attempts
    from private.queues q
    where q.name = claim_jobs.queue;

    return query execute format(
            $claim$
            with due as (%1$s for update skip locked),
                 given_up as (update %2$s j
                     set status       = 'failed',
                         locked_until = null,
                         last_error   = 'Its call stopped before reporting (the lease passed) on the last try.'
                     from due
                     where j.id = due.id
                       and j.status = 'sending'
                       and j.attempts >= $2)
            update %2$s j
            set status       = 'sending',
                attempts     = j.attempts + 1,
                locked_until = now() + make_interval(secs => $3)
            from due
            where j.id = due.id
              and not (j.status = 'sending' and j.attempts >= $2)
            returning j.id
            $claim$, private.due_jobs(job_table), job_table)
        using claim_jobs.max_rows, max_attempts, claim_jobs.lease_seconds;
end;
$$;

revoke all on function private.claim_jobs(public.queue_name, integer, integer) from public, anon, authenticated, service_role;
grant execute on function private.claim_jobs(public.queue_name, integer, integer) to service_role;

/**
  * Reports the tries of claimed rows of a queue, several in one call: one round trip for a group
  * instead of one per row. reports is a JSON array of {"id", "attempt", "error", "give_up",
  * "skipped"}, attempt being the row's attempts as the claim answered it: only the current claim
  * changes a row (a report for a row that is no longer sending, such as a second report, or for a
  * claim whose lease passed and that another call has made since, is ignored).
  *   - no error: done (sent with sent_at now, or deleted: private.queues.keeps_done);
  *   - skipped (the reason): there was nothing to do (an email whose subject is gone, or that no
  *     longer applies): done without doing it, sent with sent_at NULL and the reason in
  *     last_error (or deleted);
  *   - an error: queued again after private.job_backoff, or failed once it has had its queue's
  *     max_attempts, or at once with give_up (an email whose recipient the sender refuses can
  *     never be sent, and retrying it would only delay the record of why).
  * rpc('complete_jobs', { queue, reports }); for the service key only.
 */
create or replace function public.complete_jobs(queue public.queue_name, reports jsonb)
    returns void
    language plpgsql
    security invoker
    set search_path = ''
as
$$
declare
    settings private.queues%rowtype;
    -- The reports as rows, and the guard every statement below shares: the claim is current.
    claimed constant text := 'jsonb_to_recordset($1) as r(id uuid, attempt integer, error text, give_up boolean, skipped text) '
        || 'where j.id = r.id and j.status = ''sending'' and j.attempts = r.attempt';
begin
    select * into settings from private.queues q where q.name = complete_jobs.queue;

    if settings.keeps_done then
        execute format('update %s j set status = ''sent'', sent_at = case when r.skipped is null then now() end, locked_until = null, '
                           || 'last_error = coalesce(left(r.skipped, 2000), j.last_error) from %s and (r.error is null or r.skipped is not null)',
                       settings.job_table, claimed)
            using complete_jobs.reports;
    else
        execute format('delete from %s j using %s and (r.error is null or r.skipped is not null)', settings.job_table, claimed)
            using complete_jobs.reports;
    end if;

    execute format('update %s j set status = case when coalesce(r.give_up, false) or j.attempts >= $2 then ''failed'' else ''queued'' end::public.job_status, '
                       || 'next_attempt_at = case when coalesce(r.give_up, false) or j.attempts >= $2 then j.next_attempt_at '
                       || 'else now() + private.job_backoff(j.attempts) end, '
                       || 'locked_until = null, last_error = left(r.error, 2000) from %s and r.error is not null and r.skipped is null',
                   settings.job_table, claimed)
        using complete_jobs.reports, coalesce(settings.max_attempts, 2147483647);
end;
$$;

revoke all on function public.complete_jobs(public.queue_name, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.complete_jobs(public.queue_name, jsonb) to service_role;

/**
  * -------------------------------------------------------
  * Section - The queues call their Edge Functions
  * -------------------------------------------------------
  * The database asks a queue's function to run, as Supabase's Database Webhooks do, with pg_net:
  *   - when rows are queued, from a statement-level trigger on the job's table, once per
  *     transaction whatever the number of rows (a thousand queued rows are one call, which drains
  *     them in batches), and when an admin retries a failed email;
  *   - every minute, from a Supabase Cron job (pg_cron), when a queue has rows due (retries after
  *     their backoff, rows whose call was lost, rows of a call that died): the sweep.
  * pg_net sends the request after the transaction commits (a rolled-back submission calls
  * nothing) and never makes the transaction wait. The function's address and the key it accepts
  * come from Vault (project_url, queue_functions_key), set once per project (docs/deploy.md): a
  * migration is the same for every project. Without them the call is skipped with a warning and
  * the rows wait; the admin overview shows them waiting.
 */

/**
  * -------------------------------------------------------
  * Section - The extensions this needs
  * -------------------------------------------------------
  * Hosted projects have Vault; pg_net and pg_cron are enabled from Database → Extensions, or
  * here. Each is created only when its functions are missing (the embedded backend's stand-ins,
  * supabase/local/db/extension-stand-ins.sql, have the same ones): where the extension cannot be
  * created, the migration stops with PostgreSQL's message naming it.
 */
do
$$
    begin
        if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
            create extension if not exists pg_net with schema extensions;
        end if;
        if to_regprocedure('cron.schedule(text, text, text)') is null then
            create extension if not exists pg_cron;
        end if;
        if to_regclass('vault.decrypted_secrets') is null then
            create schema if not exists vault;
            create extension if not exists supabase_vault with schema vault;
        end if;
    end
$$;

/**
  * Supabase grants pg_net's request functions to anon and authenticated (they run as their
  * definer). Nothing here needs that: the triggers below call net.http_post as the owner of a
  * security definer function, so the API roles lose it. On hosted the grant is supabase_admin's,
  * which the postgres role that runs migrations cannot revoke (PostgreSQL answers "no privileges
  * could be revoked" and goes on); there neither role can reach the net schema through the API,
  * which exposes public alone, and no function of public calls it (docs/deploy.md says so).
  * Vault is the postgres role's only, on hosted as in the stand-in: the API roles get nothing.
 */
do
$$
    declare
        request_function regprocedure;
    begin
        for request_function in
            select p.oid::regprocedure from pg_proc p where p.pronamespace = 'net'::regnamespace and p.proname like 'http\_%'
            loop
                execute format('revoke execute on function %s from public, anon, authenticated', request_function);
            end loop;
    end
$$;

/**
  * -------------------------------------------------------
  * Section - Calling a queue's function
  * -------------------------------------------------------
 */

/**
  * Asks the Edge Function of a queue to run: one pg_net request, sent after this transaction
  * commits, to <project_url>/functions/v1/<function_name> with the key Vault holds, which the
  * function checks itself. At most one request per function per transaction: a call drains what
  * is due, so a second would only find its rows claimed. Returns the pg_net request id, or NULL
  * when no request was made (already requested, or Vault lacks the address or the key, which is
  * logged as a warning so that a submission never fails for it). pg_net waits up to 150 s for the
  * answer, a hosted Edge Function's wall-clock limit, so the call is never cut short from this end:
  * that covers the longest call, the claims of its first 3 s plus the last batch within its lease
  * (105 s for a batch of emails with the default SMTP timeout, 120 s for file removals), with a
  * margin. The answer (what the call did, or its error) is what net._http_response keeps and
  * docs/deploy.md's checks read. Whether hosted Edge Runtime would finish a call whose caller hung
  * up is not documented, so nothing relies on it.
 */
create or replace function private.call_queue_function(function_name public.queue_name)
    returns bigint
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    requested   text := 'queue_functions.' || replace(call_queue_function.function_name::text, '-', '_');
    project_url text;
    key         text;
begin
    if current_setting(requested, true) = 'yes' then
        return null;
    end if;

    select max(s.decrypted_secret) filter (where s.name = 'project_url'),
           max(s.decrypted_secret) filter (where s.name = 'queue_functions_key')
    into project_url, key
    from vault.decrypted_secrets s
    where s.name in ('project_url', 'queue_functions_key');
    if coalesce(project_url, '') = '' or coalesce(key, '') = '' then
        raise warning 'Vault has no project_url or queue_functions_key, so % was not called; its rows wait (docs/deploy.md).',
            call_queue_function.function_name;
        return null;
    end if;

    perform set_config(requested, 'yes', true);
    return net.http_post(
            url := rtrim(project_url, '/') || '/functions/v1/' || call_queue_function.function_name::text,
            body := '{}'::jsonb,
            headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || key, 'apikey', key),
            timeout_milliseconds := 150000);
end;
$$;

revoke all on function private.call_queue_function(public.queue_name) from public, anon, authenticated;
-- The functions ask for a follow-up call when they stop with rows still due (public.call_queue_function).
grant execute on function private.call_queue_function(public.queue_name) to service_role;

/**
  * A queue's function asks to be called again: rpc('call_queue_function', { function_name }) with
  * the service key, when a call stopped at its batch limit with rows still due. The request goes
  * through pg_net like any other, so the next call starts when this one has answered.
 */
create or replace function public.call_queue_function(function_name public.queue_name)
    returns bigint
    language sql
    security invoker
    set search_path = ''
as
$$
select private.call_queue_function(call_queue_function.function_name);
$$;

revoke all on function public.call_queue_function(public.queue_name) from public, anon, authenticated, service_role;
grant execute on function public.call_queue_function(public.queue_name) to service_role;

/**
  * After insert, for each statement, on a job table: calls the queue's function (its name is
  * the trigger's argument) when the statement queued a row. A statement that queued nothing (a
  * duplicate skipped by `on conflict do nothing`) calls nothing.
 */
create or replace function private.on_rows_queued()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    if exists (select 1 from queued) then
        perform private.call_queue_function(tg_argv[0]::public.queue_name);
    end if;
    return null;
end;
$$;

revoke all on function private.on_rows_queued() from public, anon, authenticated;

/**
  * -------------------------------------------------------
  * Section - The sweep, every minute (Supabase Cron)
  * -------------------------------------------------------
  * Calls each queue's function when the queue has a row due: a retry whose backoff has passed, a
  * row whose call was lost (pg_net gave up, the function was down, Vault was empty), a row whose
  * call died (its lease passed). An idle queue costs one index probe a minute and no call.
 */
create or replace function private.sweep_queues()
    returns void
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    queue private.queues%rowtype;
    due   boolean;
begin
    for queue in select * from private.queues q order by q.name
        loop
            execute format('select exists (%s)', private.due_jobs(queue.job_table)) into due using 1;
            if due then
                perform private.call_queue_function(queue.name);
            end if;
        end loop;
end;
$$;

revoke all on function private.sweep_queues() from public, anon, authenticated;

-- pg_cron replaces a job of the same name, so applying this again changes nothing.
select cron.schedule('sweep-queues', '* * * * *', 'select private.sweep_queues()');
