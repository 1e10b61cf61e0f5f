/**
  * -------------------------------------------------------
  * Consultancy time: one "today", the consultancy's, in Lagos
  * -------------------------------------------------------
  * A booking is for a date and time at the consultancy, in Lagos, and the admin's overview counts
  * bookings and leads by the consultancy's days and weeks. The database, the booking form
  * (common/domain.ts, CONSULTANCY_TIME_ZONE) and the admin share one zone, so a visitor in New
  * York at 20:00 cannot book a Lagos day already over, and "today" is the same day for the form,
  * the dashboard and the counts. Every "now" and "today" of the consultancy in SQL is one of the
  * functions below.
 */

/**
  * The one place in SQL that names the consultancy's time zone; common/domain.ts names the same
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
