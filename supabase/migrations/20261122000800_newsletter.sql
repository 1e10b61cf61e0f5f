/**
  * -------------------------------------------------------
  * Newsletter: sign-up, double opt-in, welcome and unsubscribe
  * -------------------------------------------------------
  * One row per address, whatever its letter case. Visitors and users may not insert into the
  * table: a direct insert would answer 409 (unique violation) for a subscribed address and 201 for
  * any other, telling anyone who is on the list. public.subscribe_newsletter, which answers the
  * same in every case, is the only way in; the service key keeps full access. The sign-up counts
  * against the public forms' spam limit (20261122000400_public_forms.sql).
  *
  * Anyone can type someone else's address into the newsletter form. So a sign-up is pending until
  * the address confirms it: the only email a pending address gets is the confirmation, with a
  * link to /newsletter/confirm; the welcome (and every newsletter staff send from the subscriber
  * list) comes only after the click. A pending sign-up expires after
  * private.newsletter_confirmation_lifetime(): its link stops working, and the daily retention job
  * deletes it (with its queued emails) once the rule unconfirmed_newsletter_sign_ups says
  * (20261129000200_retention.sql). An address gets at most
  * private.newsletter_confirmations_per_day() confirmations in 24 hours, however often it is typed.
  *
  * The welcome carries a one-click unsubscribe link (RFC 8058), which does not expire. Both links'
  * tokens are made and hashed as a booking's are (private.new_link_token and
  * private.link_token_hash, 20261122000500_notifications.sql): the row keeps only their SHA-256
  * (confirmation_token_hash, unsubscribe_token_hash) and the token itself travels in its email's
  * payload (link_token), which loses it once the email is sent. So an admin who reads the table
  * cannot build a working link. Unsubscribing keeps the row (stamped unsubscribed_at), so the
  * address can be told apart from one that never subscribed, and cancels a welcome not sent yet.
  *
  * A row's state: pending (confirmed_at NULL), subscribed (confirmed_at set, unsubscribed_at
  * NULL), unsubscribed (unsubscribed_at set). Signing up again with a pending or unsubscribed
  * address asks for confirmation again (a new link); with a subscribed address it does nothing,
  * and the form answers the same in every case (no enumeration). An address is welcomed once,
  * however often it unsubscribes and confirms again.
  *
  * Consent that can be proven (docs/privacy.md): a sign-up records what was agreed, the privacy
  * notice's version shown beside the form (content/privacy/notice.mdx, given to the form at build
  * time), the page it was given on and when (consent_notice_version, consent_page,
  * consent_given_at); confirmed_at is when the address confirmed it. Signing up again while
  * pending or unsubscribed records the new consent, which the new confirmation link confirms.
  * Only confirmed, subscribed addresses get marketing email: the welcome is queued by the
  * confirmation alone, and the sender checks again before sending it.
 */

/**
  * -------------------------------------------------------
  * Section - Table
  * -------------------------------------------------------
 */

-- A row's state (above), an enum in the order a sign-up goes through them, which the admin's list sorts by.
create type public.subscription_status as enum ('pending', 'subscribed', 'unsubscribed');

