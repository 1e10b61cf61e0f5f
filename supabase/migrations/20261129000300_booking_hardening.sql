/**
  * -------------------------------------------------------
  * Booking hardening: one network, the hourly ceiling, one link one change, closed days in reach,
  * retries that tell the truth, staff unnamed to applicants, file names without outer spaces
  * -------------------------------------------------------
  * Written as changes of the earlier files (grouped below by the domain each belongs to), so they can
  * be folded into them:
  *   - appointment slots (20261128003000_appointment_slots.sql): a client is its network (an IPv6
  *     address counts by its /64, an IPv4-mapped one as the IPv4 address), and the bookings of an hour
  *     across all clients have a ceiling, which staff hear about once when it is reached;
  *     closed days are refused outside the booking window's reach;
  *   - booking changes (20261128004000_booking_changes.sql): a link is locked before its booking,
  *     so two changes through one link run one after the other and the second finds it void;
  *   - notifications (20261122000500_notifications.sql): the ceiling's kind, and a retry of a
  *     booking's email the booking has since outgrown is refused;
  *   - documents (…_documents.sql, …_document_reviews_and_requests.sql, …_admin_workspace.sql):
  *     the reviewer's id is for admins only; a file name has no leading or trailing space.
  *
  * SQLSTATEs added (the RF series):
  *   RF011  the bookings of the last hour reached the ceiling
 */

/**
  * -------------------------------------------------------
  * Section - Appointment slots: one client is one network
  * -------------------------------------------------------
 */

/**
  * The network a client address counts as: an IPv6 address by its /64 (a host is given a whole /64
  * and may use any address of it), an IPv4-mapped IPv6 address (::ffff:a.b.c.d) as the IPv4
  * address, an IPv4 address as itself. Text that is no address is kept as it came (the gateway
  * only sends addresses; the embedded backend takes any header). Never raises.
 */
create or replace function private.client_network(address text)
    returns text
    language plpgsql
    immutable
    set search_path = ''
as
$$
declare
    ip inet;
begin
    if client_network.address is null then
        return null;
    end if;
    begin
        ip := client_network.address::inet;
    exception
        when others then
            return client_network.address;
    end;
    if family(ip) = 6 and ip <<= '::ffff:0.0.0.0/96'::inet then
        ip := '0.0.0.0'::inet + (host(ip)::inet - '::ffff:0.0.0.0'::inet);
    end if;
    if family(ip) = 6 then
        return host(network(set_masklen(ip, 64))) || '/64';
    end if;
    return host(ip);
end;
$$;

revoke all on function private.client_network(text) from public, anon, authenticated;

alter table private.booking_clients
    add column network text;

update private.booking_clients set network = private.client_network(address) where network is null;

alter table private.booking_clients
    alter column network set not null;

comment on column private.booking_clients.network is 'The network the address counts as for the per-client limit (private.client_network).';

drop index if exists private.booking_clients_address_idx;
create index booking_clients_network_idx on private.booking_clients (network);

/** After a booking made through the API is stored: records the client address it came from, and its network. */
create or replace function private.record_booking_client()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    client_address text := private.request_client_address();
begin
    if client_address is not null then
        insert into private.booking_clients (booking_id, address, network)
        values (new.id, client_address, private.client_network(client_address));
    end if;
    return null;
end;
$$;

/**
  * -------------------------------------------------------
  * Section - Appointment slots: the hourly ceiling
  * -------------------------------------------------------
  * Many networks together can still fill the calendar. New bookings made through the API in any
  * hour have a ceiling; the booking that reaches it queues one email to staff (they learn the
  * calendar is under a flood, not from a hundred "New booking" emails), and the next ones are
  * refused until the hour's count falls. Staff are told at most once a day.
 */
alter table public.booking_rules
    add column bookings_per_hour integer not null default 40 check (bookings_per_hour between 1 and 10000);

comment on column public.booking_rules.bookings_per_hour is 'New bookings all visitors together may make in an hour; the one that reaches it tells staff (private.judge_booking_slot).';

alter type public.notification_kind add value if not exists 'staff_booking_ceiling';

/**
  * Before a booking is stored, moved or takes a place again: as 20261128003000_appointment_slots.sql
  * says, now counting a client by its network, and a new booking against the hour's ceiling. The
  * locks are taken in one order (the hour, the network, the slot), so two bookings never wait on
  * each other crosswise.
 */
