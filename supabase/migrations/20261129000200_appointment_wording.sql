/**
  * -------------------------------------------------------
  * Bookings: staff say who asked for a cancellation
  * -------------------------------------------------------
  * A visitor who phones to cancel should read "As you asked, your consultation is cancelled", not
  * "we have had to cancel". Staff's cancel dialog asks who asked; change_booking takes it as
  * visitor_asked, and the visitor's email's payload carries asked_by = 'visitor' (the template
  * follows it). Only a cancellation takes it: any other change with it is refused (PT400).
 */

drop function public.change_booking(uuid, public.booking_change, date, time, text);
drop function private.staff_change_booking(uuid, public.booking_change, date, time, text);

create function private.staff_change_booking(booking_id uuid, change public.booking_change, new_date date,
                                             new_time time, note text, visitor_asked boolean)
    returns public.booking_events
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    booking public.bookings;
    event   public.booking_events;
begin
    perform private.require_admin(null, not_admin => 'Only administrators can change bookings.', on_self => '');
    if staff_change_booking.change is null then
        raise exception 'change must be confirmed, declined, moved or cancelled.' using errcode = 'PT400';
    end if;
    if staff_change_booking.visitor_asked and staff_change_booking.change <> 'cancelled' then
        raise exception 'Only a cancellation records that the visitor asked for it.' using errcode = 'PT400';
    end if;
    select b.* into booking from public.bookings b where b.id = staff_change_booking.booking_id for update;
    if not found then
        raise exception 'Booking not found.' using errcode = 'PT404';
    end if;
    event := private.apply_booking_change(booking, staff_change_booking.change, 'staff', staff_change_booking.new_date,
                                          staff_change_booking.new_time, staff_change_booking.note);
    -- The visitor's email was queued in this transaction under the event's key: it says who asked.
    if staff_change_booking.visitor_asked then
        update public.notifications n
        set payload = n.payload || jsonb_build_object('asked_by', 'visitor')
        where n.dedupe_key = 'booking_changed:' || event.id;
    end if;
    return event;
end;
$$;

revoke all on function private.staff_change_booking(uuid, public.booking_change, date, time, text, boolean) from public, anon, authenticated;
grant execute on function private.staff_change_booking(uuid, public.booking_change, date, time, text, boolean) to authenticated;

/**
  * Staff confirm, decline, move or cancel a booking: rpc('change_booking', { booking_id, change,
  * new_date, new_time, note, visitor_asked }), new_date and new_time for a move only, visitor_asked
  * (the visitor asked for the cancellation) for a cancellation only. Admins only (42501
  * otherwise); returns the recorded event. See private.apply_booking_change for what is allowed.
 */
create function public.change_booking(booking_id uuid, change public.booking_change, new_date date default null,
                                      new_time time default null, note text default null,
                                      visitor_asked boolean default false)
    returns public.booking_events
    language sql
    security invoker
    set search_path = ''
as
$$
select private.staff_change_booking(change_booking.booking_id, change_booking.change, change_booking.new_date,
                                    change_booking.new_time, change_booking.note,
                                    coalesce(change_booking.visitor_asked, false));
$$;

revoke all on function public.change_booking(uuid, public.booking_change, date, time, text, boolean) from public, anon, authenticated, service_role;
grant execute on function public.change_booking(uuid, public.booking_change, date, time, text, boolean) to authenticated;

/**
  * -------------------------------------------------------
  * Closed days: the bookings a closed day leaves stranded
  * -------------------------------------------------------
  * A day closed after bookings were made keeps them (staff move or cancel each, and the visitor
  * hears through that change's email). Staff's closed days list shows them under their day:
  * rpc('bookings_on_closed_days') → the bookings that still hold a place on a closed day from
  * Lagos's today on, in date and time order. Admins only (42501 otherwise).
 */
create function public.bookings_on_closed_days()
    returns setof public.bookings
    language plpgsql
    stable
    security definer
    set search_path = ''
as
$$
begin
    perform private.require_admin(null, not_admin => 'Only administrators can read bookings.', on_self => '');
    return query
        select b.*
        from public.bookings b
                 join public.closed_dates c on c.date = b.date
        where b.date >= private.consultancy_today(now())
          and private.booking_holds_place(b.status)
        order by b.date, b.time, b.id;
end;
$$;

revoke all on function public.bookings_on_closed_days() from public, anon, authenticated, service_role;
grant execute on function public.bookings_on_closed_days() to authenticated;
