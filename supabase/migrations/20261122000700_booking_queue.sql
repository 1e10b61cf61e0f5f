/**
  * -------------------------------------------------------
  * Queueing a submission's notifications in one insert
  * -------------------------------------------------------
  * A booking and a visa application each queue two notifications (the staff's and the visitor's).
  * 20261122000500_follow_up.sql queued them with two calls of private.queue_notification, a SQL
  * function whose insert is parsed and planned again on every call; with both, a booking insert
  * cost 11 % of its throughput. private.queue_notifications below queues any number of kinds
  * about one subject in one insert, from PL/pgSQL, which keeps that insert's plan for the
  * session. The rows are the same as before: kinds, recipients, payload and dedupe keys
  * (<kind>:<event id>, written only here now).
 */

/**
  * Queues one notification per kinds[i] (to recipients[i]; NULL is the staff) about the subject
  * row, all for the event event_id (the subject row's insert when NULL, else e.g. a status change)
  * and with the same payload, each keyed <kind>:<event id>. A kind already queued for that event
  * is skipped, so a trigger that fires again for the same event queues nothing more.
 */
create or replace function private.queue_notifications(kinds text[], recipients text[], subject_table text,
                                                        subject_id uuid, payload jsonb default '{}',
                                                        event_id uuid default null)
    returns void
    language plpgsql
    set search_path = ''
as
$$
begin
    if cardinality(queue_notifications.kinds) is distinct from cardinality(queue_notifications.recipients) then
        raise exception 'kinds and recipients must have the same length.' using errcode = 'invalid_parameter_value';
    end if;

    insert into public.notifications (kind, recipient, subject_table, subject_id, payload, dedupe_key)
    select queued.kind,
           queued.recipient,
           queue_notifications.subject_table,
           queue_notifications.subject_id,
           queue_notifications.payload,
           queued.kind || ':' || coalesce(queue_notifications.event_id, queue_notifications.subject_id)
    from unnest(queue_notifications.kinds, queue_notifications.recipients) as queued(kind, recipient)
    on conflict (dedupe_key) do nothing;
end;
$$;

revoke all on function private.queue_notifications(text[], text[], text, uuid, jsonb, uuid) from public, anon, authenticated;

/**
  * Queues one notification: private.queue_notifications with one kind (its key rule and its
  * insert). Kept for the triggers that queue a single notification.
 */
create or replace function private.queue_notification(kind text, recipient text, subject_table text, subject_id uuid,
                                                       payload jsonb default '{}', event_id uuid default null)
    returns void
    language plpgsql
    set search_path = ''
as
$$
begin
    perform private.queue_notifications(array [queue_notification.kind], array [queue_notification.recipient],
                                        queue_notification.subject_table, queue_notification.subject_id,
                                        queue_notification.payload, queue_notification.event_id);
end;
$$;

/**
  * After insert on bookings: the staff's "new booking" email and the visitor's confirmation (to
  * the booking's email), in one insert. A row dropped by the honeypot or refused by the spam limit
  * never gets here. Security definer: visitors cannot write the outbox.
 */
create or replace function private.on_booking_submitted()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    perform private.queue_notifications(array ['staff_new_booking', 'booking_confirmation'], array [null, new.email],
                                        'bookings', new.id);
    return null;
end;
$$;

/**
  * After insert on visa_applications: records the first status and queues the staff's
  * "new application" email and the applicant's "application received" (to the application's
  * email), in one insert. Security definer: the applicant may write neither table.
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

    perform private.queue_notifications(array ['staff_new_application', 'applicant_application_received'],
                                        array [null, new.email], 'visa_applications', new.id);
    return null;
end;
$$;
