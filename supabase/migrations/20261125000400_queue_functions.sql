/**
  * -------------------------------------------------------
  * The queues call their Edge Functions
  * -------------------------------------------------------
  * Two queues hold work that must be done outside the database: public.notifications (emails to
  * send) and private.document_removals (files of deleted applications to remove from Storage).
  * Each is worked by an Edge Function (supabase/functions/send-notifications and
  * remove-documents) that claims due rows, does them and reports each one, in bounded batches.
  * The database asks a function to run, as Supabase's Database Webhooks do, with pg_net:
  *   - when rows are queued, from a statement-level trigger, once per transaction whatever the
  *     number of rows (a thousand queued rows are one call, which drains them in batches), and
  *     when an admin retries a failed email;
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
  * logged as a warning so that a submission never fails for it). The timeout is pg_net's default:
  * each call does a bounded batch and answers within it.
 */
create or replace function private.call_queue_function(function_name text)
    returns bigint
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    requested   text := 'queue_functions.' || replace(call_queue_function.function_name, '-', '_');
    project_url text;
    key         text;
begin
    if call_queue_function.function_name not in ('send-notifications', 'remove-documents') then
        raise exception 'No queue function is named %.', call_queue_function.function_name
            using errcode = 'invalid_parameter_value';
    end if;
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
            url := rtrim(project_url, '/') || '/functions/v1/' || call_queue_function.function_name,
            body := '{}'::jsonb,
            headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || key, 'apikey', key),
            timeout_milliseconds := 5000);
end;
$$;

revoke all on function private.call_queue_function(text) from public, anon, authenticated;
-- The functions ask for a follow-up call when they stop with rows still due (public.call_queue_function).
grant execute on function private.call_queue_function(text) to service_role;

/**
  * A queue's function asks to be called again: rpc('call_queue_function', { function_name }) with
  * the service key, when a call stopped at its batch limit with rows still due. The request goes
  * through pg_net like any other, so the next call starts when this one has answered.
 */
create or replace function public.call_queue_function(function_name text)
    returns bigint
    language sql
    security invoker
    set search_path = ''
as
$$
select private.call_queue_function(call_queue_function.function_name);
$$;

revoke all on function public.call_queue_function(text) from public, anon, authenticated, service_role;
grant execute on function public.call_queue_function(text) to service_role;

/**
  * After insert, for each statement, on a queue table: calls the queue's function (its name is
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
        perform private.call_queue_function(tg_argv[0]);
    end if;
    return null;
end;
$$;

revoke all on function private.on_rows_queued() from public, anon, authenticated;

create trigger notifications_call_sender
    after insert
    on public.notifications
    referencing new table as queued
    for each statement
execute function private.on_rows_queued('send-notifications');

create trigger document_removals_call_remover
    after insert
    on private.document_removals
    referencing new table as queued
    for each statement
execute function private.on_rows_queued('remove-documents');

/**
  * An admin's Retry puts a failed notification back in the queue (as before) and calls the
  * sender, so the email goes out now rather than at the next sweep.
 */
create or replace function private.retry_notification(notification_id uuid)
    returns boolean
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    perform private.require_admin(null, not_admin => 'Only administrators can retry notifications.', on_self => '');

    update public.notifications
    set status          = 'queued',
        attempts        = 0,
        next_attempt_at = now()
    where id = retry_notification.notification_id
      and status = 'failed';
    if not found then
        return false;
    end if;
    perform private.call_queue_function('send-notifications');
    return true;
end;
$$;

/**
  * -------------------------------------------------------
  * Section - Reporting a batch in one call
  * -------------------------------------------------------
  * A function reports the outcomes of its sends as they finish, several in one request: one round
  * trip for a group instead of one per row. Each report is handled exactly as the single
  * complete_notification / complete_document_removal handles it (same rules, same guard on the
  * claimed attempt). reports is a JSON array of {"id", "attempt", "error", "give_up"}.
 */
create or replace function public.complete_notifications(reports jsonb)
    returns void
    language sql
    security invoker
    set search_path = ''
as
$$
select public.complete_notification(r.id, r.attempt, r.error, coalesce(r.give_up, false))
from jsonb_to_recordset(complete_notifications.reports) as r(id uuid, attempt integer, error text, give_up boolean);
$$;

revoke all on function public.complete_notifications(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.complete_notifications(jsonb) to service_role;

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
begin
    if exists (select 1
               from public.notifications n
               where n.status in ('queued', 'sending')
                 and coalesce(n.locked_until, n.next_attempt_at) <= now()) then
        perform private.call_queue_function('send-notifications');
    end if;
    if exists (select 1 from private.document_removals r where coalesce(r.locked_until, r.next_attempt_at) <= now()) then
        perform private.call_queue_function('remove-documents');
    end if;
end;
$$;

revoke all on function private.sweep_queues() from public, anon, authenticated;

-- pg_cron replaces a job of the same name, so applying this again changes nothing.
select cron.schedule('sweep-queues', '* * * * *', 'select private.sweep_queues()');

/**
  * -------------------------------------------------------
  * Section - Admin dashboard counts, with the queues' health
  * -------------------------------------------------------
  * With no worker process to watch, the dashboard says whether the queues move: emails failed
  * (each row shows its reason and Retry), emails and file removals waiting, and since when the
  * oldest of each has waited (NULL when none waits). An oldest wait of more than a few minutes
  * means the functions are not being called or are failing (docs/deploy.md, Checking).
 */
-- Failed rows stay for good (with their reason); counting them must not read every email ever sent.
create index notifications_failed_idx on public.notifications (id) where status = 'failed';

create or replace function private.admin_overview()
    returns jsonb
    language plpgsql
    stable
    security definer
    set search_path = ''
as
$$
declare
    today date := (now() at time zone 'Africa/Lagos')::date;
begin
    perform private.require_admin(null, not_admin => 'Only administrators can see the overview.', on_self => '');

    return jsonb_build_object(
            'new_applications', (select count(*) from public.visa_applications where status = 'submitted'),
            'new_messages', (select count(*) from public.contact_messages where handled_at is null),
            'bookings_today', (select count(*) from public.bookings where date = today),
            'bookings_upcoming', (select count(*) from public.bookings where date > today),
            'emails_failed', (select count(*) from public.notifications where status = 'failed'),
            'emails_waiting', (select count(*) from public.notifications where status in ('queued', 'sending')),
            'oldest_email_waiting_since',
            (select min(created_at) from public.notifications where status in ('queued', 'sending')),
            'removals_waiting', (select count(*) from private.document_removals),
            'oldest_removal_waiting_since', (select min(created_at) from private.document_removals));
end;
$$;
