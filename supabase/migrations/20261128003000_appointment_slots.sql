/**
  * -------------------------------------------------------
  * Appointment slots: when a consultation may be booked, and the judge of every booking
  * -------------------------------------------------------
  * The consultancy's availability lives here, in the database, in Lagos time
  * (docs/product-decisions.md, Appointments, says why):
  * - public.booking_rules: slot length, places per slot, minimum notice, how far ahead one may
  *   book, and how many upcoming bookings one client may hold;
  * - public.opening_hours: the weekly hours, one or more intervals a weekday;
  * - public.closed_dates: holidays and other closed days, which staff add in the admin.
  * The slot rules are written once (private.open_slot_starts); the public look-up
  * (public.open_slots) and the judge of every booking (private.judge_booking_slot) both read them,
  * so the form offers exactly what the database takes.
  *
  * SQLSTATEs of this file (the RF series of 20261122000100_profiles_and_roles.sql):
  *   RF007  the date has no open consultation time (a closed day, outside the booking window)
  *   RF008  the time is not an open slot of the date (outside the hours, off the slot grid,
  *          within the minimum notice)
  *   RF009  the slot is full
  *   RF010  the client already holds as many upcoming bookings as one client may
 */

/** The days of the week, Monday first (ISO 8601: extract(isodow) is the position in this list). */
create type public.weekday as enum ('monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday');

/**
  * -------------------------------------------------------
  * Section - Rules, hours and closed days
  * -------------------------------------------------------
 */

/** The booking rules: one row (id is always true), changed by a migration. */
create table public.booking_rules
(
    id                      boolean primary key default true check (id),
    slot_minutes            integer  not null check (slot_minutes between 5 and 240),
    places_per_slot         integer  not null check (places_per_slot between 1 and 50),
    minimum_notice          interval not null check (minimum_notice >= interval '0'),
    booking_window_days     integer  not null check (booking_window_days between 1 and 366),
    upcoming_per_client     integer  not null check (upcoming_per_client between 1 and 100)
);

comment on table public.booking_rules is 'How consultations are booked (one row): slot length, places per slot, minimum notice, booking window, upcoming bookings one client may hold.';
comment on column public.booking_rules.slot_minutes is 'Length of a consultation slot; the calendar invitation uses the same.';
comment on column public.booking_rules.places_per_slot is 'Consultations that can run at once (advisers available).';
comment on column public.booking_rules.minimum_notice is 'A slot can be booked until this long before it starts.';
comment on column public.booking_rules.booking_window_days is 'The last bookable date is Lagos today plus this many days.';
comment on column public.booking_rules.upcoming_per_client is 'Upcoming bookings that hold a place one client address may have at once (private.judge_booking_slot).';

insert into public.booking_rules (slot_minutes, places_per_slot, minimum_notice, booking_window_days, upcoming_per_client)
values (30, 2, interval '3 hours', 60, 4);

/**
  * The weekly hours, in Lagos time: a weekday may have several intervals (a lunch break is two).
  * A slot starts on the interval's opening time plus whole slot lengths and ends by its closing time.
  * The footer's hours (content/site.json contact.hours) state the same; tests/db/appointment-slots.test.ts
  * fails when they differ.
 */
create table public.opening_hours
(
    weekday public.weekday not null,
    opens   time           not null,
    closes  time           not null,
    primary key (weekday, opens),
    constraint opening_hours_order check (opens < closes)
);

comment on table public.opening_hours is 'The weekly hours in Lagos time; a weekday without a row is closed.';

insert into public.opening_hours (weekday, opens, closes)
values ('monday', '09:00', '17:30'),
       ('tuesday', '09:00', '17:30'),
       ('wednesday', '09:00', '17:30'),
       ('thursday', '09:00', '17:30'),
       ('friday', '09:00', '17:30'),
       ('saturday', '10:00', '14:00');

/** Holidays and other days the office is closed (Eid, known a few days ahead): staff add them in the admin. */
create table public.closed_dates
(
    date       date primary key,
    reason     text        not null check (char_length(btrim(reason)) between 1 and 200),
    created_at timestamptz not null default now(),
    created_by uuid        references public.profiles (id) on delete set null default auth.uid()
);

comment on table public.closed_dates is 'Days without consultations whatever the weekly hours say (public holidays, office closures).';

create index closed_dates_created_by_idx on public.closed_dates (created_by);

-- The look-up and the judge count a slot's bookings. Not partial on the states that hold a place:
-- an index predicate calls its function as the inserting role, and visitors may not call private's.
create index bookings_slot_idx on public.bookings (date, time);

/**
  * -------------------------------------------------------
  * Section - The slot rules (once)
  * -------------------------------------------------------
 */

/** The weekday of a date (ISO: Monday is 1). */
create or replace function private.weekday_of(day date)
    returns public.weekday
    language sql
    immutable
    set search_path = ''
