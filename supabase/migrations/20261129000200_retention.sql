/**
  * -------------------------------------------------------
  * Retention: how long personal data is kept, and the daily job that applies it
  * -------------------------------------------------------
  * Personal data is kept no longer than its purpose needs. One table, public.retention_rules,
  * holds a period for each kind of data (the closed list public.retention_kind), and one Supabase
  * Cron job, retain-personal-data, applies every rule once a day (private.apply_retention):
  *   - documents: an approved or rejected application's document files are removed once the
  *     period has passed since the decision. The files go through the job queue
  *     and the remove-documents Edge Function, as a deleted application's do
  *     (20261122000930_document_removals.sql): only the Storage API removes the bytes on hosted.
  *     The application, its timeline and its verdicts stay. A removal is recorded in
  *     public.document_retention_removals, which staff read on the case's timeline and the
  *     applicant on their card. An undecided application (submitted, in review) never loses a file.
  *   - unverified_accounts: an account whose address was never verified is deleted once the period
  *     has passed since it signed up (its profile goes with it, by cascade).
  *   - unconfirmed_newsletter_sign_ups: a sign-up whose address never confirmed is deleted once the
  *     period has passed since confirmation was last asked for, with its queued emails.
  *   - bookings and contact_messages: a booking once the period has passed since its time, a
  *     contact message since it came in, keeps its facts (date, time, country, status, page,
  *     handled state) for the consultancy's counts, and loses what names a person: name, email
  *     address, phone, the message's subject and text, staff's notes on the booking's changes,
  *     the client network it came from, and the emails sent about it.
  *   - applications_after_account_deletion: an application whose applicant's account is gone
  *     (user_id cleared) is kept as the consultancy's record of the case, and deleted once the
  *     period has passed since its decision (its files, if any are left, go through the queue as
  *     any deleted application's do).
  * The defaults, and why, are in docs/product-decisions.md; the privacy notice states the same
  * periods (content/privacy/retention.json, held equal by tests/db/retention-rules.test.ts).
  *
  * Each removal is in the activity record (20261129000100_activity_record.sql) as retention_applied,
  * by the system (no actor): one row per application whose files went, per account and per deleted
  * application; one per rule and sweep, with a count, for the sign-ups, bookings and messages
  * (which it cannot name without keeping what it removed).
  *
  * Every rule is a function of an instant (`at`, now() for the job), so tests move the clock by
  * asking what the sweep does a day before and on the day a period ends.
 */

/**
  * -------------------------------------------------------
  * Section - The rules
  * -------------------------------------------------------
 */

-- What a rule is about: a closed list, one rule each.
create type public.retention_kind as enum (
    'documents',
    'unverified_accounts',
    'unconfirmed_newsletter_sign_ups',
    'bookings',
    'contact_messages',
    'applications_after_account_deletion'
    );

/**
  * One row per kind, made here; admins change a period (and nothing else), staff read them. The
  * bounds of each period are private.retention_period_limits, checked by the trigger below.
 */
create table public.retention_rules
(
    kind       public.retention_kind primary key,
    period     interval    not null,
    updated_at timestamptz not null default now(),
    -- The admin who last changed the period (NULL for the migration, SQL or the service key).
    updated_by uuid references public.profiles (id) on delete set null
);

comment on table public.retention_rules is 'How long each kind of personal data is kept; applied daily by the Cron job retain-personal-data (private.apply_retention).';
comment on column public.retention_rules.period is 'The time after its moment (a decision, a signup, a request to confirm, a booking''s time, a message''s arrival) at which the rule applies; bounds in private.retention_period_limits.';

create index retention_rules_updated_by_idx on public.retention_rules (updated_by);

/**
  * The shortest and longest period each rule may have. Ten years at most for all: a longer period
  * is a mistyped one. At least a day; 30 days for an application's documents, so the applicant can
  * always download them after the decision's email; a newsletter sign-up's confirmation link's
  * lifetime (private.newsletter_confirmation_lifetime), so no link that still works is broken.
 */
create or replace function private.retention_period_limits(kind public.retention_kind, out shortest interval, out longest interval)
    language sql
    immutable
    set search_path = ''
as
$$
select case retention_period_limits.kind
           when 'documents' then interval '30 days'
           when 'unconfirmed_newsletter_sign_ups' then private.newsletter_confirmation_lifetime()
           else interval '1 day' end,
       interval '10 years';
$$;

revoke all on function private.retention_period_limits(public.retention_kind) from public, anon, authenticated;