create or replace function private.judge_booking_slot()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    rules          public.booking_rules;
    client_network text;
    this_hour      bigint;
begin
    -- The visitors' and the staff's requests through the API are judged (anon, authenticated),
    -- also inside a security definer RPC, which runs as its owner with the caller's claims. The
    -- operator's are not: the service key (server-side code, an import) and SQL the database owner
    -- runs directly (the seed, a fix), which may store a booking anywhere.
    if coalesce(nullif(current_setting('request.jwt.claims', true), '')::json ->> 'role', '') not in ('anon', 'authenticated') then
        return new;
    end if;
    if not private.booking_holds_place(new.status) or new.date is null or new.time is null then
        -- A missing date or time is the NOT NULL constraints' to refuse, naming the column.
        return new;
    end if;
    if tg_op = 'UPDATE' and new.date = old.date and new.time = old.time and private.booking_holds_place(old.status) then
        -- Confirming a booking keeps its place, even if the day was closed since.
        return new;
    end if;

    select * into rules from public.booking_rules;

    if tg_op = 'INSERT' then
        -- The hour's ceiling: one lock for every new booking, so the count is exact.
        perform pg_advisory_xact_lock(hashtextextended('booking-hour', 0));
        select count(*) into this_hour from public.bookings b where b.created_at > now() - interval '1 hour';
        if this_hour >= rules.bookings_per_hour then
            raise exception 'We are receiving an unusual number of bookings right now. Please try again in an hour, or call or WhatsApp us.'
                using errcode = 'RF011', column = 'date';
        end if;
        if this_hour + 1 = rules.bookings_per_hour
            and not exists (select 1
                            from public.notifications n
                            where n.kind::text = 'staff_booking_ceiling'
                              and n.created_at > now() - interval '1 day') then
            perform private.queue_notification('staff_booking_ceiling', null, 'bookings', new.id,
                                               jsonb_build_object('ceiling', rules.bookings_per_hour));
        end if;

        client_network := private.client_network(private.request_client_address());
        if client_network is not null then
            perform pg_advisory_xact_lock(hashtextextended('booking-client:' || client_network, 0));
            if (select count(*)
                from private.booking_clients as client
                         join public.bookings as b on b.id = client.booking_id
                where client.network = client_network
                  and private.booking_holds_place(b.status)
                  and b.date + b.time >= private.consultancy_now(now())) >= rules.upcoming_per_client then
                raise exception 'You already have % upcoming consultations booked with us. To book another, please call or WhatsApp us.',
                    rules.upcoming_per_client
                    using errcode = 'RF010', column = 'date';
            end if;
        end if;
    end if;

    if not exists (select 1 from private.open_slot_starts(new.date, now())) then
        raise exception 'There are no consultation times left on this date. Please choose another date.'
            using errcode = 'RF007', column = 'date';
    end if;
    if new.time not in (select start from private.open_slot_starts(new.date, now()) as start) then
        raise exception 'This time is not open for booking. Please choose one of the times offered.'
            using errcode = 'RF008', column = 'time';
    end if;

    perform pg_advisory_xact_lock(hashtextextended('booking-slot:' || new.date || ' ' || new.time, 0));
    if private.places_taken(new.date, new.time, new.id) >= rules.places_per_slot then
        raise exception 'This time has just been fully booked. Please choose another time.'
            using errcode = 'RF009', column = 'time';
    end if;
    return new;
end;
$$;

/**
  * -------------------------------------------------------
  * Section - Appointment slots: closed days within reach
  * -------------------------------------------------------
  * A closed day matters only where a booking can be: from Lagos today to the end of the booking
  * window. Anything else staff send (a typo's year 10000, 'infinity') is refused with 400, so no
  * page has to show a date it cannot write. The operator's SQL (a migration, a test, the seed) is
  * not judged, as for bookings, but no one stores a date without end.
 */
alter table public.closed_dates
    add constraint closed_dates_finite check (isfinite(date)) not valid;

create or replace function private.refuse_closed_date_out_of_reach()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    today       date := private.consultancy_today(now());
    window_days integer := (select r.booking_window_days from public.booking_rules r);
begin
    if coalesce(nullif(current_setting('request.jwt.claims', true), '')::json ->> 'role', '') not in ('anon', 'authenticated') then
        return new;
    end if;
    if new.date is null or not isfinite(new.date) or new.date < today or new.date > today + window_days then
        raise exception 'Choose a date from today to % days ahead: only those days can be booked.', window_days
            using errcode = 'PT400', column = 'date';
    end if;
    return new;