create table public.newsletter_subscribers
(
    id                        uuid primary key     default extensions.gen_random_uuid(),
    email                     public.email_address not null,
    created_at                timestamptz not null default now(),
    -- The admin dashboard's search key (20261122000100_profiles_and_roles.sql says why).
    email_lower               text collate "C" generated always as (lower(email)) stored,
    -- NULL until the first confirmation, which queues the welcome carrying the link.
    unsubscribe_token_hash    bytea unique check (octet_length(unsubscribe_token_hash) = 32),
    unsubscribed_at           timestamptz,
    -- NULL only inside the insert, until private.ask_newsletter_confirmation gives the row its link.
    confirmation_token_hash   bytea unique check (octet_length(confirmation_token_hash) = 32),
    confirmation_requested_at timestamptz not null default now(),
    confirmed_at              timestamptz,
    -- The consent given at sign-up (above). The version has the content schema's shape
    -- (noticeVersion, src/lib/content/schemas.ts; tests/db/newsletter-consent.test.ts holds the two
    -- equal); version and page are NULL only for a sign-up made through the API without them.
    consent_notice_version    text check (consent_notice_version ~ '^[0-9]{1,3}\.[0-9]{1,3}$'),
    consent_page              text check (consent_page ~ '^/' and char_length(consent_page) <= 200),
    consent_given_at          timestamptz not null default now(),
    -- The state as the admin's list shows and filters it, kept by the database from the two stamps.
    status                    public.subscription_status not null generated always as (
        case
            when unsubscribed_at is not null then 'unsubscribed'::public.subscription_status
            when confirmed_at is null then 'pending'::public.subscription_status
            else 'subscribed'::public.subscription_status
            end) stored
);

comment on table public.newsletter_subscribers is 'Newsletter sign-ups from the footer; email is unique ignoring case.';
comment on column public.newsletter_subscribers.unsubscribe_token_hash is 'SHA-256 of the token of the one-click unsubscribe link (public.unsubscribe_newsletter), set at the first confirmation; the token itself is only in the welcome email.';
comment on column public.newsletter_subscribers.unsubscribed_at is 'When the address unsubscribed (NULL: subscribed); it gets no newsletter email after that.';
comment on column public.newsletter_subscribers.confirmation_token_hash is 'SHA-256 of the token of the confirmation link (public.confirm_newsletter), a new one for each request to confirm; the token itself is only in the email.';
comment on column public.newsletter_subscribers.confirmation_requested_at is 'When confirmation was last asked for; the link expires private.newsletter_confirmation_lifetime() later.';
comment on column public.newsletter_subscribers.confirmed_at is 'When the address confirmed (NULL: pending, it gets nothing but its confirmation).';
comment on column public.newsletter_subscribers.consent_notice_version is 'The version of the privacy notice (/privacy) shown beside the form when the address signed up: what it agreed to.';
comment on column public.newsletter_subscribers.consent_page is 'The page of the site the sign-up was made on (a path, like /about).';
comment on column public.newsletter_subscribers.consent_given_at is 'When the consent was given: the sign-up, or the latest sign-up again while pending or unsubscribed; confirmed_at says when the address confirmed it.';
comment on column public.newsletter_subscribers.status is 'pending, subscribed or unsubscribed, from confirmed_at and unsubscribed_at; only subscribed addresses get newsletters.';

create unique index newsletter_subscribers_email_key on public.newsletter_subscribers (lower(email));
create index newsletter_subscribers_created_at_idx on public.newsletter_subscribers (created_at desc, id);
-- The admin list's search and sort key (20261122000100_profiles_and_roles.sql says why).
create index newsletter_subscribers_email_lower_idx on public.newsletter_subscribers (email_lower desc, id);
-- The retention job reads pending sign-ups by age.
create index newsletter_subscribers_pending_idx on public.newsletter_subscribers (confirmation_requested_at)
    where confirmed_at is null;

create trigger newsletter_subscribers_submission_limit
    before insert
    on public.newsletter_subscribers
    for each row
execute function private.enforce_submission_limit();

/**
  * -------------------------------------------------------
  * Section - Signing up
  * -------------------------------------------------------
 */

/**
  * Subscribes an address, recording the consent given (the notice's version and the page; the
  * time is now). Silent for an address that is already subscribed (no enumeration) and for a
  * filled honeypot (`website`). Security definer because visitors may not insert into the table
  * directly; it lives in private, which the REST API does not expose, and is reached through
  * public.subscribe_newsletter. The email rule, the consent columns' checks and the spam-limit
  * trigger still apply, and the limit counts every sign-up of an address, repeats too.
 */
create or replace function private.subscribe_newsletter(email text, website text, notice_version text, page text)
    returns void
    language sql
    security definer
    set search_path = ''
