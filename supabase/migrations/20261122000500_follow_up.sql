/**
  * -------------------------------------------------------
  * Follow-up: what happens after a submission
  * -------------------------------------------------------
  * Storing a booking, a contact message, a visa application or a newsletter sign-up, and changing
  * an application's status, queue the emails to send in public.notifications, in the same
  * transaction as the row itself (a transactional outbox): a row is never stored without its
  * notifications, and the unique dedupe_key makes "never notified twice" a constraint. A worker
  * (workers/notifications/, service key) claims rows with claim_notifications, sends them and
  * reports with complete_notification. Also here: the application timeline (status changes and
  * internal notes), the handled state of leads, newsletter unsubscribe and the admin dashboard's
  * counts.
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
  * row whose lease (locked_until) has passed belongs to a worker that died; it is claimable again,
  * so killing a worker mid-send loses nothing (the email may then go out twice, never zero times),
  * unless it has had its last try: then the claim marks it failed. Each claim counts one attempt,
  * and a worker reports with the attempt it claimed, so a report for a claim that is no longer
  * current (a later worker reclaimed the row) is ignored.
  * A `sent` row with sent_at NULL was completed without sending: a newsletter welcome whose
  * address unsubscribed first (Section - Newsletter: welcome and unsubscribe). Deleting a subject
  * row deletes its notifications (private.forget_notifications).
 */
