/**
  * -------------------------------------------------------
  * Newsletter sign-ups only through subscribe_newsletter
  * -------------------------------------------------------
  * A direct insert into public.newsletter_subscribers told anyone whether an address was on the
  * list: 409 (unique violation) for a subscribed address, 201 for any other. Visitors and users
  * therefore lose the insert privilege and its policy, and public.subscribe_newsletter, which
  * answers the same for both, becomes the only way in. The service key keeps full access.
 */

drop policy "Anyone can subscribe to the newsletter" on public.newsletter_subscribers;

-- Revoking on the table also revokes the column grant insert (email).
revoke insert on table public.newsletter_subscribers from anon, authenticated;

/**
  * Subscribes an address to the newsletter: call as rpc('subscribe_newsletter', { email }).
  * Idempotent and silent: an address that is already subscribed gets the same empty answer.
  * Security definer because callers may no longer insert into the table themselves; the email
  * CHECK constraint and the spam limit (a trigger on the table) still apply to every call, and a
  * repeat for a subscribed address is counted by the spam limit like a new one.
 */
create or replace function public.subscribe_newsletter(email text)
    returns void
    language sql
    security definer
    set search_path = ''
as
$$
insert into public.newsletter_subscribers (email)
values (btrim(subscribe_newsletter.email))
on conflict do nothing;
$$;

revoke all on function public.subscribe_newsletter(text) from public, anon, authenticated, service_role;
grant execute on function public.subscribe_newsletter(text) to anon, authenticated, service_role;