as
$$
insert into public.newsletter_subscribers (email, consent_notice_version, consent_page)
select btrim(subscribe_newsletter.email), subscribe_newsletter.notice_version, subscribe_newsletter.page
where nullif(btrim(subscribe_newsletter.website), '') is null
on conflict do nothing;
$$;

revoke all on function private.subscribe_newsletter(text, text, text, text) from public, anon, authenticated, service_role;
grant execute on function private.subscribe_newsletter(text, text, text, text) to anon, authenticated, service_role;
-- Visitors reach this one function of private through public.subscribe_newsletter; every other
-- function there revokes execute from anon.
grant usage on schema private to anon;

/**
  * The newsletter form's RPC: rpc('subscribe_newsletter', { email, website, notice_version, page }).
  * Security invoker, so an exposed function never runs with its owner's rights (Supabase's
  * linter, lints 0028/0029); private.subscribe_newsletter does the privileged insert.
 */
create or replace function public.subscribe_newsletter(email text, website text default null, notice_version text default null,
                                                       page text default null)
    returns void
    language sql
    security invoker
    set search_path = ''
as
$$
select private.subscribe_newsletter(subscribe_newsletter.email, subscribe_newsletter.website, subscribe_newsletter.notice_version,
                                    subscribe_newsletter.page);
$$;