end;
$$;

revoke all on function private.refuse_closed_date_out_of_reach() from public, anon, authenticated;

create trigger closed_dates_within_reach
    before insert or update of date
    on public.closed_dates
    for each row
execute function private.refuse_closed_date_out_of_reach();

/**
  * -------------------------------------------------------
  * Section - Booking changes: one link, one change at a time
  * -------------------------------------------------------
  * The link is locked before its booking (for a change): a second change through the same link
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

/**
  * -------------------------------------------------------
  * Section - Notifications: the ceiling's kind, and retries that tell the truth
  * -------------------------------------------------------
 */

/** The subject table of each kind (replacing 20261128004000_booking_changes.sql's), with the ceiling's. */
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

/**
  * Puts a failed notification back in the queue (as 20261122000500_notifications.sql's), except a
  * visitor's email about a booking that has changed since it was queued: it would tell them what is
  * no longer true (a time held, after the booking was cancelled). Its booking's calendar sequence
  * moved on, and a later email (already queued when the change was made) says what is true now;
  * the retry is refused with 409.
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
    perform private.require_admin(null, not_admin => 'Only administrators can retry notifications.', on_self => '');

    select n.* into row from public.notifications n where n.id = retry_notification.notification_id and n.status = 'failed' for update;
    if not found then
        return false;
    end if;
    if row.kind::text in ('booking_confirmation', 'booking_changed', 'booking_reminder')
        and exists (select 1
                    from public.bookings b
                    where b.id = row.subject_id
                      and (b.calendar_sequence::text is distinct from row.payload ->> 'sequence'
                        or not private.booking_holds_place(b.status))) then
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

/**
  * -------------------------------------------------------
  * Section - Documents: staff are the consultancy to applicants
  * -------------------------------------------------------
  * Applicants read their reviews and verdicts (the reason on the item, the history) but not which
  * staff member gave them: the reviewer column is granted to no signed-in user; admins read it
  * through public.document_verdict_reviewers.
 */
revoke select on table public.document_reviews from authenticated;
grant select (object_id, application_id, verdict, reason, reviewed_at) on table public.document_reviews to authenticated;

revoke select on table public.document_verdicts from authenticated;
grant select (id, object_id, application_id, verdict, reason, file_name, item_key, reviewed_at) on table public.document_verdicts to authenticated;

/**
  * Who gave each verdict of an application: rpc('document_verdict_reviewers', { application_id }) →
  * [{ id, reviewed_by }]. Admins only (42501 otherwise).
 */
create or replace function public.document_verdict_reviewers(application_id uuid)
    returns table (id uuid, reviewed_by uuid)
    language plpgsql
    stable
    security definer
    set search_path = ''
as
$$
begin
    perform private.require_admin(null, not_admin => 'Only administrators can read who reviewed a document.', on_self => '');
    return query select v.id, v.reviewed_by from public.document_verdicts v where v.application_id = document_verdict_reviewers.application_id;
end;
$$;

revoke all on function public.document_verdict_reviewers(uuid) from public, anon, authenticated, service_role;
grant execute on function public.document_verdict_reviewers(uuid) to authenticated;

/**
  * -------------------------------------------------------
  * Section - Documents: a file name has no leading or trailing space
  * -------------------------------------------------------
  * `image (2).jpg` and `image (2).jpg ` look the same in every list. The insert policy's name rule
  * (as safeFileName makes names, src/lib/documents/paths.ts) now also refuses a name that ends in a
  * space, as it already refused one that begins with one.
 */
create or replace function private.may_add_document(object_name text)
    returns boolean
    language plpgsql
    volatile
    security definer
    set search_path = ''
as
$$
declare
    folders        text[] := storage.foldername(may_add_document.object_name);
    application_id uuid   := private.document_application(may_add_document.object_name);
begin
    if application_id is null
        or coalesce(array_length(folders, 1), 0) <> 3
        or storage.filename(may_add_document.object_name) !~ '^[A-Za-z0-9_()]([A-Za-z0-9._ ()-]{0,98}[A-Za-z0-9._()-])?$' then
        return false;
    end if;
    return private.document_refusal(application_id, (select auth.uid())::text, folders[3], false, true) is null;
end;
$$;