/**
  * Before a rule is written: refuses a period outside its limits (23514, check_violation: HTTP
  * 400, naming the column), and stamps who changed it and when. A trigger, not a CHECK, because
  * the limits call private functions the admin may not call (security definer here).
 */
create or replace function private.check_retention_rule()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    limits record;
begin
    select * into limits from private.retention_period_limits(new.kind);
    if new.period < limits.shortest or new.period > limits.longest then
        raise exception 'The period of % must be between % and %.', new.kind, limits.shortest, limits.longest
            using errcode = 'check_violation', column = 'period';
    end if;
    new.updated_at := now();
    new.updated_by := private.acting_profile();
    return new;
end;
$$;

revoke all on function private.check_retention_rule() from public, anon, authenticated;

create trigger retention_rules_check_period
    before insert or update
    on public.retention_rules
    for each row
execute function private.check_retention_rule();

-- The defaults (docs/product-decisions.md says why each).
insert into public.retention_rules (kind, period)
values ('documents', interval '180 days'),
       ('unverified_accounts', interval '30 days'),
       ('unconfirmed_newsletter_sign_ups', interval '7 days'),
       ('bookings', interval '2 years'),
       ('contact_messages', interval '2 years'),
       ('applications_after_account_deletion', interval '6 years');

/** A rule's period; NULL when its row is gone, and every comparison with NULL is unknown: the rule then applies to nothing. */
create or replace function private.retention_period(kind public.retention_kind)
    returns interval
    language sql
    stable
    set search_path = ''
as
$$
select r.period
from public.retention_rules r
where r.kind = retention_period.kind;
$$;

revoke all on function private.retention_period(public.retention_kind) from public, anon, authenticated;

-- Staff read the rules; admins change a period; the rows themselves are this file's (no insert or delete).
revoke all on table public.retention_rules from anon, authenticated, service_role;
grant select on table public.retention_rules to authenticated, service_role;
grant update (period) on table public.retention_rules to authenticated, service_role;

alter table public.retention_rules enable row level security;

-- Staff read how long each kind of data is kept.
create policy "Staff can read the retention rules" on public.retention_rules
    for select
    to authenticated
    using ((select private.is_staff()));

-- Admins change a rule's period (the trigger keeps it within its limits).
create policy "Admins can change the retention rules" on public.retention_rules
    for update
    to authenticated
    using ((select private.is_admin()))
    with check ((select private.is_admin()));

/**
  * -------------------------------------------------------
  * Section - An application's documents, after its decision
  * -------------------------------------------------------
  * An application's decision is the status change that made it approved or rejected (the last of
  * its public.application_status_changes while it is so). Its files are removed the rule's period
  * later; a reopened application (back in review) has no decision until it is decided again, and
  * then its period starts again.
 */

/**
  * Each decided application's decision: its last status change, when that made it approved or
  * rejected (as it still is). No row for an undecided application (submitted, in review), whatever
  * it was before. A view of plain joins, so the planner merges it into each query: the sweep joins
  * every decision in one pass (no call per application), and a look-up of one application, also
  * through a join or a lateral subquery, reaches only that application's changes by their index.
 */
create view private.application_decisions as
select c.application_id, c.id, c.changed_at as decided_at
from public.visa_applications a
         join public.application_status_changes c on c.application_id = a.id and c.to_status = a.status
where a.status in ('approved', 'rejected')
  and not exists (select 1
                  from public.application_status_changes later
                  where later.application_id = c.application_id
                    and (later.changed_at, later.id) > (c.changed_at, c.id));

revoke all on table private.application_decisions from public, anon, authenticated, service_role;

/**
  * One row per decision whose retention period ended: when the rule applied, how many files it
  * queued for removal (the remove-documents function removes them within a minute), and the
  * period that applied. The case's timeline shows it to staff, the card to the applicant.
 */
create table public.document_retention_removals
(
    id             uuid primary key     default extensions.gen_random_uuid(),
    application_id uuid        not null references public.visa_applications (id) on delete cascade,
    -- The decision whose period ended; one removal each.
    decision_id    uuid        not null unique references public.application_status_changes (id) on delete cascade,
    files          integer     not null check (files >= 0),
    period         interval    not null,
    removed_at     timestamptz not null default now()
);

comment on table public.document_retention_removals is 'An application''s document files removed by the retention rule documents: when, how many, after which period. Written only by private.apply_retention.';

create index document_retention_removals_application_idx on public.document_retention_removals (application_id, removed_at);

