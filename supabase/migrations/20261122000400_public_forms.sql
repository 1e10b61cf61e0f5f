/**
  * -------------------------------------------------------
  * Public forms: their spam guards, and contact messages
  * -------------------------------------------------------
  * Anyone, signed in or not, may submit the public forms (the contact forms here, the booking form
  * of 20261122000720_bookings.sql); nobody but an admin reads them back. Anonymous inserts
  * therefore use return=minimal: there is no SELECT policy for visitors. Three guards:
  * - a spam limit: each email address may submit each form at most a few times an hour (the
  *   newsletter's sign-up counts too, 20261122000800_newsletter.sql);
  * - a honeypot column (`website`) on the bookings and contact tables: a row that fills it comes
  *   from a bot and is dropped without an error, so the bot sees the same 201 as a person;
  * - an idempotency key (`client_key`): the browser makes one per submission and sends it again on
  *   a retry, so a double click or a retry after a lost answer stores one row (the second insert
  *   fails with a unique violation, HTTP 409, which the form counts as done).
  * What a contact message then sets off (the staff's email, staff marking it handled) is
  * 20261122000700_lead_handling.sql.
 */

/**
  * -------------------------------------------------------
  * Section - Spam limit
  * -------------------------------------------------------
  * Submissions are counted per form and per lower-cased email address in a private log that
  * forgets entries after an hour. A log, rather than counting the form table itself, also counts
  * newsletter sign-ups for an address that is already subscribed (which add no row).
 */

/**
  * The one place that sets how many submissions an email address may make to one form per hour.
 */
create or replace function private.submission_limit_per_hour()
    returns integer
    language sql
    immutable
    set search_path = ''
as
$$
select 5;
$$;

revoke all on function private.submission_limit_per_hour() from public, anon, authenticated;

create table private.form_submissions
(
    id           bigint generated always as identity primary key,
    form         text        not null,
    email        text        not null,
    submitted_at timestamptz not null default now()
);

create index form_submissions_email_form_idx on private.form_submissions (email, form);
create index form_submissions_submitted_at_idx on private.form_submissions (submitted_at);

revoke all on table private.form_submissions from public, anon, authenticated, service_role;

/**
  * Before each insert into a public form table: refuses the submission when its email address
  * already made the hourly limit of submissions to that form, otherwise logs it. Security definer
  * because visitors cannot read the log. A row without an email address is let through untouched:
  * there is nothing to count, and the form table's own NOT NULL constraint then refuses it with an
  * error about the form (logging it would fail on the log's NOT NULL and quote the log row).
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

/**
  * -------------------------------------------------------
  * Section - Honeypot
  * -------------------------------------------------------
 */

/**
  * Before insert on a public form table: skips (returns NULL for) a row whose honeypot column is
  * filled. Its trigger name sorts before the other insert triggers (Postgres fires them in name
  * order), so a dropped row is neither checked against the date rules nor counted by the spam limit.
  * The email rule is a domain, checked before any trigger: a malformed address is refused even
  * when the honeypot is filled, as it is for a person.
 */
create or replace function private.drop_honeypot_rows()
    returns trigger
    language plpgsql
    set search_path = ''
as
$$
begin
    if nullif(btrim(new.website), '') is not null then
        return null;
    end if;
    return new;
end;
$$;

revoke all on function private.drop_honeypot_rows() from public, anon, authenticated;

/**
  * -------------------------------------------------------
  * Section - Contact messages
  * -------------------------------------------------------
  * From /contact and /contact1; page records which one.
 */
create table public.contact_messages
(
    id          uuid primary key     default extensions.gen_random_uuid(),
    name        text        not null check (char_length(btrim(name)) between 1 and 200),
    email       public.email_address not null,
    subject     text        not null check (char_length(btrim(subject)) between 1 and 200),
    phone       text        not null check (char_length(btrim(phone)) between 3 and 40),
    message     text        not null check (char_length(btrim(message)) between 1 and 5000),
    page        text        not null check (char_length(page) <= 200 and page ~ '^/([A-Za-z0-9_-][A-Za-z0-9/_-]*)?$'),
    created_at  timestamptz not null default now(),
    -- The admin dashboard's search keys (20261122000100_profiles_and_roles.sql says why).
    name_lower  text collate "C" generated always as (lower(name)) stored,
    email_lower text collate "C" generated always as (lower(email)) stored,
    website     text,
    client_key  uuid unique,
    -- Written only by public.set_lead_handled (20261122000700_lead_handling.sql).
    handled_at  timestamptz,
    handled_by  uuid references public.profiles (id) on delete set null,
    -- When the retention job stripped its personal fields (20261129000200_retention.sql).
    personal_data_removed_at timestamptz
);

comment on table public.contact_messages is 'Messages from the contact forms; page is the path they were sent from.';
comment on column public.contact_messages.website is 'Honeypot: always empty in a stored row (private.drop_honeypot_rows).';
comment on column public.contact_messages.client_key is 'Idempotency key made by the browser per submission; a retry with the same key is refused (409).';
comment on column public.contact_messages.handled_at is 'When staff marked the message handled (NULL: new); set by public.set_lead_handled.';

create index contact_messages_created_at_idx on public.contact_messages (created_at desc, id);
-- The admin list's search and sort keys (20261122000100_profiles_and_roles.sql says why).
create index contact_messages_name_lower_idx on public.contact_messages (name_lower desc, id);
create index contact_messages_email_lower_idx on public.contact_messages (email_lower desc, id);
-- The dashboard counts and lists what is new.
create index contact_messages_new_idx on public.contact_messages (created_at desc) where handled_at is null;
create index contact_messages_handled_by_idx on public.contact_messages (handled_by);

create trigger contact_messages_drop_honeypot
    before insert
    on public.contact_messages
    for each row
execute function private.drop_honeypot_rows();

create trigger contact_messages_submission_limit
    before insert
    on public.contact_messages
    for each row
execute function private.enforce_submission_limit();

/**
  * -------------------------------------------------------
  * Section - Privileges
  * -------------------------------------------------------
  * Visitors and users insert the form fields, the honeypot and the idempotency key only (never id,
  * created_at or the handled state); admins read and delete through the policies below; the
  * service key has full access.
 */
revoke all on table public.contact_messages
    from anon, authenticated, service_role;

grant insert (name, email, subject, phone, message, page, website, client_key)
    on table public.contact_messages to anon, authenticated;

grant select, delete on table public.contact_messages
    to authenticated;
grant all on table public.contact_messages to service_role;

/**
  * -------------------------------------------------------
  * Section - Row-level security
  * -------------------------------------------------------
  * The forms are public by design: the CHECK constraints, the field rules and the spam limit guard
  * their values. The insert policies add what a stored row must be: a person's (the honeypot
  * empty; the honeypot trigger drops a bot's row before the policy is checked, so the policy holds
  * should that trigger ever go). The column grants keep every other column (id, created_at) out
  * of a visitor's reach.
 */
alter table public.contact_messages enable row level security;

-- Visitors and signed-in users send contact messages.
create policy "Anyone can send a contact message" on public.contact_messages
    for insert
    to anon, authenticated
    with check (nullif(btrim(website), '') is null);

-- Staff read contact messages.
create policy "Staff can read contact messages" on public.contact_messages
    for select
    to authenticated
    using ((select private.is_staff()));

-- Staff delete contact messages.
create policy "Staff can delete contact messages" on public.contact_messages
    for delete
    to authenticated
    using ((select private.is_staff()));
