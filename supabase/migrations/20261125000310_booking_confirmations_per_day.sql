/**
  * -------------------------------------------------------
  * Booking confirmations: a few a day to one address
  * -------------------------------------------------------
  * Anyone may type someone else's address into the booking form, and each booking confirms to
  * it. The spam limit (private.enforce_submission_limit) lets one address book five times an
  * hour, which would still let a stranger send 120 confirmations a day to one mailbox. So an
  * address gets at most private.booking_confirmations_per_day() confirmations in any 24 hours,
  * counted on its trimmed, lower-cased form as the spam limit counts it. A booking beyond that is
  * still stored and staff are still told; only the visitor's confirmation is not queued.
  * Concurrent bookings from one address are serialised by the spam limit's lock on that address,
  * taken earlier in the same transaction, so two cannot both pass the count.
 */

/** The one place that sets how many booking confirmations one address may receive in 24 hours. */
create or replace function private.booking_confirmations_per_day()
    returns integer
    language sql
    immutable
    set search_path = ''
as
$$
select 5;
$$;

revoke all on function private.booking_confirmations_per_day() from public, anon, authenticated;

-- The count below: one address's confirmations of the last day, from the index alone.
create index notifications_booking_confirmations_idx on public.notifications (lower(recipient), created_at)
    where kind = 'booking_confirmation';

/**
  * After insert on bookings: the staff's "new booking" email, and the visitor's confirmation
  * unless their address has had its day's share (see above), in one insert. A row dropped by the
  * honeypot or refused by the spam limit never gets here. Security definer: visitors cannot read
  * or write the outbox.
 */
create or replace function private.on_booking_submitted()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    insert into public.notifications (kind, recipient, subject_table, subject_id, dedupe_key)
    select 'staff_new_booking', null, 'bookings', new.id, 'staff_new_booking:' || new.id
    union all
    select 'booking_confirmation', new.email, 'bookings', new.id, 'booking_confirmation:' || new.id
    where (select count(*)
           from public.notifications n
           where n.kind = 'booking_confirmation'
             and lower(n.recipient) = lower(btrim(new.email))
             and n.created_at > now() - interval '1 day') < private.booking_confirmations_per_day()
    on conflict (dedupe_key) do nothing;
    return null;
end;
$$;
