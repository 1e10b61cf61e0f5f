/**
  * -------------------------------------------------------
  * Bookings: the home page's consultation requests, the judge of every slot, and their emails
  * -------------------------------------------------------
  * The home page's appointment form stores a row of public.bookings (date is its own field; the old
  * site bound it to the email). Everything about the table is here: its states and the one rule of
  * which hold a place, the rule for a booking's time, the judge that admits a booking only to an
  * open slot with a place left (the hours and rules it reads are 20261122000710_consultation_hours.sql),
  * the public look-up of open slots, the links its emails carry, the emails a new booking queues,
  * its privileges and row-level security. What happens to a booking afterwards (staff confirm,
  * decline, move or cancel it; the visitor cancels or reschedules it) is
  * 20261122000730_booking_changes.sql; the reminder the day before is 20261122000740_booking_reminders.sql.
  *
  * SQLSTATEs of this file (the RF series of 20261122000100_profiles_and_roles.sql):
  *   RF001  the date is past in Lagos            RF003  the time is past in Lagos
  *   RF007  the date has no open consultation time (a closed day, outside the booking window)
  *   RF008  the time is not an open slot of the date (outside the hours, off the slot grid,
  *          within the minimum notice)
  *   RF009  the slot is full
  *   RF010  the client already holds as many upcoming bookings as one client may
  *   RF011  the bookings of the last hour reached the ceiling
 */

-- The countries the form offers, the specification's list in its order (an enum, as
-- 20261122000100_profiles_and_roles.sql says; the admin sorts by this order).
create type public.booking_country as enum ('USA', 'Canada', 'UK', 'Nigeria', 'India', 'Australia', 'Germany', 'China');

/**
  * A booking from the home page's form is a request for a consultation slot. It holds its place
  * from the moment it is stored (so two visitors are never promised one place), staff confirm or
  * decline it, and the visitor or staff may cancel it. A move to another time is an event of the
  * booking (20261122000730_booking_changes.sql), not a state of its own. Declared in the order the
  * admin sorts by.
 */
create type public.booking_status as enum ('requested', 'confirmed', 'declined', 'cancelled');

comment on type public.booking_status is
    'requested: stored, holds its place, awaiting staff; confirmed: staff accepted it; declined: staff refused it; cancelled: the visitor or staff called it off. Only requested and confirmed hold a place.';

create table public.bookings
(
    id              uuid primary key     default extensions.gen_random_uuid(),
    full_name       text        not null check (char_length(btrim(full_name)) between 1 and 200),
    phone           text        not null check (char_length(btrim(phone)) between 3 and 40),
    email           public.email_address not null,
    country         public.booking_country not null,
    -- Today or later: enforced on insert by reject_past_booking_date().
    date            date        not null,
    time            time        not null,
    created_at      timestamptz not null default now(),
    -- The admin dashboard's search keys (20261122000100_profiles_and_roles.sql says why).
    full_name_lower text collate "C" generated always as (lower(full_name)) stored,
    email_lower     text collate "C" generated always as (lower(email)) stored,
    website         text,
    client_key      uuid unique,
    -- Written only by public.set_lead_handled (20261122000700_lead_handling.sql) and a booking's changes.
    handled_at      timestamptz,
    handled_by      uuid references public.profiles (id) on delete set null,
    -- Where the booking stands; changed only by the booking's changes (20261122000730_booking_changes.sql).
    status          public.booking_status not null default 'requested',
    calendar_sequence integer     not null default 0 check (calendar_sequence >= 0),
    time_chosen_at  timestamptz not null default now(),
    -- When the retention job stripped its name, phone and address (20261129000200_retention.sql).
    personal_data_removed_at timestamptz
);

comment on table public.bookings is 'Appointment requests from the home page booking form.';
comment on column public.bookings.status is 'Where the booking stands; see type public.booking_status.';
comment on column public.bookings.website is 'Honeypot: always empty in a stored row (private.drop_honeypot_rows).';
comment on column public.bookings.client_key is 'Idempotency key made by the browser per submission; a retry with the same key is refused (409).';
comment on column public.bookings.handled_at is 'When staff marked the booking handled (NULL: new); set by public.set_lead_handled.';
comment on column public.bookings.calendar_sequence is 'The calendar entry''s SEQUENCE (RFC 5546): 0 when booked, one more at each change, so calendar apps replace the entry.';
comment on column public.bookings.time_chosen_at is 'When the booking''s date and time were chosen (booked or last moved): a time chosen less than a day ahead gets no reminder.';

