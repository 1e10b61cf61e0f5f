/**
  * -------------------------------------------------------
  * Visa applications: submitted by signed-in users, reviewed by admins
  * -------------------------------------------------------
  * The fields of the specification's visa form (section 5), the applicant's user id and a review
  * status. An application outlives its applicant's account: deleting the user clears user_id.
 */

/**
  * -------------------------------------------------------
  * Section - Table
  * -------------------------------------------------------
  * Its closed lists are enums (20261122000100_profiles_and_roles.sql says why), each declared in
  * the order the admin's list sorts by: the specification's six visa types in its order (ids 1
  * to 6), and the statuses in the order an application moves through them.
 */
create type public.visa_type as enum ('Tourist Visa', 'Emergency Visa', 'K1/i-130 Visa Application',
    'Naija Wife / Resident Permit', 'Business Visa', 'Visa Extension');

create type public.application_status as enum ('submitted', 'in_review', 'approved', 'rejected');

create table public.visa_applications
(
    id                    uuid primary key     default extensions.gen_random_uuid(),
    -- Filled from the JWT; the insert policy refuses any other user.
    user_id               uuid                 default auth.uid() references auth.users (id) on delete set null,
    visa_type             public.visa_type not null,
    name                  text        not null check (char_length(btrim(name)) between 1 and 200),
    email                 public.email_address not null,
    phone                 text        not null check (char_length(btrim(phone)) between 3 and 40),
    -- Not in the future: enforced on write by reject_future_birth_date(), since a CHECK may not
    -- depend on the current date.
    dob                   date        not null check (dob >= date '1900-01-01'),
    nationality           text        not null check (char_length(btrim(nationality)) between 1 and 100),
    passport_number       text        not null check (char_length(btrim(passport_number)) between 1 and 50),
    marital_status        public.marital_status not null,
    address               text        not null check (char_length(btrim(address)) between 1 and 500),
    message               text check (char_length(message) <= 5000),
    status                public.application_status not null default 'submitted',
    submitted_at          timestamptz not null default now(),
    updated_at            timestamptz not null default now(),
    -- The admin dashboard's search keys (20261122000100_profiles_and_roles.sql says why).
    name_lower            text collate "C" generated always as (lower(name)) stored,
    email_lower           text collate "C" generated always as (lower(email)) stored,
    passport_number_lower text collate "C" generated always as (lower(passport_number)) stored,
    -- Optional (a client that sends none gets no protection); unique when present.
    client_key            uuid unique,
    -- Whether the application waits on its applicant: it has a request for missing documents not
    -- yet fulfilled. Kept here (by the documents' functions, in the transactions that open and
    -- settle requests, 20261122000910 and 000920_document_*.sql) so the admin's list filters by it and the
    -- overview counts it through an index. No API role may write it.
    awaiting_documents    boolean     not null default false,
    -- The reference an applicant quotes: the first 8 hex digits of the id (its receipt and every
    -- email show it in capitals: common/application-reference.ts), kept lower-cased as the other
    -- search keys are, in the "C" collation, so the admin's prefix search (a range on the key,
    -- src/lib/admin/list-queries.ts) uses the index. Two applications can share a reference; a
    -- search by it lists every one.
    reference             text collate "C" generated always as (left(id::text, 8)) stored
);

comment on table public.visa_applications is 'Visa applications; status is submitted, in_review, approved or rejected.';
comment on column public.visa_applications.client_key is 'Idempotency key made by the browser per submission; a retry with the same key is refused (409).';
comment on column public.visa_applications.reference is
    'The reference an applicant quotes: the first 8 hex digits of the id, lower-cased (shown in capitals). Not unique.';
comment on column public.visa_applications.awaiting_documents is 'True while a document request of the application is open; kept by public.request_documents and the upload''s trigger.';

-- Staff search by the reference.
create index visa_applications_reference_idx on public.visa_applications (reference, id);

-- The admin list pages by submission time; an applicant lists their own.
create index visa_applications_submitted_at_idx on public.visa_applications (submitted_at desc, id);
create index visa_applications_user_id_idx on public.visa_applications (user_id);
-- The admin list's search and sort keys (20261122000100_profiles_and_roles.sql says why).
create index visa_applications_name_lower_idx on public.visa_applications (name_lower desc, id);
create index visa_applications_email_lower_idx on public.visa_applications (email_lower desc, id);
create index visa_applications_passport_number_lower_idx on public.visa_applications (passport_number_lower desc, id);
-- The status and visa type filters, newest first (the default order).
create index visa_applications_status_idx on public.visa_applications (status, submitted_at desc, id);
create index visa_applications_visa_type_idx on public.visa_applications (visa_type, submitted_at desc, id);
-- The list's filter of applications waiting on their applicant, and the overview's count of them.
create index visa_applications_awaiting_documents_idx on public.visa_applications (submitted_at desc, id)
    where awaiting_documents;

create trigger visa_applications_set_updated_at
    before update
    on public.visa_applications
    for each row
execute function private.set_updated_at();

/**
  * Refuses a date of birth after today. Today is taken where it is latest on Earth (UTC+14), so a
  * date that is already today in the applicant's time zone is never judged to be in the future.
 */
create or replace function private.reject_future_birth_date()
    returns trigger
    language plpgsql
    set search_path = ''
as
$$
begin
    if new.dob > (now() at time zone 'UTC' + interval '14 hours')::date then
        raise exception 'The date of birth cannot be in the future.'
            using errcode = 'RF002', column = 'dob';
    end if;
    return new;
end;
$$;

revoke all on function private.reject_future_birth_date() from public, anon, authenticated;

create trigger visa_applications_reject_future_birth_date
    before insert or update of dob
    on public.visa_applications
    for each row
execute function private.reject_future_birth_date();

/**
  * -------------------------------------------------------
  * Section - Privileges
  * -------------------------------------------------------
  * Applicants write the form fields and the idempotency key (and may name themselves as user_id);
  * id, status and the timestamps come from the database. Admins change status only, and delete.
 */
revoke all on table public.visa_applications from anon, authenticated, service_role;
grant select, delete on table public.visa_applications to authenticated;
grant insert (user_id, visa_type, name, email, phone, dob, nationality, passport_number, marital_status,
              address, message, client_key) on table public.visa_applications to authenticated;
grant update (status) on table public.visa_applications to authenticated;
grant all on table public.visa_applications to service_role;

/**
  * -------------------------------------------------------
  * Section - Row-level security
  * -------------------------------------------------------
 */
alter table public.visa_applications enable row level security;

-- A signed-in user applies for themself only, and only as a new submission. An anonymous sign-in
-- (the booking form's, where a CAPTCHA is required) is no account and applies for nothing, so it
-- owns no application to upload documents to.
create policy "Users can submit their own applications" on public.visa_applications
    for insert
    to authenticated
    with check (user_id = (select auth.uid()) and status = 'submitted'
                and not coalesce(((select auth.jwt()) ->> 'is_anonymous')::boolean, false));

-- A signed-in user reads their own applications (with their status, on the profile page); admins
-- read every application. One policy, so each row is checked once (see profiles).
create policy "Users read their own applications, staff all" on public.visa_applications
    for select
    to authenticated
    using (user_id = (select auth.uid()) or (select private.is_staff()));

-- Staff move an application through its review (the grant limits this to status).
create policy "Staff can change application status" on public.visa_applications
    for update
    to authenticated
    using ((select private.is_staff()))
    with check ((select private.is_staff()));

-- Staff delete applications.
create policy "Staff can delete applications" on public.visa_applications
    for delete
    to authenticated
    using ((select private.is_staff()));
