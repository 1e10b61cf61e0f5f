/**
  * -------------------------------------------------------
  * Bookings have a life: requested, then confirmed, declined or cancelled
  * -------------------------------------------------------
  * A booking from the home page's form is a request for a consultation slot. It holds its place
  * from the moment it is stored (so two visitors are never promised one place), staff confirm or
  * decline it, and the visitor or staff may cancel it. A move to another time is an event of the
  * booking (docs/product-decisions.md, Appointments), not a state of its own.
  *
  * This file only names the states; the appointments migrations that follow give them their
  * rules: which change is allowed to whom, what each change emails, and how many places a slot has.
 */
create type public.booking_status as enum ('requested', 'confirmed', 'declined', 'cancelled');

comment on type public.booking_status is
    'requested: stored, holds its place, awaiting staff; confirmed: staff accepted it; declined: staff refused it; cancelled: the visitor or staff called it off. Only requested and confirmed hold a place.';

alter table public.bookings
    add column status public.booking_status not null default 'requested';

comment on column public.bookings.status is 'Where the booking stands; see type public.booking_status.';

/**
  * Whether a booking in this state takes one of its slot's places: the one rule the slot look-up,
  * the capacity check and the agenda share.
 */
create or replace function private.booking_holds_place(status public.booking_status)
    returns boolean
    language sql
    immutable
    set search_path = ''
as
$$
select booking_holds_place.status in ('requested', 'confirmed');
$$;

revoke all on function private.booking_holds_place(public.booking_status) from public, anon, authenticated;
