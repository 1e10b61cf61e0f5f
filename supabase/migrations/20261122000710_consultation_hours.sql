/**
  * -------------------------------------------------------
  * Consultation hours: when a consultation may be booked
  * -------------------------------------------------------
  * The consultancy's availability lives here, in the database, in Lagos time
  * (docs/product-decisions.md, Appointments, says why):
  * - public.booking_rules: slot length, places per slot, minimum notice, how far ahead one may
  *   book, how many upcoming bookings one client may hold, and how many new bookings all visitors
  *   together may make in an hour;
  * - public.opening_hours: the weekly hours, one or more intervals a weekday: the one statement of
  *   the office hours, which admins change in /admin (public.set_weekly_hours) and the footer,
  *   /contact and the booking aside write into the page from the same rows
  *   (src/page-scripts/office-hours.ts, common/office-hours.ts), so what visitors read and what
  *   they can book cannot disagree;
  * - public.closed_dates: holidays and other closed days, which staff add in the admin, only
  *   within the booking window's reach.
  * The slot rules are written once (private.open_slot_starts); the public look-up
  * (public.open_slots) and the judge of every booking (private.judge_booking_slot), both in
  * 20261122000720_bookings.sql, read them, so the form offers exactly what the database takes.
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
    upcoming_per_client     integer  not null check (upcoming_per_client between 1 and 100),
    bookings_per_hour       integer  not null default 40 check (bookings_per_hour between 1 and 10000),
    captcha_required        boolean  not null default false
);

comment on table public.booking_rules is 'How consultations are booked (one row): slot length, places per slot, minimum notice, booking window, upcoming bookings one client may hold.';
comment on column public.booking_rules.slot_minutes is 'Length of a consultation slot; the calendar invitation uses the same.';
comment on column public.booking_rules.places_per_slot is 'Consultations that can run at once (advisers available).';
comment on column public.booking_rules.minimum_notice is 'A slot can be booked until this long before it starts.';
comment on column public.booking_rules.booking_window_days is 'The last bookable date is Lagos today plus this many days.';
comment on column public.booking_rules.upcoming_per_client is 'Upcoming bookings that hold a place one client network (an IPv4 address, an IPv6 /64) may have at once (private.judge_booking_slot).';
comment on column public.booking_rules.bookings_per_hour is 'New bookings all visitors together may make in an hour; the one that reaches it tells staff (private.judge_booking_slot).';
comment on column public.booking_rules.captcha_required is 'True where Auth checks a CAPTCHA on anonymous sign-ins: a booking must then come from a session (the form signs in anonymously with the solved challenge), never from the bare anon key (private.judge_booking_slot; docs/deploy.md).';

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

/**
  * Holidays and other days the office is closed (Eid, known a few days ahead): staff add them in
  * the admin. No one stores a date without end ('infinity'), not even the operator's SQL; what
  * staff may add is narrower still (private.refuse_closed_date_out_of_reach).
 */
create table public.closed_dates
(
    date       date primary key,
    reason     text        not null check (char_length(btrim(reason)) between 1 and 200),
    created_at timestamptz not null default now(),
    created_by uuid        references public.profiles (id) on delete set null default auth.uid(),
    constraint closed_dates_finite check (isfinite(date))
);

comment on table public.closed_dates is 'Days without consultations whatever the weekly hours say (public holidays, office closures).';

create index closed_dates_created_by_idx on public.closed_dates (created_by);
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
  * The rules row is materialised so the Lagos clock is read once per call, not once for each
  * candidate start (a function with its own search_path is never inlined, so each call costs;
  * every booking insert runs this).
 */
create or replace function private.open_slot_starts(day date, at timestamptz)
    returns setof time
    language sql
    stable
    set search_path = ''
as
$$
with rules as materialized (select make_interval(mins => slot_minutes) as slot,
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

/**
  * -------------------------------------------------------
  * Section - Closed days within reach
  * -------------------------------------------------------
  * A closed day matters only where a booking can be: from Lagos today to the end of the booking
  * window. Anything else staff send (a typo's year 10000, 'infinity') is refused with 400, so no
  * page has to show a date it cannot write. The operator's SQL (a migration, a test, the seed) is
  * not judged, as for bookings (private.judge_booking_slot), but no one stores a date without end
  * (closed_dates_finite).
 */
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
  * Section - Privileges and row-level security
  * -------------------------------------------------------
  * The rules and the weekly hours are public facts (the footer states them). Migrations change the
  * rules; admins change the weekly hours (set_weekly_hours, below) and read, add and remove closed
  * days; visitors learn about closed days through open_slots.
 */
revoke all on table public.booking_rules, public.opening_hours, public.closed_dates from anon, authenticated, service_role;

grant select on table public.booking_rules, public.opening_hours to anon, authenticated;
grant insert (weekday, opens, closes), delete on table public.opening_hours to authenticated;
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

-- Staff add weekly hours.
create policy "Staff can add opening hours" on public.opening_hours
    for insert
    to authenticated
    with check ((select private.is_staff()));

-- Staff remove weekly hours.
create policy "Staff can remove opening hours" on public.opening_hours
    for delete
    to authenticated
    using ((select private.is_staff()));

-- Staff read closed days.
create policy "Staff can read closed dates" on public.closed_dates
    for select
    to authenticated
    using ((select private.is_staff()));

-- Staff add closed days.
create policy "Staff can add closed dates" on public.closed_dates
    for insert
    to authenticated
    with check ((select private.is_staff()));

-- Staff remove closed days.
create policy "Staff can remove closed dates" on public.closed_dates
    for delete
    to authenticated
    using ((select private.is_staff()));

/**
  * -------------------------------------------------------
  * Section - Admins change the weekly hours
  * -------------------------------------------------------
 */
/**
  * Replaces the weekly hours with `week`, a JSON array of { weekday, opens, closes } (times
  * HH:MM, Lagos): every row at once, so a visitor never sees half a week. Security invoker: the
  * policies above decide, so only an admin's call changes anything (anyone else's insert is
  * refused with 42501). Bookings already made stay where they are; from now on only the new hours
  * are offered and accepted. An interval that is empty or overlaps another of its day is refused
  * (RF012), as is a weekday named twice at the same opening time (23505).
 */
create or replace function public.set_weekly_hours(week jsonb)
    returns void
    language plpgsql
    security invoker
    set search_path = ''
as
$$
begin
    if jsonb_typeof(set_weekly_hours.week) is distinct from 'array' then
        raise exception 'The weekly hours must be a list of { weekday, opens, closes }.' using errcode = 'RF012';
    end if;
    if not (select private.is_staff()) then
        raise exception 'Only staff may change the opening hours.' using errcode = '42501';
    end if;
    delete from public.opening_hours where true;
    insert into public.opening_hours (weekday, opens, closes)
    select (item ->> 'weekday')::public.weekday, (item ->> 'opens')::time, (item ->> 'closes')::time
    from jsonb_array_elements(set_weekly_hours.week) as item;
    if exists (select 1
               from public.opening_hours as a
                        join public.opening_hours as b
                             on a.weekday = b.weekday and a.opens < b.opens and b.opens < a.closes) then
        raise exception 'Two intervals of one day overlap.' using errcode = 'RF012';
    end if;
exception
    when check_violation then
        raise exception 'Each interval must close after it opens.' using errcode = 'RF012';
end;
$$;

comment on function public.set_weekly_hours(jsonb) is 'Admins replace the weekly hours (a JSON array of { weekday, opens, closes }, Lagos time) in one transaction.';

revoke all on function public.set_weekly_hours(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.set_weekly_hours(jsonb) to authenticated;