/**
  * Whether a booking in this state takes one of its slot's places: the one rule the slot look-up,
  * the capacity check, the agenda and the dashboard's counts share.
 */
create or replace function private.booking_holds_place(status public.booking_status)
    returns boolean
    language sql
    immutable
    set search_path = ''
as
$$
select booking_holds_place.status in ('requested', 'confirmed');
$$;

revoke all on function private.booking_holds_place(public.booking_status) from public, anon, authenticated;

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

create index bookings_created_at_idx on public.bookings (created_at desc, id);
-- The admin list's search and sort keys (20261122000100_profiles_and_roles.sql says why).
create index bookings_full_name_lower_idx on public.bookings (full_name_lower desc, id);
create index bookings_email_lower_idx on public.bookings (email_lower desc, id);
create index bookings_date_idx on public.bookings (date desc, id);
-- The dashboard counts and lists what is new.
create index bookings_new_idx on public.bookings (date) where handled_at is null;
create index bookings_handled_by_idx on public.bookings (handled_by);

-- The look-up and the judge count a slot's bookings. Not partial on the states that hold a place:
-- an index predicate calls its function as the inserting role, and visitors may not call private's.
create index bookings_slot_idx on public.bookings (date, time);

/**
  * The one rule for a booking's time, on insert and on a move (20261122000730_booking_changes.sql)
  * alike: the date may not be before today in Lagos (RF001, the date) and the moment not before the
  * current minute there (RF003, the time). A booking may be for the current minute in Lagos or
  * later, never before.
 */
create or replace function private.refuse_past_booking_time(on_date date, at_time time)
    returns void
    language plpgsql
    stable
    set search_path = ''
as
$$
declare
    lagos_now timestamp := private.consultancy_now(now());
begin
    if refuse_past_booking_time.on_date < lagos_now::date then
        raise exception 'The booking date cannot be in the past.'
            using errcode = 'RF001', column = 'date';
    end if;
    if refuse_past_booking_time.on_date + refuse_past_booking_time.at_time < lagos_now then
        raise exception 'The booking time has already passed in Lagos (WAT).'
            using errcode = 'RF003', column = 'time';
    end if;
end;
$$;

revoke all on function private.refuse_past_booking_time(date, time) from public, anon, authenticated;

/**
  * Before insert on public.bookings: refuses a booking whose date or time is already past in Lagos
  * (private.refuse_past_booking_time). Security definer because visitors may not call the private
  * clock functions themselves.
 */
create or replace function private.reject_past_booking_date()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    perform private.refuse_past_booking_time(new.date, new.time);
    return new;
end;
$$;

revoke all on function private.reject_past_booking_date() from public, anon, authenticated;

/** How many bookings hold a place in the slot `day` `start`, not counting the booking `except_id`. */
create or replace function private.places_taken(day date, start time, except_id uuid)
    returns integer
    language sql
    stable
    set search_path = ''
as
$$
select count(*)::integer
from public.bookings as b
where b.date = places_taken.day
  and b.time = places_taken.start
  and private.booking_holds_place(b.status)
  and b.id is distinct from places_taken.except_id;
$$;

revoke all on function private.places_taken(date, time, uuid) from public, anon, authenticated;

/**
  * -------------------------------------------------------
  * Section - The public look-up
  * -------------------------------------------------------
 */

/**
  * The open slots of `day` with the places each has left, in Lagos time; a slot with no place left
  * is not listed, and a closed day lists none. Counts only: nobody's booking is shown. Security
  * definer: visitors read neither the bookings nor the closed dates themselves.
 */
create or replace function private.open_slots(day date)
    returns table
            (
                start       time,
                places_left integer
            )
    language sql
    stable
    security definer
    set search_path = ''
