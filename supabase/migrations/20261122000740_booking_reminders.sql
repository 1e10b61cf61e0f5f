/**
  * -------------------------------------------------------
  * Reminders the day before, queued by Supabase Cron
  * -------------------------------------------------------
  * Follows 20261122000720_bookings.sql: a reminder carries the booking as the other emails
  * about it do (private.booking_email_payload) and a fresh link (private.issue_booking_link).
 */

/**
  * Every 15 minutes, each booking that holds its place and starts within the next 24 hours gets one
  * reminder, with a fresh link. Its event id is derived from the booking and its date and time, so
  * the dedupe key (booking_reminder:<event id>) carries the time: the same time is reminded once,
  * a booking moved after its reminder is reminded of its new time. A time chosen less than 24 hours
  * before it starts (booked or moved late) gets none: its own email, a few hours old, is the reminder.
  * Links expired for a day are deleted here too.
 */

/** The reminder's event id for a booking at a date and time: the same inputs, the same id. */
create or replace function private.booking_reminder_event(booking_id uuid, on_date date, at_time time)
    returns uuid
    language sql
    immutable
    set search_path = ''
as
$$
select md5(booking_reminder_event.booking_id::text || ' ' || booking_reminder_event.on_date || ' ' || booking_reminder_event.at_time)::uuid;
$$;

revoke all on function private.booking_reminder_event(uuid, date, time) from public, anon, authenticated;

/** Queues the reminders that are due; returns how many. */
create or replace function private.queue_booking_reminders()
    returns integer
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    today   date := private.consultancy_today(now());
    booking public.bookings;
    queued  integer := 0;
begin
    for booking in
        select b.*
        from public.bookings b
        where b.date between today and today + 1
          and private.booking_holds_place(b.status)
          and private.booking_starts_at(b.date, b.time) between now() and now() + interval '24 hours'
          and b.time_chosen_at <= private.booking_starts_at(b.date, b.time) - interval '24 hours'
          and not exists (select 1
                          from public.notifications n
                          where n.dedupe_key = 'booking_reminder:' || private.booking_reminder_event(b.id, b.date, b.time))
        loop
            perform private.queue_notification('booking_reminder', booking.email, 'bookings', booking.id,
                                               private.booking_email_payload(booking,
                                                                             private.issue_booking_link(booking.id, booking.date, booking.time)),
                                               private.booking_reminder_event(booking.id, booking.date, booking.time));
            queued := queued + 1;
        end loop;
    delete from private.booking_links where expires_at < now() - interval '1 day';
    return queued;
end;
$$;

revoke all on function private.queue_booking_reminders() from public, anon, authenticated;

-- pg_cron replaces a job of the same name, so applying this again changes nothing.
select cron.schedule('queue-booking-reminders', '*/15 * * * *', 'select private.queue_booking_reminders()');
