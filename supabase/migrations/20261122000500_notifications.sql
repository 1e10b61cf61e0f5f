/**
  * -------------------------------------------------------
  * Notifications: the outbox of emails
  * -------------------------------------------------------
  * Storing a booking, a contact message, a visa application or a newsletter sign-up, changing an
  * application's status and staff's document actions queue the emails to send in
  * public.notifications, in the same transaction as the row itself (a transactional outbox): a row
  * is never stored without its notifications, and the unique dedupe_key makes "never notified
  * twice" a constraint. Every one is queued by private.queue_notification, called by the triggers
  * and RPCs of their tables' domains. The outbox is a job queue (20261122000450_job_queue.sql):
  * an Edge Function (supabase/functions/send-notifications, service key) claims rows with
  * claim_notifications, sends them and reports with complete_jobs; the database calls it through
  * pg_net when rows are queued, and the sweep every minute when rows are due.
  *
  * RPCs that need more rights than their caller has are security invoker functions in public
  * that call a security definer function in private; the private one checks its caller itself.
 */

/**
  * -------------------------------------------------------
  * Section - Notifications (the outbox)
  * -------------------------------------------------------
  * A row's life is the queue's (20261122000450_job_queue.sql), at most five tries; a sent row
  * stays, with sent_at. A `sent` row with sent_at NULL was completed without sending, last_error
  * saying why: its subject row was gone, a newsletter welcome whose address unsubscribed first, or
  * a confirmation whose address confirmed or unsubscribed first (20261122000800_newsletter.sql).
  * Deleting a subject row deletes its notifications (private.forget_notifications).
  *
  * The kinds, and the tables their subject rows live in, are enums, declared in the order the
  * admin reads them (staff's emails, then the applicant's, then the visitors'). Each kind's
  * subject table is private.notification_subject(kind), which the sender's templates repeat
  * (supabase/functions/send-notifications/emails/index.ts; tests/db/notification-kinds.test.ts
  * holds the two equal).
 */
create type public.notification_kind as enum (
    'staff_new_booking', 'staff_new_contact_message', 'staff_new_application', 'staff_documents_provided',
    'applicant_application_received', 'applicant_status_changed', 'applicant_document_needs_replacing',
    'applicant_documents_requested', 'booking_confirmation', 'newsletter_confirmation', 'newsletter_welcome',
    'booking_changed', 'staff_booking_changed', 'booking_reminder', 'staff_booking_ceiling');

create type public.notification_subject as enum ('bookings', 'contact_messages', 'visa_applications', 'newsletter_subscribers');

/** The table the subject row of a kind of notification lives in. */
create or replace function private.notification_subject(kind public.notification_kind)
    returns public.notification_subject
    language sql
    immutable
    set search_path = ''
as
$$
select case
           when notification_subject.kind::text in ('staff_new_booking', 'booking_confirmation', 'booking_changed',
                                                    'staff_booking_changed', 'booking_reminder',
                                                    'staff_booking_ceiling') then 'bookings'
           when notification_subject.kind::text = 'staff_new_contact_message' then 'contact_messages'
           when notification_subject.kind::text in ('newsletter_confirmation', 'newsletter_welcome') then 'newsletter_subscribers'
           else 'visa_applications'
           end::public.notification_subject;
$$;