as
$$
select slot.start, rules.places_per_slot - private.places_taken(open_slots.day, slot.start, null)
from private.open_slot_starts(open_slots.day, now()) as slot(start)
         cross join public.booking_rules as rules
where rules.places_per_slot > private.places_taken(open_slots.day, slot.start, null)
order by slot.start;
$$;

revoke all on function private.open_slots(date) from public, anon, authenticated, service_role;
grant execute on function private.open_slots(date) to anon, authenticated, service_role;

/**
  * The booking form's look-up: GET /rest/v1/rpc/open_slots?day=YYYY-MM-DD, with a plain fetch and
  * the anon key. Security invoker, so an exposed function never runs with its owner's rights
  * (Supabase's linter, lints 0028/0029); private.open_slots reads the bookings.
 */
create or replace function public.open_slots(day date)
    returns table
            (
                start       time,
                places_left integer
            )
    language sql
    stable
    security invoker
    set search_path = ''
as
$$
select slot.start, slot.places_left from private.open_slots(open_slots.day) as slot;
$$;

revoke all on function public.open_slots(date) from public, anon, authenticated, service_role;
grant execute on function public.open_slots(date) to anon, authenticated, service_role;

comment on function public.open_slots(date) is 'The bookable slots of a date (Lagos time) and the places each has left; counts only.';

/**
  * -------------------------------------------------------
  * Section - The judge
  * -------------------------------------------------------
 */

/**
  * The client's address as the API gateway gives it: hosted Supabase's PostgREST receives every
  * request through Cloudflare, which sets cf-connecting-ip to the address the request came from
  * (a value the client sends is replaced), and PostgREST passes the request's headers in the
  * setting request.headers. NULL when there is none: a statement not made through the API (a
  * migration, the seed, a database test), or, on the embedded backend, a request that does not
  * send the header (it has no gateway; docs/product-decisions.md).
 */
create or replace function private.request_client_address()
    returns text
    language sql
    stable
    set search_path = ''
as
$$
select left(nullif(btrim((nullif(current_setting('request.headers', true), '')::json) ->> 'cf-connecting-ip'), ''), 64);
$$;

revoke all on function private.request_client_address() from public, anon, authenticated;

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

/**
  * The client address each booking came from, and the network it counts as, kept for the
  * per-client limit; nobody but the database reads it. A client is its network, not its address.
 */
create table private.booking_clients
(
    booking_id uuid primary key references public.bookings (id) on delete cascade,
    address    text not null,
    network    text not null
);

comment on column private.booking_clients.network is 'The network the address counts as for the per-client limit (private.client_network).';

create index booking_clients_network_idx on private.booking_clients (network);

revoke all on table private.booking_clients from public, anon, authenticated, service_role;

