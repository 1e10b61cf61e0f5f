/**
  * -------------------------------------------------------
  * Application timeline: status changes, the applicant's emails about them, staff's notes
  * -------------------------------------------------------
  * Every status an application takes is recorded, from its submission on, by triggers; the
  * submission and each decision queue the emails that go with them (to staff and to the
  * applicant) in the outbox (20261122000500_notifications.sql). Staff keep internal notes on each
  * application, which the applicant never sees.
 */

/**
  * -------------------------------------------------------
  * Section - Application timeline: status changes
  * -------------------------------------------------------
  * Every status an application takes, from its first (from_status NULL) on insert, written only
  * by the triggers below. changed_by is the signed-in user who made the change (the applicant on
  * submission, the admin afterwards), NULL for the service key or SQL.
 */
create table public.application_status_changes
(
    id             uuid primary key     default extensions.gen_random_uuid(),
    application_id uuid        not null references public.visa_applications (id) on delete cascade,
    from_status    public.application_status,
    to_status      public.application_status not null,
    changed_by     uuid references public.profiles (id) on delete set null,
    changed_at     timestamptz not null default now()
);

comment on table public.application_status_changes is 'The timeline of each visa application: every status change, from, to, when and by whom.';

create index application_status_changes_application_idx on public.application_status_changes (application_id, changed_at);
create index application_status_changes_changed_by_idx on public.application_status_changes (changed_by);

/**
  * The signed-in user's profile id, or NULL when there is no user or no profile (a foreign key
  * to profiles must never make a status change fail).
 */
create or replace function private.acting_profile()
    returns uuid
    language sql
    stable
    security definer
    set search_path = ''
as
$$
select id
from public.profiles
where id = (select auth.uid());
$$;

revoke all on function private.acting_profile() from public, anon, authenticated;

/**
  * The address an application's applicant is emailed at: the account's verified address
  * (auth.users.email), not the one typed in the form, so an account cannot have its emails sent to
  * a mailbox it does not own. The typed address only when the account is gone (user_id cleared by
  * its deletion), as the application outlives it; NULL once the application is erased (there is
  * nobody to write to, and private.queue_notification queues nothing for an applicant without an
  * address). Used by every email to the applicant.
 */
create or replace function private.applicant_email(application_user_id uuid, typed_email text)
    returns text
    language sql
    stable
    security definer
    set search_path = ''
as
$$
select nullif(coalesce((select u.email::text from auth.users u where u.id = applicant_email.application_user_id),
                       applicant_email.typed_email), private.erased_email());
$$;

revoke all on function private.applicant_email(uuid, text) from public, anon, authenticated;

/**
  * After insert on visa_applications: records the first status and queues the staff's
  * "new application" email and the applicant's "application received" (to the account's address,
  * private.applicant_email). Security definer: the applicant may write neither table.
 */
create or replace function private.on_application_submitted()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    insert into public.application_status_changes (application_id, from_status, to_status, changed_by)
    values (new.id, null, new.status, private.acting_profile());

    perform private.queue_notification('staff_new_application', null, 'visa_applications', new.id);
    perform private.queue_notification('applicant_application_received', private.applicant_email(new.user_id, new.email),
                                       'visa_applications', new.id);
    return null;
end;
$$;

revoke all on function private.on_application_submitted() from public, anon, authenticated;

create trigger visa_applications_submitted
    after insert
    on public.visa_applications
    for each row
execute function private.on_application_submitted();

create trigger visa_applications_forget_notifications
    after delete
    on public.visa_applications
    for each row
execute function private.forget_notifications();

/**
  * After a status change of a visa application (a real change: setting the same status again
  * records nothing): records it and, when the application moves to in_review, approved or
  * rejected, queues the applicant's "status changed" email, keyed by the change so it goes once;
  * a decision's email carries the day its documents will be removed (documents_removal_at).
 */
create or replace function private.on_application_status_changed()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    change_id uuid;
begin
    insert into public.application_status_changes (application_id, from_status, to_status, changed_by)
    values (new.id, old.status, new.status, private.acting_profile())
    returning id into change_id;

    if new.status in ('in_review', 'approved', 'rejected') then
        perform private.queue_notification('applicant_status_changed', private.applicant_email(new.user_id, new.email),
                                           'visa_applications', new.id,
                                           jsonb_build_object('from_status', old.status, 'to_status', new.status,
                                                              'status_change_id', change_id)
                                               -- A decision's email says when its documents will be
                                               -- removed (20261129000200_retention.sql).
                                               || case when new.status in ('approved', 'rejected') then jsonb_strip_nulls(
                                                   jsonb_build_object('documents_removal_at', private.documents_removal_at(now())))
                                                   else '{}'::jsonb end,
                                           event_id => change_id);
    end if;
    return null;
end;
$$;

revoke all on function private.on_application_status_changed() from public, anon, authenticated;

create trigger visa_applications_status_changed
    after update of status
    on public.visa_applications
    for each row
    when (old.status is distinct from new.status)
execute function private.on_application_status_changed();

-- Read only: the history is written by the triggers (as their owner) and never rewritten.
revoke all on table public.application_status_changes from anon, authenticated, service_role;
grant select on table public.application_status_changes to authenticated, service_role;

alter table public.application_status_changes enable row level security;

-- An applicant sees the timeline of their own applications (on /profile); staff see every one.
create policy "Applicants and staff can read status changes" on public.application_status_changes
    for select
    to authenticated
    using ((select private.is_staff())
        or application_id in (select a.id from public.visa_applications a where a.user_id = (select auth.uid())));

/**
  * -------------------------------------------------------
  * Section - Application timeline: internal notes
  * -------------------------------------------------------
  * Staff's notes on an application, shown in the admin's dialog and never to the applicant.
 */
create table public.application_notes
(
    id             uuid primary key     default extensions.gen_random_uuid(),
    application_id uuid        not null references public.visa_applications (id) on delete cascade,
    -- Filled from the JWT (no API role may write it); kept as NULL when the author's account goes.
    author_id      uuid                 default auth.uid() references public.profiles (id) on delete set null,
    body           text        not null check (body = btrim(body) and char_length(body) between 1 and 2000),
    created_at     timestamptz not null default now()
);

comment on table public.application_notes is 'Internal notes of staff on a visa application; never shown to the applicant.';
comment on column public.application_notes.body is 'Trimmed (the dashboard trims before sending), 1 to 2000 characters.';

create index application_notes_application_idx on public.application_notes (application_id, created_at);
create index application_notes_author_idx on public.application_notes (author_id);

revoke all on table public.application_notes from anon, authenticated, service_role;
grant select on table public.application_notes to authenticated;
grant insert (application_id, body) on table public.application_notes to authenticated;
grant all on table public.application_notes to service_role;

alter table public.application_notes enable row level security;

-- Staff read the notes of every application.
create policy "Staff can read application notes" on public.application_notes
    for select
    to authenticated
    using ((select private.is_staff()));

-- Staff add notes in their own name.
create policy "Staff can add application notes" on public.application_notes
    for insert
    to authenticated
    with check ((select private.is_staff()) and author_id = (select auth.uid()));
