/**
  * -------------------------------------------------------
  * Notifications: the outbox of emails, and the calls that get them sent
  * -------------------------------------------------------
  * Storing a booking, a contact message, a visa application or a newsletter sign-up, changing an
  * application's status and staff's document actions queue the emails to send in
  * public.notifications, in the same transaction as the row itself (a transactional outbox): a row
  * is never stored without its notifications, and the unique dedupe_key makes "never notified
  * twice" a constraint. The triggers that queue them are with their tables' domains. An Edge
  * Function (supabase/functions/send-notifications, service key) claims rows with
  * claim_notifications, sends them and reports with complete_notification(s); the database calls
  * it through pg_net when rows are queued, and a Cron job every minute when rows are due
  * (Section - The queues call their Edge Functions).
  *
  * RPCs that need more rights than their caller has are security invoker functions in public
  * that call a security definer function in private; the private one checks its caller itself.
 */

/**
  * -------------------------------------------------------
  * Section - Notifications (the outbox)
  * -------------------------------------------------------
  * Life of a row: queued → sending (claimed, with a lease) → sent, or back to queued with a later
  * next_attempt_at after a failed try, or failed after the last try (with last_error). A sending
  * row whose lease (locked_until) has passed belongs to a call of send-notifications that died; it is
  * claimable again, so killing a call mid-send loses nothing (the email may then go out twice, never zero times),
  * unless it has had its last try: then the claim marks it failed. Each claim counts one attempt,
  * and the sender reports with the attempt it claimed, so a report for a claim that is no longer
  * current (a later call reclaimed the row) is ignored.
  * A `sent` row with sent_at NULL was completed without sending, last_error saying why: its subject
  * row was gone, a newsletter welcome whose address unsubscribed first, or a confirmation whose
  * address confirmed or unsubscribed first (20261122000800_newsletter.sql). Deleting a subject row deletes its notifications
  * (private.forget_notifications).
 */
create table public.notifications
(
    id              uuid primary key     default extensions.gen_random_uuid(),
    kind            text        not null check (kind in ('staff_new_booking', 'staff_new_contact_message',
                                                         'staff_new_application', 'applicant_application_received',
                                                         'applicant_status_changed', 'booking_confirmation',
                                                         'newsletter_confirmation', 'newsletter_welcome',
                                                         'applicant_document_needs_replacing',
                                                         'applicant_documents_requested',
                                                         'staff_documents_provided')),
    -- NULL means the consultancy's staff: their addresses (content/site.json notifications.staff) are
    -- bundled into send-notifications when it is deployed, so a change of staff needs a deploy, and
    -- no change of queued rows.
    recipient       public.email_address,
    subject_table   text        not null check (subject_table in ('bookings', 'contact_messages', 'visa_applications',
                                                                  'newsletter_subscribers')),
    subject_id      uuid        not null,
    -- What the email needs beyond the subject row, which the sender reads itself.
    payload         jsonb       not null default '{}' check (jsonb_typeof(payload) = 'object'),
    dedupe_key      text        not null unique,
    status          text        not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed')),
    attempts        integer     not null default 0 check (attempts >= 0),
    next_attempt_at timestamptz not null default now(),
    locked_until    timestamptz,
    last_error      text check (char_length(last_error) <= 2000),
    sent_at         timestamptz,
    created_at      timestamptz not null default now(),
    -- A lease exactly while sending: claim_notifications finds due rows by one expression.
    constraint notifications_lease_while_sending check ((status = 'sending') = (locked_until is not null)),
    constraint notifications_sent_at_when_sent check (sent_at is null or status = 'sent')
);

comment on table public.notifications is 'Transactional outbox: emails to send, queued by triggers in the transaction that stores their subject row.';
comment on column public.notifications.recipient is 'NULL for the consultancy''s staff (content/site.json notifications.staff, bundled into send-notifications when it is deployed).';
comment on column public.notifications.dedupe_key is '<kind>:<subject or status change id>; unique, so nothing is notified twice.';
comment on column public.notifications.sent_at is 'When it was sent; NULL on a sent row that was completed without sending (last_error says why).';