/**
  * Before a booking is stored, or moved (its date or time changed), or takes a place again (its
  * status changed to one that holds a place): refuses it unless its date and time are an open slot
  * with a place left, by whatever route it came (the form, REST, staff's move). Two bookings of the
  * same slot take a lock named for the slot, one after the other, so the second counts the first:
  * exactly one gets the last place. A new booking from a client whose network (private.client_network)
  * already holds the rules' number of upcoming bookings is refused too. The booking being moved is
  * not counted against its new slot. A security definer RPC that moves a booking for staff or for
  * the visitor's link is judged like the form: the caller's claims say who asked.
  *
  * The hourly ceiling: many networks together can still fill the calendar. New bookings made
  * through the API in any hour have a ceiling (booking_rules.bookings_per_hour); the booking that
  * reaches it queues one email to staff (they learn the calendar is under a flood, not from a
  * hundred "New booking" emails), and the next ones are refused until the hour's count falls.
  * Staff are told at most once a day.
  *
  * Where a CAPTCHA is required (booking_rules.captcha_required), a new booking with the bare anon
  * key is refused (RF013): the booking form first signs in anonymously, which is where Auth checks
  * the challenge, and books with that session.
  *
  * The locks are taken in one order (the hour, the network, the slot), so two bookings never wait
  * on each other crosswise.
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
    slot_starts    time[];
begin
    -- The visitors' and the staff's requests through the API are judged (anon, authenticated),
    -- also inside a security definer RPC, which runs as its owner with the caller's claims. The
    -- operator's are not: the service key (server-side code, an import) and SQL the database owner
    -- runs directly (the seed, a fix), which may store a booking anywhere.
    if coalesce(nullif(current_setting('request.jwt.claims', true), '')::json ->> 'role', '') not in ('anon', 'authenticated') then
        return new;
    end if;
    -- Read once: every check below takes its figures from this row.
    select * into rules from public.booking_rules;
    -- Where Auth checks a CAPTCHA (booking_rules.captcha_required), only a session proves one was
    -- solved: the form's anonymous sign-in, or a signed-in user's. The bare anon key proves nothing.
    if tg_op = 'INSERT'
        and current_setting('request.jwt.claims', true)::json ->> 'role' = 'anon'
        and rules.captcha_required then
        raise exception 'The security check was not completed. Please complete it and try again.'
            using errcode = 'RF013';
    end if;
    if not private.booking_holds_place(new.status) or new.date is null or new.time is null then
        -- A missing date or time is the NOT NULL constraints' to refuse, naming the column.
        return new;
    end if;
    if tg_op = 'UPDATE' and new.date = old.date and new.time = old.time and private.booking_holds_place(old.status) then
        -- Confirming a booking keeps its place, even if the day was closed since.
        return new;
    end if;

    if tg_op = 'INSERT' then
        -- The hour's ceiling: one lock for every new booking, so the count is exact. Counted up to
        -- the ceiling and no further: both tests below read the same from min(count, ceiling), and
        -- an insert reads at most the ceiling's number of index entries, however many bookings the
        -- hour holds (the operator's, which are not judged, may take it past the ceiling).
        perform pg_advisory_xact_lock(hashtextextended('booking-hour', 0));
        select count(*) into this_hour
        from (select from public.bookings b
              where b.created_at > now() - interval '1 hour'
              limit rules.bookings_per_hour) as recent;
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

    -- The date's open slot starts, worked out once for both refusals.
    slot_starts := array(select private.open_slot_starts(new.date, now()));
    if cardinality(slot_starts) = 0 then
        raise exception 'There are no consultation times left on this date. Please choose another date.'
            using errcode = 'RF007', column = 'date';
    end if;
    if not new.time = any (slot_starts) then
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

revoke all on function private.judge_booking_slot() from public, anon, authenticated;

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

revoke all on function private.record_booking_client() from public, anon, authenticated;

/**
  * -------------------------------------------------------
  * Section - Links the visitor acts through
  * -------------------------------------------------------
  * Each email that lets the visitor act carries a link with a random token
  * (private.new_link_token). Only its SHA-256 is stored (private.link_token_hash, in
  * private.booking_links); the token itself is in the email's payload in the outbox until the
  * email is sent, and is then removed from it (private.forget_sent_link_tokens, both in
  * 20261122000500_notifications.sql, as the newsletter's links are). A link expires at the appointment's start, and every link of
  * a booking is void once it is rescheduled or moved (the move's email carries the new one).
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
    token text := private.new_link_token();
begin
    insert into private.booking_links (token_hash, booking_id, expires_at)
    values (private.link_token_hash(token), issue_booking_link.booking_id,
            private.booking_starts_at(issue_booking_link.on_date, issue_booking_link.at_time));
    return token;
end;
$$;

revoke all on function private.issue_booking_link(uuid, date, time) from public, anon, authenticated;

/**
  * -------------------------------------------------------
  * Section - The emails of a new booking: confirmations, a few a day to one address
  * -------------------------------------------------------
  * Anyone may type someone else's address into the booking form, and each booking confirms to
  * it. The spam limit (private.enforce_submission_limit) lets one address book five times an
  * hour, which would still let a stranger send 120 confirmations a day to one mailbox. So an
  * address gets at most private.booking_confirmations_per_day() confirmations in any 24 hours,
  * counted on its trimmed, lower-cased form as the spam limit counts it. A booking beyond that is
  * still stored and staff are still told; only the visitor's confirmation is not queued.
  * Concurrent bookings from one address are serialised by the spam limit's lock on that address,
  * taken earlier in the same transaction, so two cannot both pass the count.
 */

