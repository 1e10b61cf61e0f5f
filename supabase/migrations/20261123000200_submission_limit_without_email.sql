/**
  * -------------------------------------------------------
  * Spam limit: a submission without an email address
  * -------------------------------------------------------
  * private.enforce_submission_limit ran before the form table's NOT NULL check, so a form sent
  * without an email tried to log (form, null) into private.form_submissions, and the caller got
  * that table's not-null error quoting the log row ('Failing row contains (27, bookings, null,
  * …)'). Without an address there is nothing to count: the trigger now lets the row through
  * untouched, and the form table's own NOT NULL constraint refuses it with an error about the
  * form alone. Every form table declares email not null, so no row without one is ever stored.
 */
create or replace function private.enforce_submission_limit()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    address text := lower(btrim(new.email));
    recent  integer;
begin
    if address is null then
        return new;
    end if;

    -- Two simultaneous submissions from one address must not both pass the count.
    perform pg_advisory_xact_lock(hashtextextended(tg_table_name || ':' || address, 0));

    delete from private.form_submissions where submitted_at < now() - interval '1 hour';

    select count(*)
    into recent
    from private.form_submissions
    where email = address
      and form = tg_table_name;

    if recent >= private.submission_limit_per_hour() then
        -- PostgREST answers SQLSTATE PTxyz with HTTP status xyz: 429 Too Many Requests.
        raise exception 'Too many submissions from this email address. Please try again in an hour.'
            using errcode = 'PT429',
                hint = format('Each email address may submit this form %s times per hour.',
                              private.submission_limit_per_hour());
    end if;

    insert into private.form_submissions (form, email) values (tg_table_name, address);
    return new;
end;
$$;

revoke all on function private.enforce_submission_limit() from public, anon, authenticated;