-- The admin dashboard shows each row's notifications; deleting a row deletes its notifications.
create index notifications_subject_idx on public.notifications (subject_table, subject_id);
-- The claim: rows waiting for a try (queued and due, or sending with a lapsed lease), oldest first,
-- in the claim's own order: id breaks the tie of rows queued by one statement, which share their
-- time, so a claim reads its 25 rows instead of sorting every due row (half a second each at
-- 200,000 queued emails, on a connection everything else waits for: docs/performance.md).
create index notifications_claimable_idx on public.notifications ((coalesce(locked_until, next_attempt_at)), id)
    where status in ('queued', 'sending');
-- Failed rows stay for good (with their reason); counting them must not read every email ever sent.
create index notifications_failed_idx on public.notifications (id) where status = 'failed';

/**
  * The one place that sets how many tries a notification gets before it is marked failed.
 */
create or replace function private.notification_max_attempts()
    returns integer
    language sql
    immutable
    set search_path = ''
as
$$
select 5;
$$;

revoke all on function private.notification_max_attempts() from public, anon, authenticated;
-- complete_notification runs as its caller, send-notifications (service key).
grant execute on function private.notification_max_attempts() to service_role;

/**
  * How long to wait before the next try after `attempts` tries failed: 30 s doubled per try
  * (1, 2, 4, 8 minutes...), at most an hour, so a mail server that is down briefly is not hammered
  * and one that is down for long is still retried.
 */
create or replace function private.notification_backoff(attempts integer)
    returns interval
    language sql
    immutable
    set search_path = ''
as
$$
select least(power(2, least(notification_backoff.attempts, 20)) * interval '30 seconds', interval '1 hour');
$$;

revoke all on function private.notification_backoff(integer) from public, anon, authenticated;
grant execute on function private.notification_backoff(integer) to service_role;

/**
  * Claims up to max_rows notifications for one call of send-notifications: queued rows that are due, and sending rows
  * whose lease has passed (the call that claimed them died). Each becomes sending, with one more attempt and a
  * lease of lease_seconds. `for update skip locked` lets two calls claim at once without ever
  * getting the same row. For the service key only (send-notifications); rows go oldest first. A sending
  * row whose lease passed after its last try (private.notification_max_attempts()) is not
  * claimed again but marked failed, and is not returned.
 */
create or replace function public.claim_notifications(max_rows integer default 20, lease_seconds integer default 60)
    returns setof public.notifications
    language plpgsql
    security invoker
    set search_path = ''
as
$$
begin
    if claim_notifications.max_rows is null or claim_notifications.max_rows not between 1 and 1000
        or claim_notifications.lease_seconds is null or claim_notifications.lease_seconds not between 1 and 86400 then
        raise exception 'max_rows must be 1 to 1000 and lease_seconds 1 to 86400.' using errcode = 'invalid_parameter_value';
    end if;

    return query
        with due as (select n.id
                     from public.notifications n
                     where n.status in ('queued', 'sending')
                       and coalesce(n.locked_until, n.next_attempt_at) <= now()
                     order by coalesce(n.locked_until, n.next_attempt_at), n.id
                     limit claim_notifications.max_rows for update skip locked),
             given_up as (update public.notifications n
                 set status       = 'failed',
                     locked_until = null,
                     last_error   = 'The sender stopped while sending it (its lease passed) on the last try.'
                 from due
                 where n.id = due.id
                   and n.status = 'sending'
                   and n.attempts >= private.notification_max_attempts())
            update public.notifications n
                set status = 'sending',
                    attempts = n.attempts + 1,
                    locked_until = now() + make_interval(secs => claim_notifications.lease_seconds)
                from due
                where n.id = due.id
                  and not (n.status = 'sending' and n.attempts >= private.notification_max_attempts())
                returning n.*;
end;
$$;

