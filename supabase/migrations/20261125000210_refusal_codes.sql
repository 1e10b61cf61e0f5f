/**
  * -------------------------------------------------------
  * Refusals the forms explain, by SQLSTATE
  * -------------------------------------------------------
  * A refusal the browser shows at a form field carries a SQLSTATE of the project's own (class RF),
  * so the browser knows it by its code (src/lib/forms/errors.ts) and never by the message's
  * English. PostgREST passes the code through at every error verbosity (hint and detail are left
  * out under client-error-verbosity = minimal) and answers an unlisted code with HTTP 400, as
  * the check_violation these raised before; the messages stay for people reading the API.
  *   RF001  the booking date is in the past in Lagos (the booking form's date field)
  *   RF002  the date of birth is in the future (the visa form's dob field)
  *   RF003  the booking time has passed in Lagos (the booking form's time field)
  * RF001 and RF003 are raised by private.reject_past_booking_date, whose Lagos rule
  * 20261125000300_consultancy_time.sql defines: 20261125000320_booking_refusal_codes.sql gives them
  * their codes after it. The rules are unchanged: only the codes change.
 */

/**
  * Refuses a date of birth after today. Today is taken where it is latest on Earth (UTC+14), so a
  * date that is already today in the applicant's time zone is never judged to be in the future.
 */
create or replace function private.reject_future_birth_date()
    returns trigger
    language plpgsql
    set search_path = ''
as
$$
begin
    if new.dob > (now() at time zone 'UTC' + interval '14 hours')::date then
        raise exception 'The date of birth cannot be in the future.'
            using errcode = 'RF002', column = 'dob';
    end if;
    return new;
end;
$$;
