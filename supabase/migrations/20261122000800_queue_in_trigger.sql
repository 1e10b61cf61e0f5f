/**
  * -------------------------------------------------------
  * A booking's and an application's notifications, queued by their trigger itself
  * -------------------------------------------------------
  * 20261122000700_booking_queue.sql queued a submission's two notifications with one call of
  * private.queue_notifications. Measured on PGlite with its data on disk, as npm start runs it,
  * with a commit per insert as the REST API makes them: a booking insert cost 979 µs of CPU
  * without the trigger and 505 µs more with it; the same two rows inserted by the trigger
  * function itself cost 341 µs more. The call, its two arrays and the unnest were a third of the
  * trigger's cost; the notifications table's indexes and checks were none of it that could be
  * measured. So the two submission triggers insert their rows themselves, in one statement each.
  * The rows are the same as before: kinds, recipients, payload and dedupe keys. The key is
  * written <kind>:<subject id> here as in private.queue_notifications: a helper function for it
  * would be called per row (Supabase's linter wants its search_path set, which stops the
  * planner from inlining it) and give back most of the gain, so the rule is spelled out, and
  * tests/db/notifications.test.ts asserts the keys of both.
 */

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
    insert into public.notifications (kind, recipient, subject_table, subject_id, dedupe_key)
    values ('staff_new_booking', null, 'bookings', new.id, 'staff_new_booking:' || new.id),
           ('booking_confirmation', new.email, 'bookings', new.id, 'booking_confirmation:' || new.id)
    on conflict (dedupe_key) do nothing;
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

    insert into public.notifications (kind, recipient, subject_table, subject_id, dedupe_key)
    values ('staff_new_application', null, 'visa_applications', new.id,
            'staff_new_application:' || new.id),
           ('applicant_application_received', new.email, 'visa_applications', new.id,
            'applicant_application_received:' || new.id)
    on conflict (dedupe_key) do nothing;
    return null;
end;
$$;
