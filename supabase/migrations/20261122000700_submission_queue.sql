/**
  * -------------------------------------------------------
  * A booking's and an application's notifications, queued by their trigger in one insert
  * -------------------------------------------------------
  * A booking and a visa application each queue two notifications (the staff's and the visitor's).
  * 20261122000500_follow_up.sql queued them with two calls of private.queue_notification; queued
  * through function calls, the trigger cost a booking insert 11 to 18 % of its throughput (npm run
  * bench:api). Measured on PGlite with its data on disk, as npm start runs it, with a
  * commit per insert as the REST API makes them: a booking insert cost 979 µs of CPU without the
  * trigger; queueing both rows through one call of a helper taking arrays cost 505 µs more, and
  * inserting them from the trigger function itself, in one statement, 341 µs more. The
  * notifications table's indexes and checks cost nothing that could be measured.
  * So the two submission triggers insert their rows themselves. The rows are the same as before:
  * kinds, recipients, payload (the column's default) and dedupe keys. The key is written
  * <kind>:<subject id> here as in private.queue_notification, which the triggers queueing a
  * single notification still call: a helper function for the key would be called per row
  * (Supabase's linter wants its search_path set, which stops the planner from inlining it) and
  * give back most of the gain, so the rule is spelled out, and tests/db/notifications.test.ts
  * asserts the keys of both.
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
