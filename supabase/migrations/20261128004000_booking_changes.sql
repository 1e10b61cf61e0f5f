/**
  * -------------------------------------------------------
  * A booking's life: staff confirm, decline, move or cancel it; the visitor cancels or reschedules it
  * -------------------------------------------------------
  * A booking is stored 'requested' and holds its place (public.booking_status, 20261122000400_public_forms.sql). From there:
  *   - staff, in the admin, confirm it (requested → confirmed), decline it (requested → declined),
  *     move it to another date and time (→ confirmed: staff chose the time) or cancel it, each with
  *     an optional note the visitor reads;
  *   - the visitor, through the link in their emails, cancels it or reschedules it to another time
  *     (→ requested again: staff confirm the new time).
  * Every change is one call of private.apply_booking_change, which checks the change is allowed from the
  * booking's state, writes the booking, records the change in public.booking_events (the history)
  * and queues the visitor's email (and staff's, when the visitor made it) in the same transaction.
  * A move updates the booking's date and time, so whatever judges a slot on update judges it.
  *
  * Each email to the visitor carries the booking's calendar entry: the same UID every time, and
  * calendar_sequence, one higher at each change, so calendar apps update the entry instead of adding one.
  *
  * Links: each email that lets the visitor act carries a link with a random token. Only its SHA-256
  * is stored (private.booking_links); the token itself is in the email's payload in the outbox until
  * the email is sent, and is then removed from it (private.forget_sent_link_tokens). A link expires at
  * the appointment's start and every link of a booking is void once it is rescheduled or moved (the
  * move's email carries the new one). Opening the page reads the booking (public.booking_by_link);
  * only its buttons change anything.
 */

create type public.booking_change as enum ('confirmed', 'declined', 'moved', 'cancelled');

comment on type public.booking_change is 'What happened to a booking: confirmed or declined by staff, moved (to another date and time) or cancelled by staff or the visitor.';

create type public.booking_changer as enum ('staff', 'visitor');

comment on type public.booking_changer is 'Who changed a booking: staff in the admin, or the visitor through the link in their email.';

alter table public.bookings
    add column calendar_sequence integer     not null default 0 check (calendar_sequence >= 0),
    add column time_chosen_at    timestamptz not null default now();

comment on column public.bookings.calendar_sequence is 'The calendar entry''s SEQUENCE (RFC 5546): 0 when booked, one more at each change, so calendar apps replace the entry.';
comment on column public.bookings.time_chosen_at is 'When the booking''s date and time were chosen (booked or last moved): a time chosen less than a day ahead gets no reminder.';

/** The instant a booking starts: its date and time are Lagos wall-clock time. */
create or replace function private.booking_starts_at(on_date date, at_time time)
    returns timestamptz
    language sql
    stable
    set search_path = ''
as
$$
select (booking_starts_at.on_date + booking_starts_at.at_time) at time zone private.consultancy_time_zone();
$$;

revoke all on function private.booking_starts_at(date, time) from public, anon, authenticated;

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
    note       text check (char_length(note) between 1 and 1000),
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

-- Admins read every booking's history; nobody writes it but private.apply_booking_change.
create policy "Admins can read booking history" on public.booking_events
    for select
    to authenticated
    using ((select private.is_admin()));

/**
  * -------------------------------------------------------
  * Section - Links the visitor acts through
  * -------------------------------------------------------
 */
create table private.booking_links
(
    token_hash bytea primary key,
    booking_id uuid        not null references public.bookings (id) on delete cascade,
    expires_at timestamptz not null,
    created_at timestamptz not null default now()
);

comment on table private.booking_links is 'SHA-256 of each link token sent to a visitor; deleted when the booking is moved (void) and a day after it expires.';

create index booking_links_booking_idx on private.booking_links (booking_id);
create index booking_links_expires_idx on private.booking_links (expires_at);

revoke all on table private.booking_links from public, anon, authenticated;

/** A new link token for the booking, valid until its start; returns the token (only its hash is kept). */
create or replace function private.issue_booking_link(booking_id uuid, on_date date, at_time time)
    returns text
    language plpgsql
    set search_path = ''