as
$$
select (enum_range(null::public.weekday))[extract(isodow from weekday_of.day)::integer];
$$;

revoke all on function private.weekday_of(date) from public, anon, authenticated;

/**
  * The start times of the slots of `day` that can be booked at the instant `at`: on the weekly
  * hours of its weekday, ending by closing time, not on a closed date, at least the minimum notice
  * after `at` in Lagos, and no later than the booking window. Capacity is not looked at here.
  * `at` is an argument so tests can ask about any moment; everything else passes now().
 */
create or replace function private.open_slot_starts(day date, at timestamptz)
    returns setof time
    language sql
    stable
    set search_path = ''
as
$$
with rules as (select make_interval(mins => slot_minutes) as slot,
                      minimum_notice,
                      booking_window_days,
                      private.consultancy_now(open_slot_starts.at) as lagos_now
               from public.booking_rules)
select distinct start::time
from rules
         cross join public.opening_hours as hours
         cross join lateral generate_series(open_slot_starts.day + hours.opens,
                                            open_slot_starts.day + hours.closes - rules.slot,
                                            rules.slot) as start
where hours.weekday = private.weekday_of(open_slot_starts.day)
  and open_slot_starts.day <= rules.lagos_now::date + rules.booking_window_days
  and start >= rules.lagos_now + rules.minimum_notice
  and not exists (select 1 from public.closed_dates as closed where closed.date = open_slot_starts.day)
order by 1;
$$;

revoke all on function private.open_slot_starts(date, timestamptz) from public, anon, authenticated;

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

/** The client address each booking came from, kept for the per-client limit; nobody but the database reads it. */
create table private.booking_clients
(
    booking_id uuid primary key references public.bookings (id) on delete cascade,
    address    text not null
);

create index booking_clients_address_idx on private.booking_clients (address);

revoke all on table private.booking_clients from public, anon, authenticated, service_role;

/**
  * Before a booking is stored, or moved (its date or time changed), or takes a place again (its
  * status changed to one that holds a place): refuses it unless its date and time are an open slot
  * with a place left, by whatever route it came (the form, REST, staff's move). Two bookings of the
  * same slot take a lock named for the slot, one after the other, so the second counts the first:
  * exactly one gets the last place. A new booking from a client address that already holds the
  * rules' number of upcoming bookings is refused too (the lock named for the address is taken
  * first, always in that order). The booking being moved is not counted against its new slot.
  * A security definer RPC that moves a booking for staff or for the visitor's link is judged like
  * the form: the caller's claims say who asked.
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
    client_address text;
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
        client_address := private.request_client_address();
        if client_address is not null then
            perform pg_advisory_xact_lock(hashtextextended('booking-client:' || client_address, 0));
            if (select count(*)
                from private.booking_clients as client
                         join public.bookings as b on b.id = client.booking_id
                where client.address = client_address
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

revoke all on function private.judge_booking_slot() from public, anon, authenticated;

/** After a booking made through the API is stored: records the client address it came from. */
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
        insert into private.booking_clients (booking_id, address) values (new.id, client_address);
    end if;
    return null;
end;
$$;

revoke all on function private.record_booking_client() from public, anon, authenticated;

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

/**
  * -------------------------------------------------------
  * Section - Privileges and row-level security
  * -------------------------------------------------------
  * The rules and the weekly hours are public facts (the footer states them); only migrations change
  * them. Admins read, add and remove closed days; visitors learn about them through open_slots.
 */
revoke all on table public.booking_rules, public.opening_hours, public.closed_dates from anon, authenticated, service_role;

grant select on table public.booking_rules, public.opening_hours to anon, authenticated;
grant select, delete on table public.closed_dates to authenticated;
grant insert (date, reason) on table public.closed_dates to authenticated;
grant all on table public.booking_rules, public.opening_hours, public.closed_dates to service_role;

alter table public.booking_rules enable row level security;
alter table public.opening_hours enable row level security;
alter table public.closed_dates enable row level security;

-- Anyone reads the booking rules.
create policy "Anyone can read the booking rules" on public.booking_rules
    for select
    to anon, authenticated
    using (true);

-- Anyone reads the weekly hours.
create policy "Anyone can read the opening hours" on public.opening_hours
    for select
    to anon, authenticated
    using (true);

-- Admins read closed days.
create policy "Admins can read closed dates" on public.closed_dates
    for select
    to authenticated
    using ((select private.is_admin()));

-- Admins add closed days.
create policy "Admins can add closed dates" on public.closed_dates
    for insert
    to authenticated
    with check ((select private.is_admin()));

-- Admins remove closed days.
create policy "Admins can remove closed dates" on public.closed_dates
    for delete
    to authenticated
    using ((select private.is_admin()));