/** The one place that sets how many booking confirmations one address may receive in 24 hours. */
create or replace function private.booking_confirmations_per_day()
    returns integer
    language sql
    immutable
    set search_path = ''
as
$$
select 5;
$$;

revoke all on function private.booking_confirmations_per_day() from public, anon, authenticated;

/**
  * What every email about a booking carries: the booking as it was when queued (date, time, status,
  * whether it holds its place, the instants it starts and ends, one slot length later, and its
  * calendar sequence), not as the sender finds it later, so two quick changes send two emails, each
  * with its own calendar entry, in order; and a link token (or null). The sender computes none of
  * these facts itself. The calendar entry keeps one
  * UID, and calendar_sequence is one higher at each change, so calendar apps update the entry
  * instead of adding one.
 */
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
        'holds_place', private.booking_holds_place(booking_email_payload.booking.status),
        'starts_at', private.booking_starts_at(booking_email_payload.booking.date, booking_email_payload.booking.time),
        'ends_at', private.booking_starts_at(booking_email_payload.booking.date, booking_email_payload.booking.time)
                       + (select make_interval(mins => rules.slot_minutes) from public.booking_rules as rules),
        'sequence', booking_email_payload.booking.calendar_sequence,
        'link_token', booking_email_payload.link_token));
$$;

revoke all on function private.booking_email_payload(public.bookings, text) from public, anon, authenticated;

/**
  * After insert on bookings: the staff's "new booking" email and, unless the address has had its
  * day's share (see above; private.queue_notification's daily_cap counts it), the visitor's first
  * email, which carries the booking as requested and the visitor's first link. A row dropped by the
  * honeypot or refused by the spam limit never gets here. Security definer: visitors cannot read or
  * write the outbox.
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

revoke all on function private.on_booking_submitted() from public, anon, authenticated;

/**
  * -------------------------------------------------------
  * Section - Triggers
  * -------------------------------------------------------
  * Postgres fires a table's triggers of one timing in name order: the honeypot drops a bot's row
  * first, then the past-time refusal, then the slot judge, then the spam limit counts the address.
 */
create trigger bookings_drop_honeypot
    before insert
    on public.bookings
    for each row
execute function private.drop_honeypot_rows();

create trigger bookings_reject_past_date
    before insert
    on public.bookings
    for each row
execute function private.reject_past_booking_date();

create trigger bookings_submission_limit
    before insert
    on public.bookings
    for each row
execute function private.enforce_submission_limit();

-- After bookings_reject_past_date (names fire in order): a past date keeps its own refusal (RF001, RF003).
create trigger bookings_slot_judge
    before insert or update of date, time, status
    on public.bookings
    for each row
execute function private.judge_booking_slot();

create trigger bookings_slot_client
    after insert
    on public.bookings
    for each row
execute function private.record_booking_client();

create trigger bookings_submitted
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
  * -------------------------------------------------------
  * Section - Privileges
  * -------------------------------------------------------
  * Visitors and users insert the form fields, the honeypot and the idempotency key only (never id,
  * created_at, the status or the handled state); admins read and delete through the policies below;
  * the service key has full access.
 */
revoke all on table public.bookings
    from anon, authenticated, service_role;

grant insert (full_name, phone, email, country, date, time, website, client_key)
    on table public.bookings to anon, authenticated;

grant select, delete on table public.bookings
    to authenticated;
grant all on table public.bookings to service_role;

/**
  * -------------------------------------------------------
  * Section - Row-level security
  * -------------------------------------------------------
  * As the other public forms (20261122000400_public_forms.sql): the insert policy adds that a
  * stored row is a person's (the honeypot empty).
 */
alter table public.bookings enable row level security;

-- Visitors and signed-in users book appointments.
create policy "Anyone can book an appointment" on public.bookings
    for insert
    to anon, authenticated
    with check (nullif(btrim(website), '') is null);

-- Staff read bookings.
create policy "Staff can read bookings" on public.bookings
    for select
    to authenticated
    using ((select private.is_staff()));

-- Staff delete bookings.
create policy "Staff can delete bookings" on public.bookings
    for delete
    to authenticated
    using ((select private.is_staff()));