revoke all on table public.document_retention_removals from anon, authenticated, service_role;
grant select on table public.document_retention_removals to authenticated, service_role;

alter table public.document_retention_removals enable row level security;

-- Staff see the removal on the case's timeline, the applicant on their card.
create policy "Applicants and staff can read document removals" on public.document_retention_removals
    for select
    to authenticated
    using ((select private.is_staff())
        or application_id in (select a.id from public.visa_applications a where a.user_id = (select auth.uid())));

/** When the documents of an application decided at `decided_at` are removed under the current rule. */
create or replace function private.documents_removal_at(decided_at timestamptz)
    returns timestamptz
    language sql
    stable
    set search_path = ''
as
$$
select documents_removal_at.decided_at + private.retention_period('documents');
$$;

revoke all on function private.documents_removal_at(timestamptz) from public, anon, authenticated;

/**
  * For each of `application_ids` the caller may read (their own; staff every one) that is decided:
  * when its documents are removed (removes_at) and, once they have been, when (removed_at).
  * Undecided applications are not answered. Security definer: applicants do not read the rules.
 */
create or replace function private.document_retention(application_ids uuid[])
    returns table
            (
                application_id uuid,
                removes_at     timestamptz,
                removed_at     timestamptz
            )
    language sql
    stable
    security definer
    set search_path = ''
as
$$
select a.id, private.documents_removal_at(d.decided_at), r.removed_at
from public.visa_applications a
         cross join lateral (select * from private.application_decisions d where d.application_id = a.id) d
         left join public.document_retention_removals r on r.decision_id = d.id
where a.id = any (document_retention.application_ids)
  and (a.user_id = (select auth.uid()) or (select private.is_staff()));
$$;

revoke all on function private.document_retention(uuid[]) from public, anon, authenticated, service_role;
grant execute on function private.document_retention(uuid[]) to authenticated;

/**
  * When the documents of decided applications are (or were) removed: rpc('document_retention',
  * { application_ids }), for the applicant's cards on /profile.
 */
create or replace function public.document_retention(application_ids uuid[])
    returns table
            (
                application_id uuid,
                removes_at     timestamptz,
                removed_at     timestamptz
            )
    language sql
    stable
    security invoker
    set search_path = ''
as
$$
select * from private.document_retention(document_retention.application_ids);
$$;

