/**
  * -------------------------------------------------------
  * One "today": the consultancy's, in Lagos
  * -------------------------------------------------------
  * A booking is for a date and time at the consultancy, in Lagos. The first check judged only the
  * date, where it is earliest on Earth (UTC-12), while the form judged it in the visitor's zone and
  * the admin in Lagos: a visitor in New York at 20:00 could book a Lagos day already over. Now the
  * database, the form (src/lib/domain.ts, CONSULTANCY_TIME_ZONE) and the admin share one zone:
  * a booking may be for the current minute in Lagos or later, never before.
 */

/**
  * The one place in SQL that names the consultancy's time zone; src/lib/domain.ts names the same
  * (tests/db/consultancy-time.test.ts keeps them equal).
 */
create or replace function private.consultancy_time_zone()
    returns text
    language sql
    immutable
    set search_path = ''
as
$$
select 'Africa/Lagos';
$$;

revoke all on function private.consultancy_time_zone() from public, anon, authenticated;

/**
  * The consultancy's wall-clock time at the instant `at`, to the minute: the moment a booking is
  * compared with. A function of an instant, so tests can ask it about any hour of any day.
 */
create or replace function private.consultancy_now(at timestamptz)
    returns timestamp
    language sql
    stable
    set search_path = ''
as
$$
select date_trunc('minute', consultancy_now.at at time zone private.consultancy_time_zone());
$$;

revoke all on function private.consultancy_now(timestamptz) from public, anon, authenticated;

/** The consultancy's date at the instant `at`. */
create or replace function private.consultancy_today(at timestamptz)
    returns date
    language sql
    stable
    set search_path = ''
as
$$
select private.consultancy_now(consultancy_today.at)::date;
$$;

revoke all on function private.consultancy_today(timestamptz) from public, anon, authenticated;

/**
  * Before insert on public.bookings: refuses a booking whose date, or whose time on today's date,
  * is already past in Lagos, naming the field (PostgREST's `column`) in words the form shows.
  * Security definer because visitors may not call the private clock functions themselves.
 */
create or replace function private.reject_past_booking_date()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    lagos_now timestamp := private.consultancy_now(now());
begin
    if new.date < lagos_now::date then
        raise exception 'The booking date cannot be in the past.'
            using errcode = 'check_violation', column = 'date';
    end if;
    if new.date + new.time < lagos_now then
        raise exception 'The booking time has already passed in Lagos (WAT).'
            using errcode = 'check_violation', column = 'time';
    end if;
    return new;
end;
$$;

revoke all on function private.reject_past_booking_date() from public, anon, authenticated;