revoke all on function private.notification_subject(public.notification_kind) from public, anon, authenticated;
-- The table's CHECK calls it as the writer: the sender's service key (and the triggers' owner).
grant execute on function private.notification_subject(public.notification_kind) to service_role;

create table public.notifications
(
    id              uuid primary key     default extensions.gen_random_uuid(),
    kind            public.notification_kind not null,
    -- NULL means the consultancy's staff: their addresses (content/site.json notifications.staff) are
    -- bundled into send-notifications when it is deployed, so a change of staff needs a deploy, and
    -- no change of queued rows.
    recipient       public.email_address,
    subject_table   public.notification_subject not null,
    subject_id      uuid        not null,
    -- What the email needs beyond the subject row, which the sender reads itself.
    payload         jsonb       not null default '{}' check (jsonb_typeof(payload) = 'object'),
    dedupe_key      text        not null unique,
    status          public.job_status not null default 'queued',
    attempts        integer     not null default 0 check (attempts >= 0),
    next_attempt_at timestamptz not null default now(),
    locked_until    timestamptz,
    last_error      text check (char_length(last_error) <= 2000),
    sent_at         timestamptz,
    created_at      timestamptz not null default now(),
    -- A lease exactly while sending: the queue finds due rows by one expression (private.job_due_at).
    constraint notifications_lease_while_sending check ((status = 'sending') = (locked_until is not null)),
    constraint notifications_subject_of_kind check (subject_table = private.notification_subject(kind)),
    constraint notifications_sent_at_when_sent check (sent_at is null or status = 'sent')
);

comment on table public.notifications is 'Transactional outbox: emails to send, queued by triggers in the transaction that stores their subject row.';
comment on column public.notifications.recipient is 'NULL for the consultancy''s staff (content/site.json notifications.staff, bundled into send-notifications when it is deployed).';
comment on column public.notifications.dedupe_key is '<kind>:<subject or status change id>; unique, so nothing is notified twice.';
comment on column public.notifications.sent_at is 'When it was sent; NULL on a sent row that was completed without sending (last_error says why).';

-- The admin dashboard shows each row's notifications; deleting a row deletes its notifications.
create index notifications_subject_idx on public.notifications (subject_table, subject_id);
-- The claim and the sweep: rows waiting for a try, in the claim's order (private.due_jobs).
create index notifications_claimable_idx on public.notifications ((private.job_due_at(status, locked_until, next_attempt_at)), id)
    where private.job_due_at(status, locked_until, next_attempt_at) is not null;
-- Failed rows stay for good (with their reason); counting them must not read every email ever sent.
create index notifications_failed_idx on public.notifications (id) where status = 'failed';

-- The outbox is a queue of send-notifications: five tries, and sent rows stay (the admin reads them).
insert into private.queues (name, job_table, max_attempts, keeps_done)
values ('send-notifications', 'public.notifications', 5, true);

/**
  * Claims up to max_rows notifications for one call of send-notifications (private.claim_jobs:
  * due rows, each with one more attempt and a lease of lease_seconds) and answers them whole.
  * For the service key only. The call reports with public.complete_jobs('send-notifications', …).
 */
create or replace function public.claim_notifications(max_rows integer default 20, lease_seconds integer default 60)
    returns setof public.notifications
    language plpgsql
    security invoker
    set search_path = ''
as
$$
declare
    claimed uuid[] := array(select private.claim_jobs('send-notifications', claim_notifications.max_rows,
                                                      claim_notifications.lease_seconds));
begin
    return query select n.* from public.notifications n where n.id = any (claimed);
end;
$$;

revoke all on function public.claim_notifications(integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.claim_notifications(integer, integer) to service_role;

/**
  * The one way a notification is queued: one of the event event_id (the subject row's insert when
  * NULL, else e.g. a status change), keyed <kind>:<event id>. A second one for the same event is
  * skipped, so a trigger that fires again for the same event queues nothing more. With
  * daily_cap, it is skipped too when recipient has had that many of this kind in the last 24 hours
  * (counted on the lower-cased address): the booking and newsletter confirmations, which anyone
  * can have sent to any address (20261122000700_lead_handling.sql, 20261122000800_newsletter.sql).
  * Concurrent ones to one address are serialised by their callers (the spam limit's lock). Every
  * trigger and RPC that emails calls it; the statement's trigger then calls the sender.
 */
create or replace function private.queue_notification(kind public.notification_kind, recipient text,
                                                       subject_table public.notification_subject, subject_id uuid,
                                                       payload jsonb default '{}', event_id uuid default null,
                                                       daily_cap integer default null)
    returns void
    language plpgsql
    set search_path = ''
as
$$
begin
    if queue_notification.daily_cap is not null
        and (select count(*)
             from public.notifications n
             where n.kind = queue_notification.kind
               and lower(n.recipient) = lower(queue_notification.recipient)
               and n.created_at > now() - interval '1 day') >= queue_notification.daily_cap then
        return;
    end if;
    insert into public.notifications (kind, recipient, subject_table, subject_id, payload, dedupe_key)
    values (queue_notification.kind, queue_notification.recipient, queue_notification.subject_table,
            queue_notification.subject_id, queue_notification.payload,
            queue_notification.kind || ':' || coalesce(queue_notification.event_id, queue_notification.subject_id))
    on conflict (dedupe_key) do nothing;
end;
$$;

revoke all on function private.queue_notification(public.notification_kind, text, public.notification_subject, uuid, jsonb, uuid, integer)
    from public, anon, authenticated;

-- The daily caps' count: one kind's emails to one address in the last day, from the index alone.
create index notifications_recipient_day_idx on public.notifications (kind, lower(recipient), created_at)
    where recipient is not null;

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
    delete from public.notifications where subject_table = tg_table_name::text::public.notification_subject and subject_id = old.id;
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

-- Staff see which emails were sent, are queued or failed.
create policy "Staff can read notifications" on public.notifications
    for select
    to authenticated
    using ((select private.is_staff()));

-- Queued rows call the sender (20261122000450_job_queue.sql).
create trigger notifications_call_sender
    after insert
    on public.notifications
    referencing new table as queued
    for each statement
execute function private.on_rows_queued('send-notifications');

/**
  * -------------------------------------------------------
  * Section - Links in the outbox
  * -------------------------------------------------------
  * An email that lets its reader act carries a link token in its payload (link_token): a booking's
  * link (20261122000720_bookings.sql), a newsletter confirmation's and the welcome's unsubscribe
  * link (20261122000800_newsletter.sql). Each is made by private.new_link_token, and the tables
  * store only private.link_token_hash of it, so no one reading them (an admin, a backup) can build
  * a working link. The outbox keeps the token only until the email is sent: once a row is sent (or
  * completed without sending), its payload loses link_token, so the outbox holds no live link of an
  * email already delivered. A failed row keeps it for an admin's retry.
 */

/** A new link token: 32 random bytes as 64 lower-case hex digits (LINK_TOKEN_PATTERN of common/link-token.ts). */
create or replace function private.new_link_token()
    returns text
    language sql
    volatile
    set search_path = ''
as
$$
select encode(extensions.gen_random_bytes(32), 'hex');
$$;

revoke all on function private.new_link_token() from public, anon, authenticated;

/**
  * What a table stores of a link token, and what a link is looked up by: its SHA-256. NULL for
  * anything not shaped like a token (LINK_TOKEN_PATTERN of common/link-token.ts), so a mistyped or
  * forged value matches no row and is never hashed.
 */
create or replace function private.link_token_hash(token text)
    returns bytea
    language sql
    immutable
    set search_path = ''
as
$$
select case when link_token_hash.token ~ '^[0-9a-f]{64}$' then sha256(convert_to(link_token_hash.token, 'UTF8')) end;
$$;

revoke all on function private.link_token_hash(text) from public, anon, authenticated;
create or replace function private.forget_sent_link_tokens()
    returns trigger
    language plpgsql
    set search_path = ''
as
$$
begin
    new.payload := new.payload - 'link_token';
    return new;
end;
$$;

revoke all on function private.forget_sent_link_tokens() from public, anon, authenticated;

create trigger notifications_forget_sent_link_tokens
    before update of status
    on public.notifications
    for each row
    when (new.status = 'sent' and new.payload ? 'link_token')
execute function private.forget_sent_link_tokens();

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
  *
  * Except a visitor's email about a booking that has changed since it was queued: it would tell
  * them what is no longer true (a time held, after the booking was cancelled). Its booking's
  * calendar sequence moved on, and a later email (already queued when the change was made) says
  * what is true now; the retry is refused with 409. An email whose payload carries no sequence (a
  * row queued without the booking's state) is refused only when it promises a held time the
  * booking no longer holds. The email about a cancellation stays true, and may be retried. (public.bookings and
  * private.booking_holds_place are 20261122000720_bookings.sql's; PL/pgSQL resolves them when it
  * runs.)
 */
create or replace function private.retry_notification(notification_id uuid)
    returns boolean
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    row public.notifications;
begin
    perform private.require_staff('Only staff can retry notifications.');

    select n.* into row from public.notifications n where n.id = retry_notification.notification_id and n.status = 'failed' for update;
    if not found then
        return false;
    end if;
    if row.kind::text in ('booking_confirmation', 'booking_changed', 'booking_reminder')
        and exists (select 1
                    from public.bookings b
                    where b.id = row.subject_id
                      and ((row.payload ? 'sequence' and b.calendar_sequence::text is distinct from row.payload ->> 'sequence')
                        or (not row.payload ? 'sequence' and row.kind::text in ('booking_confirmation', 'booking_reminder')
                            and not private.booking_holds_place(b.status)))) then
        raise exception 'This email is out of date: the booking has changed since, and a later email tells the visitor where it stands now.'
            using errcode = 'PT409';
    end if;

    update public.notifications
    set status          = 'queued',
        attempts        = 0,
        next_attempt_at = now()
    where id = row.id;
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
