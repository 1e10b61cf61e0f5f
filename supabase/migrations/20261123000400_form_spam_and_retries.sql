/**
  * -------------------------------------------------------
  * Forms: honeypot, idempotency keys, newsletter sign-up function
  * -------------------------------------------------------
  * What the site's forms need beyond the tables of 20261122000200 and 20261122000300:
  * - a honeypot column (`website`) on the public form tables: a row that fills it comes from a
  *   bot; it is dropped without an error, so the bot sees the same 201 as a person;
  * - an idempotency key (`client_key`) on every form table: the browser makes one per submission
  *   and sends it again on a retry, so a double click or a retry after a lost answer stores one
  *   row (the second insert fails with a unique violation, HTTP 409, which the form counts as done);
  * - public.subscribe_newsletter(email, website), security definer: since 20261123000100 revokes
  *   direct inserts on newsletter_subscribers, this function is the only way in.
 */

/**
  * -------------------------------------------------------
  * Section - Honeypot
  * -------------------------------------------------------
 */

/**
  * Before insert on a public form table: skips (returns NULL for) a row whose honeypot column is
  * filled. Its trigger name sorts before the other insert triggers (Postgres fires them in name
  * order), so a dropped row is neither checked against the date rules nor counted by the spam limit.
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

alter table public.bookings
    add column website text;
alter table public.contact_messages
    add column website text;

comment on column public.bookings.website is 'Honeypot: always empty in a stored row (private.drop_honeypot_rows).';
comment on column public.contact_messages.website is 'Honeypot: always empty in a stored row (private.drop_honeypot_rows).';

create trigger bookings_drop_honeypot
    before insert
    on public.bookings
    for each row
execute function private.drop_honeypot_rows();

create trigger contact_messages_drop_honeypot
    before insert
    on public.contact_messages
    for each row
execute function private.drop_honeypot_rows();

/**
  * -------------------------------------------------------
  * Section - Idempotency keys
  * -------------------------------------------------------
  * Optional (a client that sends none gets no protection, as before); unique when present.
 */
alter table public.bookings
    add column client_key uuid unique;
alter table public.contact_messages
    add column client_key uuid unique;
alter table public.visa_applications
    add column client_key uuid unique;

comment on column public.bookings.client_key is 'Idempotency key made by the browser per submission; a retry with the same key is refused (409).';
comment on column public.contact_messages.client_key is 'Idempotency key made by the browser per submission; a retry with the same key is refused (409).';
comment on column public.visa_applications.client_key is 'Idempotency key made by the browser per submission; a retry with the same key is refused (409).';

grant insert (website, client_key) on table public.bookings to anon, authenticated;
grant insert (website, client_key) on table public.contact_messages to anon, authenticated;
grant insert (client_key) on table public.visa_applications to authenticated;

/**
  * -------------------------------------------------------
  * Section - Newsletter
  * -------------------------------------------------------
  * Replaces subscribe_newsletter(email): whatever the earlier version was (invoker or definer),
  * it is dropped so exactly one signature remains.
 */
drop function if exists public.subscribe_newsletter(text);

/**
  * Subscribes an address: rpc('subscribe_newsletter', { email, website }). Silent for an address
  * that is already subscribed (no enumeration) and for a filled honeypot (`website`). Security
  * definer because visitors may not insert into the table directly; the spam-limit trigger still
  * counts every sign-up of an address, including repeats.
 */
create or replace function public.subscribe_newsletter(email text, website text default null)
    returns void
    language sql
    security definer
    set search_path = ''
as
$$
insert into public.newsletter_subscribers (email)
select btrim(subscribe_newsletter.email)
where nullif(btrim(subscribe_newsletter.website), '') is null
on conflict do nothing;
$$;

revoke all on function public.subscribe_newsletter(text, text) from public, anon, authenticated, service_role;
grant execute on function public.subscribe_newsletter(text, text) to anon, authenticated, service_role;
