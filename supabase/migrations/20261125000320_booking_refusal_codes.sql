/**
  * -------------------------------------------------------
  * The booking's refusals, by SQLSTATE
  * -------------------------------------------------------
  * private.reject_past_booking_date as 20261125000300_consultancy_time.sql defines it (the same
  * Lagos rule, word for word), its two refusals given the codes of the project's class RF
  * (20261125000210_refusal_codes.sql), by which the booking form knows which field each is about
  * (src/lib/forms/errors.ts): RF001 the date, RF003 the time. Before, both were check_violation,
  * told apart only by their English.
 */

/**
  * Before insert on public.bookings: refuses a booking whose date, or whose time on today's date,
  * is already past in Lagos. Security definer because visitors may not call the private clock
  * functions themselves.
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
            using errcode = 'RF001', column = 'date';
    end if;
    if new.date + new.time < lagos_now then
        raise exception 'The booking time has already passed in Lagos (WAT).'
            using errcode = 'RF003', column = 'time';
    end if;
    return new;
end;
$$;

revoke all on function private.reject_past_booking_date() from public, anon, authenticated;