create table public.notifications
(
    id              uuid primary key     default extensions.gen_random_uuid(),
    kind            text        not null check (kind in ('staff_new_booking', 'staff_new_contact_message',
                                                         'staff_new_application', 'applicant_application_received',
                                                         'applicant_status_changed', 'booking_confirmation',
                                                         'newsletter_welcome')),
    -- NULL means the consultancy's staff: the worker reads their addresses from content/site.json
    -- (notifications.staff) when it sends, so a change of staff needs no change of queued rows.
    recipient       public.email_address,
    subject_table   text        not null check (subject_table in ('bookings', 'contact_messages', 'visa_applications',
                                                                  'newsletter_subscribers')),
    subject_id      uuid        not null,
    -- What the email needs beyond the subject row, which the worker reads itself.
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
comment on column public.notifications.recipient is 'NULL for the consultancy''s staff (resolved by the worker from content/site.json notifications.staff).';
comment on column public.notifications.dedupe_key is '<kind>:<subject or status change id>; unique, so nothing is notified twice.';
comment on column public.notifications.sent_at is 'When it was sent; NULL on a sent row that was completed without sending (unsubscribed first).';

-- The admin dashboard shows each row's notifications; deleting a row deletes its notifications.
create index notifications_subject_idx on public.notifications (subject_table, subject_id);
-- The claim: rows waiting for a try (queued and due, or sending with a lapsed lease), oldest first.
create index notifications_claimable_idx on public.notifications ((coalesce(locked_until, next_attempt_at)))
    where status in ('queued', 'sending');

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
-- complete_notification runs as its caller, the worker.
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
  * Claims up to max_rows notifications for one worker: queued rows that are due, and sending rows
  * whose lease has passed (their worker died). Each becomes sending, with one more attempt and a
  * lease of lease_seconds. `for update skip locked` lets two workers claim at once without ever
  * getting the same row. For the service key only (the worker); rows go oldest first. A sending
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
                     last_error   = 'The worker stopped while sending it (its lease passed) on the last try.'
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
  * private.notification_max_attempts() tries. claimed_attempt is the row's attempts as the claim
  * returned it: only the current claim changes the row (a report for a row that is no longer
  * sending, such as a second report, or for a claim whose lease passed and that another worker
  * has made since, is ignored). For the service key only.
 */
create or replace function public.complete_notification(notification_id uuid, claimed_attempt integer, error text default null)
    returns void
    language plpgsql
    security invoker
    set search_path = ''
as
$$
begin
    if complete_notification.error is null then
        update public.notifications
        set status       = 'sent',
            sent_at      = now(),
            locked_until = null
        where id = complete_notification.notification_id
          and status = 'sending'
          and attempts = complete_notification.claimed_attempt;
    else
        update public.notifications n
        set status          = case when n.attempts >= private.notification_max_attempts() then 'failed' else 'queued' end,
            next_attempt_at = case
                                  when n.attempts >= private.notification_max_attempts() then n.next_attempt_at
                                  else now() + private.notification_backoff(n.attempts) end,
            locked_until    = null,
            last_error      = left(complete_notification.error, 2000)
        where n.id = complete_notification.notification_id
          and n.status = 'sending'
          and n.attempts = complete_notification.claimed_attempt;
    end if;
end;
$$;

revoke all on function public.complete_notification(uuid, integer, text) from public, anon, authenticated, service_role;
grant execute on function public.complete_notification(uuid, integer, text) to service_role;

/**
  * Puts a failed notification back in the queue with a fresh set of tries: for an admin's
  * "retry" in /admin. Security definer because admins have no UPDATE on the outbox; it checks the
  * caller with the admin guard. Returns true when the row was failed and is queued now, false
  * when there was no such failed row (an unknown id, or a second click).
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
    return found;
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
  * Queues one notification of the event event_id (the subject row's insert when NULL, else e.g. a
  * status change), keyed <kind>:<event id>. A second one for the same event is skipped, so a
  * trigger that fires again for the same event queues nothing more. Called by the trigger
  * functions below.
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
  * forgotten). A worker sending one at that moment finds nothing to complete.
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
  * whether each row's emails went out) and retry through retry_notification; only the worker
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
  * Section - Application timeline: status changes
  * -------------------------------------------------------
  * Every status an application takes, from its first (from_status NULL) on insert, written only
  * by the triggers below. changed_by is the signed-in user who made the change (the applicant on
  * submission, the admin afterwards), NULL for the service key or SQL.
 */
create table public.application_status_changes
(
    id             uuid primary key     default extensions.gen_random_uuid(),
    application_id uuid        not null references public.visa_applications (id) on delete cascade,
    from_status    text,
    to_status      text        not null,
    changed_by     uuid references public.profiles (id) on delete set null,
    changed_at     timestamptz not null default now()
);

comment on table public.application_status_changes is 'The timeline of each visa application: every status change, from, to, when and by whom.';

create index application_status_changes_application_idx on public.application_status_changes (application_id, changed_at);
create index application_status_changes_changed_by_idx on public.application_status_changes (changed_by);

/**
  * The signed-in user's profile id, or NULL when there is no user or no profile (a foreign key
  * to profiles must never make a status change fail).
 */
create or replace function private.acting_profile()
    returns uuid
    language sql
    stable
    security definer
    set search_path = ''
as
$$
select id
from public.profiles
where id = (select auth.uid());
$$;

revoke all on function private.acting_profile() from public, anon, authenticated;

/**
  * After insert on visa_applications: records the first status and queues the staff's
  * "new application" email and the applicant's "application received" (to the application's
  * email). Security definer: the applicant may write neither table.
 */
create or replace function private.on_application_submitted()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    insert into public.application_status_changes (application_id, from_status, to_status, changed_by)
    values (new.id, null, new.status, private.acting_profile());

    perform private.queue_notification('staff_new_application', null, 'visa_applications', new.id);
    perform private.queue_notification('applicant_application_received', new.email, 'visa_applications', new.id);
    return null;
end;
$$;

revoke all on function private.on_application_submitted() from public, anon, authenticated;

create trigger visa_applications_follow_up
    after insert
    on public.visa_applications
    for each row
execute function private.on_application_submitted();

create trigger visa_applications_forget_notifications
    after delete
    on public.visa_applications
    for each row
execute function private.forget_notifications();

/**
  * After a status change of a visa application (a real change: setting the same status again
  * records nothing): records it and, when the application moves to in_review, approved or
  * rejected, queues the applicant's "status changed" email, keyed by the change so it goes once.
 */
create or replace function private.on_application_status_changed()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    change_id uuid;
begin
    insert into public.application_status_changes (application_id, from_status, to_status, changed_by)
    values (new.id, old.status, new.status, private.acting_profile())
    returning id into change_id;

    if new.status in ('in_review', 'approved', 'rejected') then
        perform private.queue_notification('applicant_status_changed', new.email, 'visa_applications', new.id,
                                           jsonb_build_object('from_status', old.status, 'to_status', new.status,
                                                              'status_change_id', change_id),
                                           event_id => change_id);
    end if;
    return null;
end;
$$;

revoke all on function private.on_application_status_changed() from public, anon, authenticated;

create trigger visa_applications_status_changed
    after update of status
    on public.visa_applications
    for each row
    when (old.status is distinct from new.status)
execute function private.on_application_status_changed();

-- Read only: the history is written by the triggers (as their owner) and never rewritten.
revoke all on table public.application_status_changes from anon, authenticated, service_role;
grant select on table public.application_status_changes to authenticated, service_role;

alter table public.application_status_changes enable row level security;

-- An applicant sees the timeline of their own applications (on /profile); admins see every one.
create policy "Applicants and admins can read status changes" on public.application_status_changes
    for select
    to authenticated
    using ((select private.is_admin())
        or application_id in (select a.id from public.visa_applications a where a.user_id = (select auth.uid())));

/**
  * -------------------------------------------------------
  * Section - Application timeline: internal notes
  * -------------------------------------------------------
  * Staff's notes on an application, shown in the admin's dialog and never to the applicant.
 */
create table public.application_notes
(
    id             uuid primary key     default extensions.gen_random_uuid(),
    application_id uuid        not null references public.visa_applications (id) on delete cascade,
    -- Filled from the JWT (no API role may write it); kept as NULL when the author's account goes.
    author_id      uuid                 default auth.uid() references public.profiles (id) on delete set null,
    body           text        not null check (body = btrim(body) and char_length(body) between 1 and 2000),
    created_at     timestamptz not null default now()
);

comment on table public.application_notes is 'Internal notes of staff on a visa application; never shown to the applicant.';
comment on column public.application_notes.body is 'Trimmed (the dashboard trims before sending), 1 to 2000 characters.';

create index application_notes_application_idx on public.application_notes (application_id, created_at);
create index application_notes_author_idx on public.application_notes (author_id);

revoke all on table public.application_notes from anon, authenticated, service_role;
grant select on table public.application_notes to authenticated;
grant insert (application_id, body) on table public.application_notes to authenticated;
grant all on table public.application_notes to service_role;

alter table public.application_notes enable row level security;

-- Admins read the notes of every application.
create policy "Admins can read application notes" on public.application_notes
    for select
    to authenticated
    using ((select private.is_admin()));

-- Admins add notes in their own name.
create policy "Admins can add application notes" on public.application_notes
    for insert
    to authenticated
    with check ((select private.is_admin()) and author_id = (select auth.uid()));

/**
  * -------------------------------------------------------
  * Section - Leads: bookings and contact messages
  * -------------------------------------------------------
  * Each new one tells the staff (and the visitor who booked); staff then mark it handled from
  * /admin. Handled state is written only by set_lead_handled, which records who did it, so
  * handled_by cannot name anyone but the admin who clicked.
 */
alter table public.bookings
    add column handled_at timestamptz,
    add column handled_by uuid references public.profiles (id) on delete set null;
alter table public.contact_messages
    add column handled_at timestamptz,
    add column handled_by uuid references public.profiles (id) on delete set null;

comment on column public.bookings.handled_at is 'When staff marked the booking handled (NULL: new); set by public.set_lead_handled.';
comment on column public.contact_messages.handled_at is 'When staff marked the message handled (NULL: new); set by public.set_lead_handled.';

-- The dashboard counts and lists what is new.
create index bookings_new_idx on public.bookings (date) where handled_at is null;
create index contact_messages_new_idx on public.contact_messages (created_at desc) where handled_at is null;
create index bookings_handled_by_idx on public.bookings (handled_by);
create index contact_messages_handled_by_idx on public.contact_messages (handled_by);

/**
  * After insert on bookings: the staff's "new booking" email and the visitor's confirmation (to
  * the booking's email). A row dropped by the honeypot or refused by the spam limit never gets
  * here. Security definer: visitors cannot write the outbox.
 */
create or replace function private.on_booking_submitted()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    perform private.queue_notification('staff_new_booking', null, 'bookings', new.id);
    perform private.queue_notification('booking_confirmation', new.email, 'bookings', new.id);
    return null;
end;
$$;

revoke all on function private.on_booking_submitted() from public, anon, authenticated;

create trigger bookings_follow_up
    after insert
    on public.bookings
    for each row
execute function private.on_booking_submitted();

create trigger bookings_forget_notifications
    after delete
    on public.bookings
    for each row
execute function private.forget_notifications();

/**
  * After insert on contact_messages: the staff's "new contact message" email.
 */
create or replace function private.on_contact_message_submitted()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    perform private.queue_notification('staff_new_contact_message', null, 'contact_messages', new.id);
    return null;
end;
$$;

revoke all on function private.on_contact_message_submitted() from public, anon, authenticated;

create trigger contact_messages_follow_up
    after insert
    on public.contact_messages
    for each row
execute function private.on_contact_message_submitted();

create trigger contact_messages_forget_notifications
    after delete
    on public.contact_messages
    for each row
execute function private.forget_notifications();

/**
  * Marks a booking or contact message handled by the calling admin, or new again. Security
  * definer because no API role may write handled_at/handled_by; it checks the caller with the
  * admin guard. Marking a handled lead handled again keeps who handled it first.
 */
create or replace function private.set_lead_handled(lead_table text, lead_id uuid, handled boolean)
    returns void
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    handler uuid := case when set_lead_handled.handled then (select auth.uid()) end;
    changed integer;
begin
    perform private.require_admin(null, not_admin => 'Only administrators can mark leads handled.', on_self => '');

    if set_lead_handled.handled is null then
        raise exception 'handled must be true or false.' using errcode = 'invalid_parameter_value';
    end if;

    -- The table name is checked against the two lead tables before it is put into the statement.
    if set_lead_handled.lead_table is null or set_lead_handled.lead_table not in ('bookings', 'contact_messages') then
        raise exception 'lead_table must be bookings or contact_messages.' using errcode = 'invalid_parameter_value';
    end if;

    execute format('update public.%I
                    set handled_at = case when $2 is null then null else coalesce(handled_at, now()) end,
                        handled_by = case when $2 is null then null else coalesce(handled_by, $2) end
                    where id = $1', set_lead_handled.lead_table)
        using set_lead_handled.lead_id, handler;

    -- EXECUTE leaves FOUND alone; the row count says whether the lead exists.
    get diagnostics changed = row_count;
    if changed = 0 then
        raise exception 'Lead not found.' using errcode = 'PT404';
    end if;
end;
$$;

revoke all on function private.set_lead_handled(text, uuid, boolean) from public, anon, authenticated;
grant execute on function private.set_lead_handled(text, uuid, boolean) to authenticated;

/**
  * Marks a lead handled (handled true) or new (false): rpc('set_lead_handled', { lead_table,
  * lead_id, handled }) with lead_table 'bookings' or 'contact_messages'. Admins only (42501
  * otherwise); an unknown table raises 22023 (HTTP 400), an unknown id PT404 (HTTP 404).
 */
create or replace function public.set_lead_handled(lead_table text, lead_id uuid, handled boolean)
    returns void
    language sql
    security invoker
    set search_path = ''
as
$$
select private.set_lead_handled(set_lead_handled.lead_table, set_lead_handled.lead_id, set_lead_handled.handled);
$$;

revoke all on function public.set_lead_handled(text, uuid, boolean) from public, anon, authenticated, service_role;
grant execute on function public.set_lead_handled(text, uuid, boolean) to authenticated;

/**
  * -------------------------------------------------------
  * Section - Newsletter: welcome and unsubscribe
  * -------------------------------------------------------
  * Each new address gets a welcome with a one-click unsubscribe link carrying its
  * unsubscribe_token. Unsubscribing keeps the row (stamped unsubscribed_at), so the address can
  * be told apart from one that never subscribed, and cancels a welcome not sent yet. Subscribing
  * again with an unsubscribed address clears unsubscribed_at and sends no second welcome: the
  * person has been welcomed once already.
 */
alter table public.newsletter_subscribers
    add column unsubscribe_token uuid not null default extensions.gen_random_uuid() unique,
    add column unsubscribed_at   timestamptz;

comment on column public.newsletter_subscribers.unsubscribe_token is 'The secret of the one-click unsubscribe link (public.unsubscribe_newsletter).';
comment on column public.newsletter_subscribers.unsubscribed_at is 'When the address unsubscribed (NULL: subscribed); it gets no newsletter email after that.';

/**
  * After insert on newsletter_subscribers (a new address; a known one adds no row): its welcome.
 */
create or replace function private.on_newsletter_subscribed()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    perform private.queue_notification('newsletter_welcome', new.email, 'newsletter_subscribers', new.id);
    return null;
end;
$$;

revoke all on function private.on_newsletter_subscribed() from public, anon, authenticated;

create trigger newsletter_subscribers_follow_up
    after insert
    on public.newsletter_subscribers
    for each row
execute function private.on_newsletter_subscribed();

create trigger newsletter_subscribers_forget_notifications
    after delete
    on public.newsletter_subscribers
    for each row
execute function private.forget_notifications();

/**
  * Before insert on newsletter_subscribers: an address that unsubscribed and signs up again is
  * subscribed again (unsubscribed_at cleared) instead of inserted, so it gets no second welcome.
  * Its trigger name sorts after the spam limit's, so the repeated sign-up is still counted.
 */
create or replace function private.resubscribe_newsletter()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    update public.newsletter_subscribers
    set unsubscribed_at = null
    where lower(email) = lower(new.email)
      and unsubscribed_at is not null;
    if found then
        return null;
    end if;
    return new;
end;
$$;

revoke all on function private.resubscribe_newsletter() from public, anon, authenticated;

create trigger newsletter_subscribers_welcome_back
    before insert
    on public.newsletter_subscribers
    for each row
execute function private.resubscribe_newsletter();

/**
  * Unsubscribes the address whose unsubscribe_token is token and completes its welcome if that
  * was not sent yet (status sent, sent_at NULL: completed without sending). Idempotent: a second
  * call keeps the first unsubscribed_at. Returns whether a subscriber has that token. Security
  * definer because visitors can neither read nor write the table; the token is the credential.
  * The worker also checks unsubscribed_at before sending a welcome it had already claimed.
 */
create or replace function private.unsubscribe_newsletter(token uuid)
    returns boolean
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    subscriber uuid;
begin
    update public.newsletter_subscribers
    set unsubscribed_at = coalesce(unsubscribed_at, now())
    where unsubscribe_token = unsubscribe_newsletter.token
    returning id into subscriber;

    if subscriber is null then
        return false;
    end if;

    update public.notifications
    set status       = 'sent',
        sent_at      = null,
        locked_until = null,
        last_error   = 'Not sent: the address unsubscribed first.'
    where subject_table = 'newsletter_subscribers'
      and subject_id = subscriber
      and kind = 'newsletter_welcome'
      and status in ('queued', 'failed');
    return true;
end;
$$;

revoke all on function private.unsubscribe_newsletter(uuid) from public, anon, authenticated;
-- Anonymous visitors unsubscribe from the link in the email; the function is their only way in
-- (their usage of schema private is granted in 20261122000300_public_forms.sql).
grant execute on function private.unsubscribe_newsletter(uuid) to anon, authenticated, service_role;

/**
  * Unsubscribes by the token of an unsubscribe link: rpc('unsubscribe_newsletter', { token }).
  * For anyone (the link works without signing in); true when the token is known, false otherwise.
 */
create or replace function public.unsubscribe_newsletter(token uuid)
    returns boolean
    language sql
    security invoker
    set search_path = ''
as
$$
select private.unsubscribe_newsletter(unsubscribe_newsletter.token);
$$;

revoke all on function public.unsubscribe_newsletter(uuid) from public, anon, authenticated, service_role;
grant execute on function public.unsubscribe_newsletter(uuid) to anon, authenticated, service_role;

/**
  * -------------------------------------------------------
  * Section - Admin dashboard counts
  * -------------------------------------------------------
 */

/**
  * What is waiting, for the dashboard's first screen: applications still submitted, contact
  * messages not handled, and bookings for today and after today, where today is the day in Lagos
  * (the consultancy's time zone), not the server's. Security definer so the four counts cost one
  * round trip without four policy checks; it checks the caller with the admin guard.
 */
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
            'bookings_upcoming', (select count(*) from public.bookings where date > today));
end;
$$;

revoke all on function private.admin_overview() from public, anon, authenticated;
grant execute on function private.admin_overview() to authenticated;

/**
  * The dashboard's counts: rpc('admin_overview') gives { new_applications, new_messages,
  * bookings_today, bookings_upcoming }. Admins only (42501 otherwise).
 */
create or replace function public.admin_overview()
    returns jsonb
    language sql
    stable
    security invoker
    set search_path = ''
as
$$
select private.admin_overview();
$$;

revoke all on function public.admin_overview() from public, anon, authenticated, service_role;
grant execute on function public.admin_overview() to authenticated;
