/**
  * -------------------------------------------------------
  * Lead handling: what follows a contact message, and staff marking leads handled
  * -------------------------------------------------------
  * Each new contact message tells the staff (a booking's emails are 20261122000720_bookings.sql's);
  * staff then mark a booking or a contact message handled from /admin. Handled state (the
  * handled_at and handled_by columns of both tables) is written only by set_lead_handled, which
  * records who did it, so handled_by cannot name anyone but the admin who clicked. Deleting a lead
  * forgets its notifications (how staff honour a request to be forgotten).
 */

/**
  * After insert on contact_messages: the staff's "new contact message" email.
 */
create or replace function private.on_contact_message_submitted()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    perform private.queue_notification('staff_new_contact_message', null, 'contact_messages', new.id);
    return null;
end;
$$;

revoke all on function private.on_contact_message_submitted() from public, anon, authenticated;

create trigger contact_messages_submitted
    after insert
    on public.contact_messages
    for each row
execute function private.on_contact_message_submitted();

create trigger contact_messages_forget_notifications
    after delete
    on public.contact_messages
    for each row
execute function private.forget_notifications();

/**
  * Marks a booking or contact message handled by the calling admin, or new again. Security
  * definer because no API role may write handled_at/handled_by; it checks the caller with the
  * admin guard. Marking a handled lead handled again keeps who handled it first.
 */
create or replace function private.set_lead_handled(lead_table text, lead_id uuid, handled boolean)
    returns void
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    handler uuid := case when set_lead_handled.handled then (select auth.uid()) end;
    changed integer;
begin
    perform private.require_staff('Only staff can mark leads handled.');

    if set_lead_handled.handled is null then
        raise exception 'handled must be true or false.' using errcode = 'invalid_parameter_value';
    end if;

    -- The table name is checked against the two lead tables before it is put into the statement.
    if set_lead_handled.lead_table is null or set_lead_handled.lead_table not in ('bookings', 'contact_messages') then
        raise exception 'lead_table must be bookings or contact_messages.' using errcode = 'invalid_parameter_value';
    end if;

    execute format('update public.%I
                    set handled_at = case when $2 is null then null else coalesce(handled_at, now()) end,
                        handled_by = case when $2 is null then null else coalesce(handled_by, $2) end
                    where id = $1', set_lead_handled.lead_table)
        using set_lead_handled.lead_id, handler;

    -- EXECUTE leaves FOUND alone; the row count says whether the lead exists.
    get diagnostics changed = row_count;
    if changed = 0 then
        raise exception 'Lead not found.' using errcode = 'PT404';
    end if;
end;
$$;

revoke all on function private.set_lead_handled(text, uuid, boolean) from public, anon, authenticated;
grant execute on function private.set_lead_handled(text, uuid, boolean) to authenticated;

/**
  * Marks a lead handled (handled true) or new (false): rpc('set_lead_handled', { lead_table,
  * lead_id, handled }) with lead_table 'bookings' or 'contact_messages'. Admins only (42501
  * otherwise); an unknown table raises 22023 (HTTP 400), an unknown id PT404 (HTTP 404).
 */
create or replace function public.set_lead_handled(lead_table text, lead_id uuid, handled boolean)
    returns void
    language sql
    security invoker
    set search_path = ''
as
$$
select private.set_lead_handled(set_lead_handled.lead_table, set_lead_handled.lead_id, set_lead_handled.handled);
$$;

revoke all on function public.set_lead_handled(text, uuid, boolean) from public, anon, authenticated, service_role;
grant execute on function public.set_lead_handled(text, uuid, boolean) to authenticated;
