/**
  * -------------------------------------------------------
  * Admin overview: what is waiting, whether the queues move, and the leads of the last 12 weeks
  * -------------------------------------------------------
  * The dashboard's first screen. Its counts: applications still submitted, contact messages not
  * handled, bookings for today and after today that hold their place (requested or confirmed), and the applications waiting on their applicant (an
  * open request for missing documents on an application still open). With no sender process to
  * watch, it also says whether the queues move: emails failed (each row shows its reason and
  * Retry), emails and file removals waiting, and since when the oldest of each has waited (NULL
  * when none waits); an oldest wait of more than a few minutes means the Edge Functions are not
  * being called or are failing (docs/deploy.md, Checking). Beside them, a chart of the leads of
  * the last 12 weeks: bookings, contact messages and visa applications received each week.
  * Days and weeks are the consultancy's, in Lagos (private.consultancy_today), not the server's:
  * weeks run Monday to Sunday there, the current week last.
 */

/**
  * The overview's counts. Security definer so they cost one round trip without a policy check
  * each; it checks the caller with the admin guard.
 */
create or replace function private.admin_overview()
    returns jsonb
    language plpgsql
    stable
    security definer
    set search_path = ''
as
$$
declare
    today date := private.consultancy_today(now());
begin
    perform private.require_staff('Only staff can see the overview.');

    return jsonb_build_object(
            'new_applications', (select count(*) from public.visa_applications where status = 'submitted'),
            'new_messages', (select count(*) from public.contact_messages where handled_at is null),
            'bookings_today', (select count(*) from public.bookings where date = today and private.booking_holds_place(status)),
            'bookings_upcoming', (select count(*) from public.bookings where date > today and private.booking_holds_place(status)),
            'emails_failed', (select count(*) from public.notifications where status = 'failed'),
            'emails_waiting', (select count(*) from public.notifications where status in ('queued', 'sending')),
            'oldest_email_waiting_since',
            (select min(created_at) from public.notifications where status in ('queued', 'sending')),
            'removals_waiting', (select count(*) from private.document_removals),
            'oldest_removal_waiting_since', (select min(created_at) from private.document_removals),
            'waiting_on_applicant', (select count(*)
                                     from public.visa_applications
                                     where awaiting_documents
                                       and private.open_for_documents(status)));
end;
$$;

revoke all on function private.admin_overview() from public, anon, authenticated;
grant execute on function private.admin_overview() to authenticated;

/**
  * The dashboard's counts: rpc('admin_overview') gives { new_applications, new_messages,
  * bookings_today, bookings_upcoming, waiting_on_applicant, emails_failed, emails_waiting,
  * oldest_email_waiting_since, removals_waiting, oldest_removal_waiting_since }. Admins only
  * (42501 otherwise).
 */
create or replace function public.admin_overview()
    returns jsonb
    language sql
    stable
    security invoker
    set search_path = ''
as
$$
select private.admin_overview();
$$;

revoke all on function public.admin_overview() from public, anon, authenticated, service_role;
grant execute on function public.admin_overview() to authenticated;

/**
  * The leads of the last 12 weeks, one row a week, oldest first, the current week last (with its
  * days so far): the Monday it starts on in Lagos, and the bookings, contact messages and visa
  * applications received that week (by when they arrived, not by a booking's date). A week with
  * none has zeros. Security definer for the same reason as the overview; admins only.
 */
create or replace function private.admin_leads_by_week()
    returns table
            (
                week_start   date,
                bookings     integer,
                messages     integer,
                applications integer
            )
    language plpgsql
    stable
    security definer
    set search_path = ''
as
$$
declare
    this_week  date := date_trunc('week', private.consultancy_today(now())::timestamp)::date;
    first_week date := this_week - 7 * 11;
    -- The first week's Monday at midnight in Lagos, as an instant: what arrived since counts.
    since      timestamptz := first_week::timestamp at time zone private.consultancy_time_zone();
begin
    perform private.require_staff('Only staff can see the leads.');

    return query
        with weeks as (select generate_series(first_week::timestamp, this_week::timestamp, interval '7 days')::date as monday),
             booked as (select date_trunc('week', private.consultancy_today(b.created_at)::timestamp)::date as monday, count(*) as n
                        from public.bookings b
                        where b.created_at >= since
                        group by 1),
             written as (select date_trunc('week', private.consultancy_today(m.created_at)::timestamp)::date as monday, count(*) as n
                         from public.contact_messages m
                         where m.created_at >= since
                         group by 1),
             applied as (select date_trunc('week', private.consultancy_today(a.submitted_at)::timestamp)::date as monday, count(*) as n
                         from public.visa_applications a
                         where a.submitted_at >= since
                         group by 1)
        select w.monday, coalesce(b.n, 0)::integer, coalesce(m.n, 0)::integer, coalesce(a.n, 0)::integer
        from weeks w
                 left join booked b on b.monday = w.monday
                 left join written m on m.monday = w.monday
                 left join applied a on a.monday = w.monday
        order by w.monday;
end;
$$;

revoke all on function private.admin_leads_by_week() from public, anon, authenticated;
grant execute on function private.admin_leads_by_week() to authenticated;

/**
  * The chart of the dashboard: rpc('admin_leads_by_week') gives 12 rows { week_start, bookings,
  * messages, applications }, oldest first. Admins only (42501 otherwise).
 */
create or replace function public.admin_leads_by_week()
    returns table
            (
                week_start   date,
                bookings     integer,
                messages     integer,
                applications integer
            )
    language sql
    stable
    security invoker
    set search_path = ''
as
$$
select * from private.admin_leads_by_week();
$$;

revoke all on function public.admin_leads_by_week() from public, anon, authenticated, service_role;
grant execute on function public.admin_leads_by_week() to authenticated;