revoke all on function public.subscribe_newsletter(text, text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.subscribe_newsletter(text, text, text, text) to anon, authenticated, service_role;

/**
  * -------------------------------------------------------
  * Section - Confirming (double opt-in)
  * -------------------------------------------------------
 */

/** The one place that sets how long a confirmation link works. */
create or replace function private.newsletter_confirmation_lifetime()
    returns interval
    language sql
    immutable
    set search_path = ''
as
$$
select interval '7 days';
$$;

revoke all on function private.newsletter_confirmation_lifetime() from public, anon, authenticated;

/** The one place that sets how many confirmations one address may receive in 24 hours. */
create or replace function private.newsletter_confirmations_per_day()
    returns integer
    language sql
    immutable
    set search_path = ''
as
$$
select 3;
$$;

revoke all on function private.newsletter_confirmations_per_day() from public, anon, authenticated;

/**
  * Asks the sign-up to confirm: gives it a new confirmation link, valid from now (the one before
  * stops working), and queues the email carrying it (each request to confirm is one email), unless
  * the address has had its day's share (private.queue_notification's daily_cap). The row keeps
  * the token's hash only; the token is in the email's payload until the email is sent, and with a
  * day's share used up it is known to no one.
 */
create or replace function private.ask_newsletter_confirmation(subscriber_id uuid, address text)
    returns void
    language plpgsql
    set search_path = ''
as
$$
declare
    token text := private.new_link_token();
begin
    update public.newsletter_subscribers
    set confirmation_token_hash   = private.link_token_hash(token),
        confirmation_requested_at = now()
    where id = ask_newsletter_confirmation.subscriber_id;
    perform private.queue_notification('newsletter_confirmation', ask_newsletter_confirmation.address, 'newsletter_subscribers',
                                       ask_newsletter_confirmation.subscriber_id, jsonb_build_object('link_token', token),
                                       event_id => extensions.gen_random_uuid(),
                                       daily_cap => private.newsletter_confirmations_per_day());
end;
$$;

revoke all on function private.ask_newsletter_confirmation(uuid, text) from public, anon, authenticated;

/**
  * After insert on newsletter_subscribers (a new address): its confirmation, not yet a welcome.
 */
create or replace function private.on_newsletter_subscribed()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    perform private.ask_newsletter_confirmation(new.id, new.email);
    return null;
end;
$$;
revoke all on function private.on_newsletter_subscribed() from public, anon, authenticated;

create trigger newsletter_subscribers_signed_up
    after insert
    on public.newsletter_subscribers
    for each row
execute function private.on_newsletter_subscribed();

create trigger newsletter_subscribers_forget_notifications
    after delete
    on public.newsletter_subscribers
    for each row
execute function private.forget_notifications();

/**
  * Before insert on newsletter_subscribers, for an address already on the list: nothing when it is
  * subscribed; otherwise (pending, or unsubscribed) it is asked to confirm again, with a new link,
  * as pending, and the row records this sign-up's consent (an unsubscribed address keeps its
  * unsubscribe link, the one its welcome carried). Either way no row is added. Its trigger name sorts after the spam limit's, so the
  * repeated sign-up is still counted.
 */
create or replace function private.resubscribe_newsletter()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    existing public.newsletter_subscribers;
begin
    select * into existing from public.newsletter_subscribers where lower(email) = lower(new.email) for update;
    if not found then
        return new;
    end if;
    if existing.confirmed_at is null or existing.unsubscribed_at is not null then
        update public.newsletter_subscribers
        set confirmed_at           = null,
            unsubscribed_at        = null,
            consent_notice_version = new.consent_notice_version,
            consent_page           = new.consent_page,
            consent_given_at       = now()
        where id = existing.id;
        perform private.ask_newsletter_confirmation(existing.id, existing.email);
    end if;
    return null;
end;
$$;

revoke all on function private.resubscribe_newsletter() from public, anon, authenticated;

create trigger newsletter_subscribers_welcome_back
    before insert
    on public.newsletter_subscribers
    for each row
execute function private.resubscribe_newsletter();

/**
  * Confirms the sign-up whose confirmation link carries token, while the link works, and queues
  * its welcome, once per row ever: the first confirmation gives the row its unsubscribe link, and
  * the welcome carries that link's token (so an address that unsubscribed and confirmed again is
  * not welcomed twice, and its first welcome's link still works). Confirmations still waiting to
  * be sent are completed without sending, as unsubscribing does with a waiting welcome (the sender
  * also skips one it had already claimed). Idempotent: a second click keeps the first confirmed_at
  * and answers true. False for an unknown, replaced or expired token; 400 (PT400) for a value not
  * shaped like a token. Security definer because visitors can neither read nor write the table;
  * the token is the credential.
 */
create or replace function private.confirm_newsletter(token text)
    returns boolean
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    token_hash        bytea := private.link_token_hash(confirm_newsletter.token);
    unsubscribe_token text  := private.new_link_token();
    subscriber        public.newsletter_subscribers;
begin
    if token_hash is null then
        raise exception 'This confirmation link is not valid: it is incomplete or mistyped.' using errcode = 'PT400';
    end if;

    update public.newsletter_subscribers s
    set confirmed_at           = coalesce(s.confirmed_at, now()),
        unsubscribe_token_hash = coalesce(s.unsubscribe_token_hash, private.link_token_hash(unsubscribe_token))
    where s.confirmation_token_hash = token_hash
      and s.unsubscribed_at is null
      and (s.confirmed_at is not null
        or s.confirmation_requested_at > now() - private.newsletter_confirmation_lifetime())
    returning * into subscriber;

    if subscriber.id is null then
        return false;
    end if;

    update public.notifications
    set status       = 'sent',
        sent_at      = null,
        locked_until = null,
        last_error   = 'Not sent: the address confirmed first.'
    where subject_table = 'newsletter_subscribers'
      and subject_id = subscriber.id
      and kind = 'newsletter_confirmation'
      and status in ('queued', 'failed');

    -- Only the row's first confirmation stored the new unsubscribe token's hash: its welcome.
    if subscriber.unsubscribe_token_hash = private.link_token_hash(unsubscribe_token) then
        perform private.queue_notification('newsletter_welcome', subscriber.email, 'newsletter_subscribers', subscriber.id,
                                           jsonb_build_object('link_token', unsubscribe_token));
    end if;
    return true;
end;
$$;

revoke all on function private.confirm_newsletter(text) from public, anon, authenticated;
-- Visitors confirm from the link in the email; their usage of schema private is granted with
-- private.subscribe_newsletter above.
grant execute on function private.confirm_newsletter(text) to anon, authenticated, service_role;

/**
  * Confirms a newsletter sign-up by the token of its confirmation link: rpc('confirm_newsletter',
  * { token }). For anyone (the link works without signing in); true when the sign-up is confirmed.
 */
create or replace function public.confirm_newsletter(token text)
    returns boolean
    language sql
    security invoker
    set search_path = ''
as
$$
select private.confirm_newsletter(confirm_newsletter.token);
$$;

revoke all on function public.confirm_newsletter(text) from public, anon, authenticated, service_role;
grant execute on function public.confirm_newsletter(text) to anon, authenticated, service_role;

/**
  * -------------------------------------------------------
  * Section - Unsubscribing
  * -------------------------------------------------------
 */

/**
  * Unsubscribes the address whose unsubscribe link carries token and completes its welcome if
  * that was not sent yet (status sent, sent_at NULL: completed without sending). The link never
  * expires (one-click unsubscribe, RFC 8058). Idempotent: a second call keeps the first
  * unsubscribed_at. Returns whether a subscriber has that link; 400 (PT400) for a value not shaped
  * like a token. Security definer because visitors can neither read nor write the table; the token
  * is the credential.
  * send-notifications also checks unsubscribed_at before sending a welcome or confirmation it had already claimed.
 */
create or replace function private.unsubscribe_newsletter(token text)
    returns boolean
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    token_hash bytea := private.link_token_hash(unsubscribe_newsletter.token);
    subscriber uuid;
begin
    if token_hash is null then
        raise exception 'This unsubscribe link is not valid: it is incomplete or mistyped.' using errcode = 'PT400';
    end if;

    update public.newsletter_subscribers
    set unsubscribed_at = coalesce(unsubscribed_at, now())
    where unsubscribe_token_hash = token_hash
    returning id into subscriber;

    if subscriber is null then
        return false;
    end if;

    update public.notifications
    set status       = 'sent',
        sent_at      = null,
        locked_until = null,
        last_error   = 'Not sent: the address unsubscribed first.'
    where subject_table = 'newsletter_subscribers'
      and subject_id = subscriber
      and kind = 'newsletter_welcome'
      and status in ('queued', 'failed');
    return true;
end;
$$;

revoke all on function private.unsubscribe_newsletter(text) from public, anon, authenticated;
-- Anonymous visitors unsubscribe from the link in the email; the function is their only way in
-- (their usage of schema private is granted with private.subscribe_newsletter above).
grant execute on function private.unsubscribe_newsletter(text) to anon, authenticated, service_role;

/**
  * Unsubscribes by the token of an unsubscribe link: rpc('unsubscribe_newsletter', { token }).
  * For anyone (the link works without signing in); true when the token is known, false otherwise.
 */
create or replace function public.unsubscribe_newsletter(token text)
    returns boolean
    language sql
    security invoker
    set search_path = ''
as
$$
select private.unsubscribe_newsletter(unsubscribe_newsletter.token);
$$;

revoke all on function public.unsubscribe_newsletter(text) from public, anon, authenticated, service_role;
grant execute on function public.unsubscribe_newsletter(text) to anon, authenticated, service_role;

/**
  * -------------------------------------------------------
  * Section - Privileges and row-level security
  * -------------------------------------------------------
  * Nothing for visitors and users (the RPCs above are their way in); admins read and delete
  * through the policies below; the service key has full access.
 */
revoke all on table public.newsletter_subscribers from anon, authenticated, service_role;
grant select, delete on table public.newsletter_subscribers to authenticated;
grant all on table public.newsletter_subscribers to service_role;

alter table public.newsletter_subscribers enable row level security;

-- Staff read newsletter subscribers.
create policy "Staff can read newsletter subscribers" on public.newsletter_subscribers
    for select
    to authenticated
    using ((select private.is_staff()));

-- Staff delete newsletter subscribers (an unsubscribe request).
create policy "Staff can delete newsletter subscribers" on public.newsletter_subscribers
    for delete
    to authenticated
    using ((select private.is_staff()));