revoke all on function public.claim_notifications(integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.claim_notifications(integer, integer) to service_role;

/**
  * Reports a try of a claimed notification: without error it is sent; with an error it is queued
  * again after private.notification_backoff, or marked failed once it has had
  * private.notification_max_attempts() tries, or at once with give_up: a notification whose
  * recipient the sender refuses (not exactly one mailbox, as the mail library reads it) can never
  * be sent, and retrying it would only delay the record of why. claimed_attempt is the row's
  * attempts as the claim returned it: only the current claim changes the row (a report for a row
  * that is no longer sending, such as a second report, or for a claim whose lease passed and that
  * another call has made since, is ignored). With skipped (the reason), the row had nothing to
  * send (its subject is gone, or a newsletter email no longer applies): it is completed as sent
  * with sent_at NULL, the reason in last_error. For the service key only.
 */
create or replace function public.complete_notification(notification_id uuid, claimed_attempt integer, error text default null,
                                                        give_up boolean default false, skipped text default null)
    returns void
    language plpgsql
    security invoker
    set search_path = ''
as
$$
begin
    if complete_notification.skipped is not null then
        update public.notifications
        set status       = 'sent',
            sent_at      = null,
            locked_until = null,
            last_error   = left(complete_notification.skipped, 2000)
        where id = complete_notification.notification_id
          and status = 'sending'
          and attempts = complete_notification.claimed_attempt;
    elsif complete_notification.error is null then
        update public.notifications
        set status       = 'sent',
            sent_at      = now(),
            locked_until = null
        where id = complete_notification.notification_id
          and status = 'sending'
          and attempts = complete_notification.claimed_attempt;
    else
        update public.notifications n
        set status          = case
                                  when complete_notification.give_up or n.attempts >= private.notification_max_attempts()
                                      then 'failed'
                                  else 'queued' end,
            next_attempt_at = case
                                  when complete_notification.give_up or n.attempts >= private.notification_max_attempts()
                                      then n.next_attempt_at
                                  else now() + private.notification_backoff(n.attempts) end,
            locked_until    = null,
            last_error      = left(complete_notification.error, 2000)
        where n.id = complete_notification.notification_id
          and n.status = 'sending'
          and n.attempts = complete_notification.claimed_attempt;
    end if;
end;
$$;

revoke all on function public.complete_notification(uuid, integer, text, boolean, text) from public, anon, authenticated, service_role;
grant execute on function public.complete_notification(uuid, integer, text, boolean, text) to service_role;

/**
  * -------------------------------------------------------
  * Section - Reporting a batch in one call
  * -------------------------------------------------------
  * The sender reports the outcomes of its sends as they finish, several in one request: one round
  * trip for a group instead of one per row. Each report is handled exactly as
  * complete_notification handles it (same rules, same guard on the claimed attempt). reports is a
  * JSON array of {"id", "attempt", "error", "give_up", "skipped"}. (public.complete_document_removals does
  * the same for the removals of documents.)
 */
create or replace function public.complete_notifications(reports jsonb)
    returns void
    language sql
    security invoker
    set search_path = ''
as
$$
select public.complete_notification(r.id, r.attempt, r.error, coalesce(r.give_up, false), r.skipped)
from jsonb_to_recordset(complete_notifications.reports) as r(id uuid, attempt integer, error text, give_up boolean, skipped text);
$$;

revoke all on function public.complete_notifications(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.complete_notifications(jsonb) to service_role;

/**
  * Queues one notification of the event event_id (the subject row's insert when NULL, else e.g. a
  * status change), keyed <kind>:<event id>. A second one for the same event is skipped, so a
  * trigger that fires again for the same event queues nothing more. Called by the triggers and
  * RPCs that queue a single notification.
 */
create or replace function private.queue_notification(kind text, recipient text, subject_table text, subject_id uuid,
                                                       payload jsonb default '{}', event_id uuid default null)
    returns void
    language sql
    set search_path = ''
as
$$
insert into public.notifications (kind, recipient, subject_table, subject_id, payload, dedupe_key)
values (queue_notification.kind, queue_notification.recipient, queue_notification.subject_table,
        queue_notification.subject_id, queue_notification.payload,
        queue_notification.kind || ':' || coalesce(queue_notification.event_id, queue_notification.subject_id))
on conflict (dedupe_key) do nothing;
$$;

revoke all on function private.queue_notification(text, text, text, uuid, jsonb, uuid) from public, anon, authenticated;

/**
  * After delete on a subject table: removes the notifications of the deleted row, sent or not.
  * An email about a row that is gone cannot be written, and its recipient's address must not
  * outlive the row (deleting a subscriber or a lead is how staff honour a request to be
  * forgotten). A call sending one at that moment finds nothing to complete.
 */
create or replace function private.forget_notifications()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    delete from public.notifications where subject_table = tg_table_name and subject_id = old.id;
    return null;
end;
$$;

revoke all on function private.forget_notifications() from public, anon, authenticated;

/**
  * -------------------------------------------------------
  * Section - Notifications: privileges and row-level security
  * -------------------------------------------------------
  * Visitors and users neither read nor write the outbox. Admins read it (the dashboard shows
  * whether each row's emails went out) and retry through retry_notification; only send-notifications
  * (service key) claims and completes.
 */
revoke all on table public.notifications from anon, authenticated, service_role;
grant select on table public.notifications to authenticated;
grant all on table public.notifications to service_role;

alter table public.notifications enable row level security;

-- Admins see which emails were sent, are queued or failed.
create policy "Admins can read notifications" on public.notifications
    for select
    to authenticated
    using ((select private.is_admin()));

/**
  * -------------------------------------------------------
  * Section - The queues call their Edge Functions
  * -------------------------------------------------------
  * Two queues hold work that must be done outside the database: public.notifications (emails to
  * send) and private.document_removals (files of deleted applications to remove from Storage,
  * 20261122000900_documents.sql). Each is worked by an Edge Function (supabase/functions/
  * send-notifications and remove-documents) that claims due rows, does them and reports each one,
  * in bounded batches. The database asks a function to run, as Supabase's Database Webhooks do,
  * with pg_net:
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
  * logged as a warning so that a submission never fails for it). pg_net waits up to 150 s for the
  * answer, a hosted Edge Function's wall-clock limit, so the call is never cut short from this end:
  * that covers the longest call, the claims of its first 3 s plus the last batch within its lease
  * (105 s for a batch of emails with the default SMTP timeout, 120 s for file removals), with a
  * margin. The answer (what the call did, or its error) is what net._http_response keeps and
  * docs/deploy.md's checks read. Whether hosted Edge Runtime would finish a call whose caller hung
  * up is not documented, so nothing relies on it.
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
            timeout_milliseconds := 150000);
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

/**
  * -------------------------------------------------------
  * Section - An admin's retry
  * -------------------------------------------------------
 */

/**
  * Puts a failed notification back in the queue with a fresh set of tries, for an admin's
  * "retry" in /admin, and calls the sender, so the email goes out now rather than at the next
  * sweep. Security definer because admins have no UPDATE on the outbox; it checks the caller with
  * the admin guard. Returns true when the row was failed and is queued now, false when there was
  * no such failed row (an unknown id, or a second click).
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

revoke all on function private.retry_notification(uuid) from public, anon, authenticated;
grant execute on function private.retry_notification(uuid) to authenticated;

/**
  * Retries a failed notification: rpc('retry_notification', { notification_id }). Admins only
  * (SQLSTATE 42501 otherwise); see private.retry_notification.
 */
create or replace function public.retry_notification(notification_id uuid)
    returns boolean
    language sql
    security invoker
    set search_path = ''
as
$$
select private.retry_notification(retry_notification.notification_id);
$$;

revoke all on function public.retry_notification(uuid) from public, anon, authenticated, service_role;
grant execute on function public.retry_notification(uuid) to authenticated;

/**
  * -------------------------------------------------------
  * Section - The sweep, every minute (Supabase Cron)
  * -------------------------------------------------------
  * Calls each queue's function when the queue has a row due: a retry whose backoff has passed, a
  * row whose call was lost (pg_net gave up, the function was down, Vault was empty), a row whose
  * call died (its lease passed). An idle queue costs one index probe a minute and no call. (The
  * removals' queue, private.document_removals, is created with the documents; this function only
  * reads it when it runs.)
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