as
$$
declare
    token text := encode(extensions.gen_random_bytes(32), 'hex');
begin
    insert into private.booking_links (token_hash, booking_id, expires_at)
    values (sha256(convert_to(token, 'UTF8')), issue_booking_link.booking_id,
            private.booking_starts_at(issue_booking_link.on_date, issue_booking_link.at_time));
    return token;
end;
$$;

revoke all on function private.issue_booking_link(uuid, date, time) from public, anon, authenticated;

/**
  * The booking a link token opens. A token that was never issued, was voided by a move, or is not
  * even a token answers 404; one whose appointment has begun answers 410. Locks the booking when
  * for_change, so a change and another change of the same booking run one after the other.
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
    select l.* into link
    from private.booking_links l
    where booking_of_link.token ~ '^[0-9a-f]{64}$'
      and l.token_hash = sha256(convert_to(booking_of_link.token, 'UTF8'));
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
  * The outbox keeps a link's token only until its email is sent: once a row is sent (or completed
  * without sending), its payload loses link_token, so the outbox holds no live link of an email
  * already delivered. A failed row keeps it for an admin's retry.
 */
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
  * Section - The emails' payload and kinds
  * -------------------------------------------------------
  * A booking's emails carry the booking as it was when queued (date, time, status, calendar
  * sequence), not as the sender finds it later: two quick changes send two emails, each with its own
  * calendar entry, in order.
 */
alter type public.notification_kind add value 'booking_changed';
alter type public.notification_kind add value 'staff_booking_changed';
alter type public.notification_kind add value 'booking_reminder';

/**
  * The subject table of each kind, with the three kinds above (replacing
  * 20261122000500_notifications.sql's). The new kinds are compared as text: a value added by
  * ALTER TYPE cannot be used as an enum constant in the transaction that adds it.
 */
create or replace function private.notification_subject(kind public.notification_kind)
    returns public.notification_subject
    language sql
    immutable
    set search_path = ''
as
$$
select case
           when notification_subject.kind::text in ('staff_new_booking', 'booking_confirmation', 'booking_changed',
                                                    'staff_booking_changed', 'booking_reminder') then 'bookings'
           when notification_subject.kind::text = 'staff_new_contact_message' then 'contact_messages'
           when notification_subject.kind::text in ('newsletter_confirmation', 'newsletter_welcome') then 'newsletter_subscribers'
           else 'visa_applications'
           end::public.notification_subject;
$$;

/** What every email about a booking carries: the booking at the time of queuing, and a link token (or null). */
create or replace function private.booking_email_payload(booking public.bookings, link_token text)
    returns jsonb
    language sql
    stable
    set search_path = ''
as
$$
select jsonb_strip_nulls(jsonb_build_object(
        'date', booking_email_payload.booking.date,
        'time', to_char(booking_email_payload.booking.time, 'HH24:MI'),
        'status', booking_email_payload.booking.status,
        'sequence', booking_email_payload.booking.calendar_sequence,
        'link_token', booking_email_payload.link_token));
$$;

revoke all on function private.booking_email_payload(public.bookings, text) from public, anon, authenticated;

/**
  * After insert on bookings (replacing 20261122000700_lead_handling.sql's): as before, the staff's
  * "new booking" email and, within the address's daily share, the visitor's first email; that email
  * now carries the booking as requested and the visitor's first link.
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
    -- The link is issued even when the address has had its day's share and the email is skipped:
    -- its token is then known to no one, and its hash expires with the appointment.
    perform private.queue_notification('booking_confirmation', new.email, 'bookings', new.id,
                                       private.booking_email_payload(new, private.issue_booking_link(new.id, new.date, new.time)),
                                       daily_cap => private.booking_confirmations_per_day());
    return null;
end;
$$;

/**
  * -------------------------------------------------------
  * Section - One change of a booking
  * -------------------------------------------------------
  * The one place that says which change is allowed from which state, and what follows:
  *   confirmed, declined: only a requested booking (409 otherwise);
  *   moved, cancelled: only a booking that holds its place, requested or confirmed (409 otherwise);
  *   a move needs a new date and time, not the current ones, not past in Lagos
  *   (private.refuse_past_booking_time: RF001/RF003);
  *   after a staff move the booking is confirmed, after the visitor's it is requested again.
  * A staff change also marks the booking handled by that admin (its status says what was done); the
  * visitor's marks it new again, so staff see it needs them. The visitor's email is never subject to
  * the daily share of first emails: each one answers something staff or the visitor did.
 */
