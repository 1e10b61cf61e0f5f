/**
  * -------------------------------------------------------
  * A booking's life: staff confirm, decline, move or cancel it; the visitor cancels or reschedules it
  * -------------------------------------------------------
  * A booking is stored 'requested' and holds its place (public.booking_status, 20261122000720_bookings.sql). From there:
  *   - staff, in the admin, confirm it (requested → confirmed), decline it (requested → declined),
  *     move it to another date and time (→ confirmed: staff chose the time) or cancel it, each with
  *     an optional note the visitor reads;
  *   - the visitor, through the link in their emails, cancels it or reschedules it to another time
  *     (→ requested again: staff confirm the new time).
  * Every change is one call of private.apply_booking_change, which checks the change is allowed from the
  * booking's state, writes the booking, records the change in public.booking_events (the history)
  * and queues the visitor's email (and staff's, when the visitor made it) in the same transaction.
  * A move updates the booking's date and time, so whatever judges a slot on update judges it, and
  * voids the booking's links (20261122000720_bookings.sql, private.booking_links). Opening a link's
  * page reads the booking (public.booking_by_link); only its buttons change anything.
 */

create type public.booking_change as enum ('confirmed', 'declined', 'moved', 'cancelled');

comment on type public.booking_change is 'What happened to a booking: confirmed or declined by staff, moved (to another date and time) or cancelled by staff or the visitor.';

create type public.booking_changer as enum ('staff', 'visitor');

comment on type public.booking_changer is 'Who changed a booking: staff in the admin, or the visitor through the link in their email.';

/** The longest note a change may carry for the visitor, in characters: the one place it is set. */
create or replace function private.booking_note_max()
    returns integer
    language sql
    immutable
    set search_path = ''
as
$$
select 1000;
$$;

revoke all on function private.booking_note_max() from public, anon, authenticated;

/**
  * The changes allowed from a state, in the order of public.booking_change: confirming and
  * declining only a requested booking; moving and cancelling only one that holds its place. The
  * one rule private.apply_booking_change enforces (src/lib/appointments/ offers staff the same
  * buttons through common/bookings.ts, which tests/db/booking-rules.test.ts holds equal to this).
 */
create or replace function private.booking_changes_allowed(status public.booking_status)
    returns public.booking_change[]
    language sql
    immutable
    set search_path = ''
as
$$
select array(select change
             from unnest(enum_range(null::public.booking_change)) as change
             where case when change in ('confirmed', 'declined') then booking_changes_allowed.status = 'requested'
                        else private.booking_holds_place(booking_changes_allowed.status) end
             order by change);
$$;

revoke all on function private.booking_changes_allowed(public.booking_status) from public, anon, authenticated;

/**
  * -------------------------------------------------------
  * Section - The history
  * -------------------------------------------------------
 */