revoke all on function public.document_retention(uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.document_retention(uuid[]) to authenticated;

/**
  * Queues the removal of the files of every application decided at least the rule's period before
  * `at` and not yet swept for that decision, records each removal, and answers how many
  * applications it swept. Each application is locked while it is read (skipping one being
  * changed: tomorrow's sweep takes it), so a reopening that commits first is seen and its files
  * stay. The files are found by their folder's application part, whoever the applicant (an
  * account deleted since leaves user_id NULL).
 */
create or replace function private.remove_documents_after_decision(at timestamptz)
    returns integer
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    period constant interval := private.retention_period('documents');
    swept           integer;
    removals        uuid[];
begin
    -- Every data-modifying part of a WITH runs once, to completion, whether or not it is read.
    with due as (select a.id, d.id as decision_id
                 from private.application_decisions d
                          join public.visa_applications a on a.id = d.application_id
                 -- Checked again on the locked row: an application reopened meanwhile drops out.
                 where a.status in ('approved', 'rejected')
                   and d.decided_at + period <= remove_documents_after_decision.at
                   and not exists (select 1 from public.document_retention_removals r where r.decision_id = d.id)
                 for no key update of a skip locked),
         files as (select due.id, due.decision_id, o.bucket_id, o.name
                   from due
                            left join storage.objects o
                                      on o.bucket_id = private.documents_bucket() and split_part(o.name, '/', 2) = due.id::text),
         queued as (insert into private.document_removals (bucket_id, object_name, application_id)
                     select f.bucket_id, f.name, f.id
                     from files f
                     where f.name is not null
                     on conflict (bucket_id, object_name) do nothing),
         recorded as (insert into public.document_retention_removals (application_id, decision_id, files, period, removed_at)
                       select f.id, f.decision_id, count(f.name), period, remove_documents_after_decision.at
                       from files f
                       group by f.id, f.decision_id
                       returning id)
    select count(*), coalesce(array_agg(recorded.id), '{}') into swept, removals from recorded;

    perform private.record_activity('retention_applied', r.application_id, a.user_id,
                                    jsonb_build_object('rule', 'documents', 'files', r.files, 'period', r.period))
    from public.document_retention_removals r
             join public.visa_applications a on a.id = r.application_id
    where r.id = any (removals)
      and r.files > 0;
    return swept;
end;
$$;

revoke all on function private.remove_documents_after_decision(timestamptz) from public, anon, authenticated;

/**
  * After an application leaves its decision (reopened: back to submitted or in review): removals
  * of its files still waiting in the queue are withdrawn, so a file it gets again under the same
  * name is never removed by a rule that no longer applies.
 */
create or replace function private.withdraw_document_removals()
    returns trigger
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    delete from private.document_removals r
    where r.application_id = new.id
      and r.status in ('queued', 'failed');
    return null;
end;
$$;

revoke all on function private.withdraw_document_removals() from public, anon, authenticated;

create trigger visa_applications_withdraw_document_removals
    after update of status
    on public.visa_applications
    for each row
    when (old.status in ('approved', 'rejected') and new.status in ('submitted', 'in_review'))
execute function private.withdraw_document_removals();

/**
  * -------------------------------------------------------
  * Section - Accounts, sign-ups, bookings and messages
  * -------------------------------------------------------
 */

/**
  * Deletes the accounts whose address was never verified, signed up at least the rule's period
  * before `at` (the profile cascades; an application, which such an account cannot make, would keep
  * its row with user_id cleared). Anonymous sign-ins are not accounts a person made and carry no
  * address: they are left alone. Answers how many.
 */
create or replace function private.remove_unverified_accounts(at timestamptz)
    returns integer
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    period constant interval := private.retention_period('unverified_accounts');
    removed         uuid[];
begin
    with gone as (delete
                  from auth.users u
                  where u.email_confirmed_at is null
                    and u.phone_confirmed_at is null
                    and not u.is_anonymous
                    and u.created_at + period <= remove_unverified_accounts.at
                  returning u.id)
    select coalesce(array_agg(gone.id), '{}') into removed from gone;

    perform private.record_activity('retention_applied', null, account, jsonb_build_object('rule', 'unverified_accounts'))
    from unnest(removed) as account;
    return cardinality(removed);
end;
$$;

revoke all on function private.remove_unverified_accounts(timestamptz) from public, anon, authenticated;

/**
  * Deletes the newsletter sign-ups never confirmed, asked to confirm at least the rule's period
  * before `at`, and (by the table's delete trigger) their queued emails. Answers how many.
 */
create or replace function private.remove_unconfirmed_sign_ups(at timestamptz)
    returns integer
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    period constant interval := private.retention_period('unconfirmed_newsletter_sign_ups');
    removed         integer;
begin
    delete
    from public.newsletter_subscribers s
    where s.confirmed_at is null
      and s.confirmation_requested_at + period <= remove_unconfirmed_sign_ups.at;
    get diagnostics removed = row_count;
    return removed;
end;
$$;

revoke all on function private.remove_unconfirmed_sign_ups(timestamptz) from public, anon, authenticated;

/**
  * What a stripped row holds instead of a person's name, phone, subject or message, and instead of
  * their address: the columns keep their rules (not null, lengths, the email domain), so every
  * reader (the admin's lists, the CSV, the counts) works unchanged and shows plainly that the data
  * is gone. The address is under .invalid, a name reserved never to exist (RFC 2606).
 */
create or replace function private.removed_personal_text()
    returns text
    language sql
    immutable
    set search_path = ''
as
$$
select 'Removed';
$$;

revoke all on function private.removed_personal_text() from public, anon, authenticated;

create or replace function private.removed_email_address()
    returns public.email_address
    language sql
    immutable
    set search_path = ''
as
$$
select 'removed@removed.invalid'::public.email_address;
$$;

revoke all on function private.removed_email_address() from public, anon, authenticated;

/**
  * Strips the bookings whose time is at least the rule's period before `at`: name, phone and
  * address replaced, staff's notes on its changes cleared, the client address and network it came
  * from and its links forgotten, the emails sent about it deleted. Answers how many.
 */
create or replace function private.strip_old_bookings(at timestamptz)
    returns integer
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    period constant interval := private.retention_period('bookings');
    ids             uuid[];
begin
    with stripped as (
        update public.bookings b
            set full_name = private.removed_personal_text(),
                phone = private.removed_personal_text(),
                email = private.removed_email_address(),
                personal_data_removed_at = strip_old_bookings.at
            where b.personal_data_removed_at is null
                and private.booking_starts_at(b.date, b.time) + period <= strip_old_bookings.at
            returning b.id)
    select coalesce(array_agg(id), '{}') into ids from stripped;

    update public.booking_events e set note = null where e.booking_id = any (ids) and e.note is not null;
    delete from private.booking_clients c where c.booking_id = any (ids);
    delete from private.booking_links l where l.booking_id = any (ids);
    delete from public.notifications n where n.subject_table = 'bookings' and n.subject_id = any (ids);
    return cardinality(ids);
end;
$$;

revoke all on function private.strip_old_bookings(timestamptz) from public, anon, authenticated;

/**
  * Strips the contact messages that came in at least the rule's period before `at`: name,
  * address, phone, subject and text replaced, the emails sent about them deleted. Answers how many.
 */
create or replace function private.strip_old_contact_messages(at timestamptz)
    returns integer
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    period constant interval := private.retention_period('contact_messages');
    ids             uuid[];
begin
    with stripped as (
        update public.contact_messages m
            set name = private.removed_personal_text(),
                email = private.removed_email_address(),
                phone = private.removed_personal_text(),
                subject = private.removed_personal_text(),
                message = private.removed_personal_text(),
                personal_data_removed_at = strip_old_contact_messages.at
            where m.personal_data_removed_at is null
                and m.created_at + period <= strip_old_contact_messages.at
            returning m.id)
    select coalesce(array_agg(id), '{}') into ids from stripped;

    delete from public.notifications n where n.subject_table = 'contact_messages' and n.subject_id = any (ids);
    return cardinality(ids);
end;
$$;

revoke all on function private.strip_old_contact_messages(timestamptz) from public, anon, authenticated;

/**
  * Deletes the applications whose account is gone (user_id cleared by the account's deletion),
  * decided at least the rule's period before `at`. Their files, timelines and emails go with them
  * by the delete's own triggers and cascades. Answers how many.
 */
create or replace function private.remove_applications_of_deleted_accounts(at timestamptz)
    returns integer
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    period constant interval := private.retention_period('applications_after_account_deletion');
    removed         uuid[];
begin
    with gone as (delete
                  from public.visa_applications a
                  where a.user_id is null
                    and a.status in ('approved', 'rejected')
                    and (select d.decided_at from private.application_decisions d where d.application_id = a.id)
                        + period <= remove_applications_of_deleted_accounts.at
                  returning a.id)
    select coalesce(array_agg(gone.id), '{}') into removed from gone;

    perform private.record_activity('retention_applied', application, null, jsonb_build_object('rule', 'applications_after_account_deletion'))
    from unnest(removed) as application;
    return cardinality(removed);
end;
$$;

revoke all on function private.remove_applications_of_deleted_accounts(timestamptz) from public, anon, authenticated;

/**
  * -------------------------------------------------------
  * Section - The daily sweep (Supabase Cron)
  * -------------------------------------------------------
 */

/**
  * Applies every rule as of `at` (now() for the job), in one transaction: either the whole day's
  * sweep is recorded or none of it. Answers what each rule did, by kind, as JSON, and records it.
 */
create or replace function private.apply_retention(at timestamptz default now())
    returns jsonb
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    done jsonb;
begin
    done := jsonb_build_object(
            'documents', private.remove_documents_after_decision(apply_retention.at),
            'unverified_accounts', private.remove_unverified_accounts(apply_retention.at),
            'unconfirmed_newsletter_sign_ups', private.remove_unconfirmed_sign_ups(apply_retention.at),
            'bookings', private.strip_old_bookings(apply_retention.at),
            'contact_messages', private.strip_old_contact_messages(apply_retention.at),
            'applications_after_account_deletion', private.remove_applications_of_deleted_accounts(apply_retention.at));
    -- The rules whose rows name nobody the record could: one row each with how many went.
    perform private.record_activity('retention_applied', null, null, jsonb_build_object('rule', rule.key, 'rows', rule.value))
    from jsonb_each(done) as rule
    where rule.key in ('unconfirmed_newsletter_sign_ups', 'bookings', 'contact_messages')
      and rule.value::integer > 0;
    return done;
end;
$$;

-- The database owner's (Cron runs the job as the role that scheduled it); no API role's.
revoke all on function private.apply_retention(timestamptz) from public, anon, authenticated, service_role;

-- pg_cron replaces a job of the same name, so applying this again changes nothing. 03:30 UTC is
-- 04:30 in Lagos, when nobody is at work.
select cron.schedule('retain-personal-data', '30 3 * * *', 'select private.apply_retention()');
