/**
  * -------------------------------------------------------
  * Office hours: one fact, kept in the database and edited by staff in the admin
  * -------------------------------------------------------
  * public.opening_hours (20261128003000_appointment_slots.sql) is the only statement of the weekly
  * hours: the booking look-up and judge read it, and the footer, /contact and the booking aside
  * render it from the same rows (src/scripts/office-hours.ts, common/office-hours.ts), so what
  * visitors read and what they can book cannot disagree. Admins now change it in /admin instead
  * of a developer by a migration: set_weekly_hours replaces the whole week in one transaction.
 */

/**
  * -------------------------------------------------------
  * Section - Appointment slots: admins change the weekly hours
  * -------------------------------------------------------
 */

grant insert (weekday, opens, closes), delete on table public.opening_hours to authenticated;

-- Admins add weekly hours.
create policy "Admins can add opening hours" on public.opening_hours
    for insert
    to authenticated
    with check ((select private.is_admin()));

-- Admins remove weekly hours.
create policy "Admins can remove opening hours" on public.opening_hours
    for delete
    to authenticated
    using ((select private.is_admin()));

/**
  * Replaces the weekly hours with `week`, a JSON array of { weekday, opens, closes } (times
  * HH:MM, Lagos): every row at once, so a visitor never sees half a week. Security invoker: the
  * policies above decide, so only an admin's call changes anything (anyone else's insert is
  * refused with 42501). Bookings already made stay where they are; from now on only the new hours
  * are offered and accepted. An interval that is empty or overlaps another of its day is refused
  * (RF012), as is a weekday named twice at the same opening time (23505).
 */
create or replace function public.set_weekly_hours(week jsonb)
    returns void
    language plpgsql
    security invoker
    set search_path = ''
as
$$
begin
    if jsonb_typeof(set_weekly_hours.week) is distinct from 'array' then
        raise exception 'The weekly hours must be a list of { weekday, opens, closes }.' using errcode = 'RF012';
    end if;
    if not (select private.is_admin()) then
        raise exception 'Only staff may change the opening hours.' using errcode = '42501';
    end if;
    delete from public.opening_hours where true;
    insert into public.opening_hours (weekday, opens, closes)
    select (item ->> 'weekday')::public.weekday, (item ->> 'opens')::time, (item ->> 'closes')::time
    from jsonb_array_elements(set_weekly_hours.week) as item;
    if exists (select 1
               from public.opening_hours as a
                        join public.opening_hours as b
                             on a.weekday = b.weekday and a.opens < b.opens and b.opens < a.closes) then
        raise exception 'Two intervals of one day overlap.' using errcode = 'RF012';
    end if;
exception
    when check_violation then
        raise exception 'Each interval must close after it opens.' using errcode = 'RF012';
end;
$$;

comment on function public.set_weekly_hours(jsonb) is 'Admins replace the weekly hours (a JSON array of { weekday, opens, closes }, Lagos time) in one transaction.';

revoke all on function public.set_weekly_hours(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.set_weekly_hours(jsonb) to authenticated;