create table public.booking_events
(
    id         uuid primary key                 default extensions.gen_random_uuid(),
    booking_id uuid                    not null references public.bookings (id) on delete cascade,
    change     public.booking_change   not null,
    changed_by public.booking_changer  not null,
    -- The admin who made a staff change (NULL for the visitor's, or once that admin is deleted).
    staff_id   uuid references public.profiles (id) on delete set null,
    note       text check (char_length(note) between 1 and private.booking_note_max()),
    from_date  date                    not null,
    from_time  time                    not null,
    to_date    date                    not null,
    to_time    time                    not null,
    -- The booking's status after the change.
    status     public.booking_status   not null,
    created_at timestamptz             not null default now()
);

comment on table public.booking_events is 'Every change of a booking after it was made: who, what, the time before and after, the note. Written only by private.apply_booking_change.';

create index booking_events_booking_idx on public.booking_events (booking_id, created_at);
create index booking_events_staff_idx on public.booking_events (staff_id);

revoke all on table public.booking_events from anon, authenticated, service_role;
grant select on table public.booking_events to authenticated;
grant all on table public.booking_events to service_role;

alter table public.booking_events enable row level security;

-- Staff read every booking's history; nobody writes it but private.apply_booking_change.
create policy "Staff can read booking history" on public.booking_events
    for select
    to authenticated
    using ((select private.is_staff()));

/**
  * The booking a link token opens. A token that was never issued, was voided by a move, or is not
  * even a token answers 404; one whose appointment has begun answers 410. Locks the booking when
  * for_change, so a change and another change of the same booking run one after the other.
  * For a change the link is locked before its booking: a second change through the same link
  * waits for the first, then finds the link gone (a move deletes it) or the booking changed (a
  * cancellation), and is refused like any stale link. Reading the page locks nothing.
 */
create or replace function private.booking_of_link(token text, for_change boolean)
    returns public.bookings
    language plpgsql
    set search_path = ''
as
$$
declare
    link    private.booking_links;
    booking public.bookings;
begin
    if booking_of_link.for_change then
        select l.* into link
        from private.booking_links l
        where l.token_hash = private.link_token_hash(booking_of_link.token)
            for update;
    else
        select l.* into link
        from private.booking_links l
        where l.token_hash = private.link_token_hash(booking_of_link.token);
    end if;
    if not found then
        raise exception 'This link is not valid: it may be mistyped, or a newer email about your booking replaced it. Use the link in the latest email, or call us.'
            using errcode = 'PT404';
    end if;
    if link.expires_at <= now() then
        raise exception 'This link has expired: the appointment time has passed.' using errcode = 'PT410';
    end if;
    if booking_of_link.for_change then
        select b.* into booking from public.bookings b where b.id = link.booking_id for update;
    else
        select b.* into booking from public.bookings b where b.id = link.booking_id;
    end if;
    return booking;
end;
$$;

revoke all on function private.booking_of_link(text, boolean) from public, anon, authenticated;

/**
  * -------------------------------------------------------
  * Section - One change of a booking
  * -------------------------------------------------------
  * Which change is allowed from which state is private.booking_changes_allowed (409 otherwise):
  *   confirmed, declined: only a requested booking;
  *   moved, cancelled: only a booking that holds its place, requested or confirmed;
  *   a move needs a new date and time, not the current ones, not past in Lagos
  *   (private.refuse_past_booking_time: RF001/RF003);
  *   after a staff move the booking is confirmed, after the visitor's it is requested again.
  * A cancellation says who asked for it: the visitor (through their link, or staff for a visitor who
  * phoned: visitor_asked) or the consultancy; the email's payload carries asked_by = 'visitor' and the
  * template reads "As you asked" instead of "we have had to cancel". Only a cancellation takes
  * visitor_asked (PT400 otherwise).
  * A staff change also marks the booking handled by that admin (its status says what was done); the
  * visitor's marks it new again, so staff see it needs them. The visitor's email is never subject to
  * the daily share of first emails: each one answers something staff or the visitor did.
 */
create or replace function private.apply_booking_change(booking public.bookings, change public.booking_change,
                                                  changed_by public.booking_changer, new_date date default null,
                                                  new_time time default null, note text default null,
                                                  visitor_asked boolean default false)
    returns public.booking_events
    language plpgsql
    set search_path = ''
as
$$
declare
    clean_note text := nullif(btrim(apply_booking_change.note), '');
    old_booking public.bookings := apply_booking_change.booking;
    new_booking public.bookings;
    event      public.booking_events;
    token      text;
    payload    jsonb;
begin
    if char_length(clean_note) > private.booking_note_max() then
        raise exception 'The note is too long: at most % characters.', private.booking_note_max() using errcode = 'PT400', column = 'note';
    end if;
    if not apply_booking_change.change = any (private.booking_changes_allowed(old_booking.status)) then
        if apply_booking_change.change in ('confirmed', 'declined') then
            raise exception 'Only a requested booking can be %; this one is %.', apply_booking_change.change, old_booking.status
                using errcode = 'PT409';
        end if;
        raise exception 'This booking is % and can no longer be changed.', old_booking.status using errcode = 'PT409';
    end if;
    if apply_booking_change.visitor_asked and apply_booking_change.change <> 'cancelled' then
        raise exception 'Only a cancellation records that the visitor asked for it.' using errcode = 'PT400';
    end if;
    if apply_booking_change.change = 'moved' then
        if apply_booking_change.new_date is null or apply_booking_change.new_time is null then
            raise exception 'Choose the new date and time.' using errcode = 'PT400', column = 'date';
        end if;
        if apply_booking_change.new_date = old_booking.date and apply_booking_change.new_time = old_booking.time then
            raise exception 'That is the booking''s current date and time: choose another.' using errcode = 'PT400', column = 'time';
        end if;
        perform private.refuse_past_booking_time(apply_booking_change.new_date, apply_booking_change.new_time);
    end if;

    update public.bookings b
    set status            = case apply_booking_change.change
                                when 'moved' then case apply_booking_change.changed_by
                                                      when 'staff' then 'confirmed'::public.booking_status
                                                      else 'requested'::public.booking_status end
                                else apply_booking_change.change::text::public.booking_status end,
        date              = coalesce(apply_booking_change.new_date, b.date),
        time              = coalesce(apply_booking_change.new_time, b.time),
        time_chosen_at    = case when apply_booking_change.change = 'moved' then now() else b.time_chosen_at end,
        calendar_sequence = b.calendar_sequence + 1,
        handled_at        = case when apply_booking_change.changed_by = 'staff' then coalesce(b.handled_at, now()) end,
        handled_by        = case when apply_booking_change.changed_by = 'staff' then coalesce(b.handled_by, (select auth.uid())) end
    where b.id = old_booking.id
    returning b.* into new_booking;

    if apply_booking_change.change = 'moved' then
        delete from private.booking_links l where l.booking_id = new_booking.id;
    end if;

    insert into public.booking_events (booking_id, change, changed_by, staff_id, note, from_date, from_time, to_date,
                                       to_time, status)
    values (new_booking.id, apply_booking_change.change, apply_booking_change.changed_by,
            case when apply_booking_change.changed_by = 'staff' then (select auth.uid()) end, clean_note,
            old_booking.date, old_booking.time, new_booking.date, new_booking.time, new_booking.status)
    returning * into event;

    -- A booking still on gets a fresh link in its email; a declined or cancelled one has nothing left to change.
    if private.booking_holds_place(new_booking.status) then
        token := private.issue_booking_link(new_booking.id, new_booking.date, new_booking.time);
    end if;
    payload := private.booking_email_payload(new_booking, token) || jsonb_strip_nulls(jsonb_build_object(
            'change', event.change, 'changed_by', event.changed_by, 'note', event.note,
            'from_date', event.from_date, 'from_time', to_char(event.from_time, 'HH24:MI'),
            'asked_by', case when apply_booking_change.visitor_asked then 'visitor' end));
    perform private.queue_notification('booking_changed', new_booking.email, 'bookings', new_booking.id, payload, event.id);
    if apply_booking_change.changed_by = 'visitor' then
        perform private.queue_notification('staff_booking_changed', null, 'bookings', new_booking.id, payload - 'link_token', event.id);
    end if;
    return event;
end;
$$;

revoke all on function private.apply_booking_change(public.bookings, public.booking_change, public.booking_changer, date, time, text, boolean) from public, anon, authenticated;

/**
  * -------------------------------------------------------
  * Section - Staff change a booking (the admin)
  * -------------------------------------------------------
 */
create or replace function private.staff_change_booking(booking_id uuid, change public.booking_change, new_date date,
                                                        new_time time, note text, visitor_asked boolean)
    returns public.booking_events
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    booking public.bookings;
begin
    perform private.require_staff('Only staff can change bookings.');
    if staff_change_booking.change is null then
        raise exception 'change must be confirmed, declined, moved or cancelled.' using errcode = 'PT400';
    end if;
    select b.* into booking from public.bookings b where b.id = staff_change_booking.booking_id for update;
    if not found then
        raise exception 'Booking not found.' using errcode = 'PT404';
    end if;
    return private.apply_booking_change(booking, staff_change_booking.change, 'staff', staff_change_booking.new_date,
                                        staff_change_booking.new_time, staff_change_booking.note,
                                        coalesce(staff_change_booking.visitor_asked, false));
end;
$$;

revoke all on function private.staff_change_booking(uuid, public.booking_change, date, time, text, boolean) from public, anon, authenticated;
grant execute on function private.staff_change_booking(uuid, public.booking_change, date, time, text, boolean) to authenticated;

/**
  * Staff confirm, decline, move or cancel a booking: rpc('change_booking', { booking_id, change,
  * new_date, new_time, note, visitor_asked }), new_date and new_time for a move only, visitor_asked
  * (the visitor asked for the cancellation, by phone say) for a cancellation only. Admins only
  * (42501 otherwise); returns the recorded event. See private.apply_booking_change for what is allowed.
 */
create or replace function public.change_booking(booking_id uuid, change public.booking_change, new_date date default null,
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
  * Section - The bookings a closed day leaves stranded
  * -------------------------------------------------------
  * A day closed after bookings were made keeps them (staff move or cancel each, and the visitor
  * hears through that change's email). Staff's closed days list shows them under their day:
  * rpc('bookings_on_closed_days') → the bookings that still hold a place on a closed day from
  * Lagos's today on, in date and time order. Admins only (42501 otherwise). The reading is a
  * private security definer function (it needs Lagos's today, which is private); the exposed one
  * is security invoker, as every exposed function here.
 */
create or replace function private.bookings_on_closed_days()
    returns setof public.bookings
    language plpgsql
    stable
    security definer
    set search_path = ''
as
$$
begin
    perform private.require_staff('Only staff can read bookings.');
    return query
        select b.*
        from public.bookings b
                 join public.closed_dates c on c.date = b.date
        where b.date >= private.consultancy_today(now())
          and private.booking_holds_place(b.status)
        order by b.date, b.time, b.id;
end;
$$;

revoke all on function private.bookings_on_closed_days() from public, anon, authenticated;
grant execute on function private.bookings_on_closed_days() to authenticated;

create or replace function public.bookings_on_closed_days()
    returns setof public.bookings
    language sql
    stable
    security invoker
    set search_path = ''
as
$$
select * from private.bookings_on_closed_days();
$$;

revoke all on function public.bookings_on_closed_days() from public, anon, authenticated, service_role;
grant execute on function public.bookings_on_closed_days() to authenticated;

/**
  * -------------------------------------------------------
  * Section - The visitor changes their booking (the email's link)
  * -------------------------------------------------------
 */

/** What the link's page shows: never more than the visitor's own booking, and never its contact details. */
create or replace function private.booking_by_link(token text)
    returns jsonb
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    booking public.bookings := private.booking_of_link(booking_by_link.token, false);
begin
    return jsonb_build_object('full_name', booking.full_name, 'date', booking.date,
                              'time', to_char(booking.time, 'HH24:MI'), 'status', booking.status,
                              'can_change', private.booking_holds_place(booking.status));
end;
$$;

/** The visitor's change through a link: cancelled, or moved to new_date and new_time. */
create or replace function private.visitor_change_booking(token text, change public.booking_change, new_date date,
                                                          new_time time)
    returns jsonb
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    event public.booking_events;
begin
    if visitor_change_booking.change is null or visitor_change_booking.change not in ('cancelled', 'moved') then
        raise exception 'A visitor can cancel or reschedule a booking.' using errcode = 'PT400';
    end if;
    event := private.apply_booking_change(private.booking_of_link(visitor_change_booking.token, true), visitor_change_booking.change,
                                    'visitor', visitor_change_booking.new_date, visitor_change_booking.new_time);
    return jsonb_build_object('date', event.to_date, 'time', to_char(event.to_time, 'HH24:MI'), 'status', event.status);
end;
$$;

revoke all on function private.booking_by_link(text) from public, anon, authenticated;
revoke all on function private.visitor_change_booking(text, public.booking_change, date, time) from public, anon, authenticated;
grant execute on function private.booking_by_link(text) to anon, authenticated;
grant execute on function private.visitor_change_booking(text, public.booking_change, date, time) to anon, authenticated;

/**
  * The booking a link opens: rpc('booking_by_link', { token }) → { full_name, date, time, status,
  * can_change }. Changes nothing (a mail scanner opening the link spends nothing). 404 for a link
  * that is not (or no longer) valid, 410 once the appointment has begun.
 */
create or replace function public.booking_by_link(token text)
    returns jsonb
    language sql
    security invoker
    set search_path = ''
as
$$
select private.booking_by_link(booking_by_link.token);
$$;

/** The visitor cancels: rpc('cancel_booking_by_link', { token }) → { date, time, status }. 409 when already declined or cancelled. */
create or replace function public.cancel_booking_by_link(token text)
    returns jsonb
    language sql
    security invoker
    set search_path = ''
as
$$
select private.visitor_change_booking(cancel_booking_by_link.token, 'cancelled', null, null);
$$;

/**
  * The visitor reschedules: rpc('reschedule_booking_by_link', { token, new_date, new_time }) →
  * { date, time, status: 'requested' }. The link is void afterwards; the email about the new time
  * carries a new one.
 */
create or replace function public.reschedule_booking_by_link(token text, new_date date, new_time time)
    returns jsonb
    language sql
    security invoker
    set search_path = ''
as
$$
select private.visitor_change_booking(reschedule_booking_by_link.token, 'moved', reschedule_booking_by_link.new_date,
                                      reschedule_booking_by_link.new_time);
$$;

revoke all on function public.booking_by_link(text) from public, anon, authenticated, service_role;
revoke all on function public.cancel_booking_by_link(text) from public, anon, authenticated, service_role;
revoke all on function public.reschedule_booking_by_link(text, date, time) from public, anon, authenticated, service_role;
grant execute on function public.booking_by_link(text) to anon, authenticated;
grant execute on function public.cancel_booking_by_link(text) to anon, authenticated;
grant execute on function public.reschedule_booking_by_link(text, date, time) to anon, authenticated;