create or replace function private.apply_booking_change(booking public.bookings, change public.booking_change,
                                                  changed_by public.booking_changer, new_date date default null,
                                                  new_time time default null, note text default null)
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
    if char_length(clean_note) > 1000 then
        raise exception 'The note is too long: at most 1000 characters.' using errcode = 'PT400', column = 'note';
    end if;
    if apply_booking_change.change in ('confirmed', 'declined') and old_booking.status <> 'requested' then
        raise exception 'Only a requested booking can be %; this one is %.', apply_booking_change.change, old_booking.status
            using errcode = 'PT409';
    end if;
    if apply_booking_change.change in ('moved', 'cancelled') and not private.booking_holds_place(old_booking.status) then
        raise exception 'This booking is % and can no longer be changed.', old_booking.status using errcode = 'PT409';
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
            'from_date', event.from_date, 'from_time', to_char(event.from_time, 'HH24:MI')));
    perform private.queue_notification('booking_changed', new_booking.email, 'bookings', new_booking.id, payload, event.id);
    if apply_booking_change.changed_by = 'visitor' then
        perform private.queue_notification('staff_booking_changed', null, 'bookings', new_booking.id, payload - 'link_token', event.id);
    end if;
    return event;
end;
$$;

revoke all on function private.apply_booking_change(public.bookings, public.booking_change, public.booking_changer, date, time, text) from public, anon, authenticated;

/**
  * -------------------------------------------------------
  * Section - Staff change a booking (the admin)
  * -------------------------------------------------------
 */
create or replace function private.staff_change_booking(booking_id uuid, change public.booking_change, new_date date,
                                                        new_time time, note text)
    returns public.booking_events
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    booking public.bookings;
begin
    perform private.require_admin(null, not_admin => 'Only administrators can change bookings.', on_self => '');
    if staff_change_booking.change is null then
        raise exception 'change must be confirmed, declined, moved or cancelled.' using errcode = 'PT400';
    end if;
    select b.* into booking from public.bookings b where b.id = staff_change_booking.booking_id for update;
    if not found then
        raise exception 'Booking not found.' using errcode = 'PT404';
    end if;
    return private.apply_booking_change(booking, staff_change_booking.change, 'staff', staff_change_booking.new_date,
                                  staff_change_booking.new_time, staff_change_booking.note);
end;
$$;

revoke all on function private.staff_change_booking(uuid, public.booking_change, date, time, text) from public, anon, authenticated;
grant execute on function private.staff_change_booking(uuid, public.booking_change, date, time, text) to authenticated;

/**
  * Staff confirm, decline, move or cancel a booking: rpc('change_booking', { booking_id, change,
  * new_date, new_time, note }), new_date and new_time for a move only. Admins only (42501
  * otherwise); returns the recorded event. See private.apply_booking_change for what is allowed.
 */
create or replace function public.change_booking(booking_id uuid, change public.booking_change, new_date date default null,
                                                 new_time time default null, note text default null)
    returns public.booking_events
    language sql
    security invoker
    set search_path = ''
as
$$
select private.staff_change_booking(change_booking.booking_id, change_booking.change, change_booking.new_date,
                                    change_booking.new_time, change_booking.note);
$$;

revoke all on function public.change_booking(uuid, public.booking_change, date, time, text) from public, anon, authenticated, service_role;
grant execute on function public.change_booking(uuid, public.booking_change, date, time, text) to authenticated;

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
