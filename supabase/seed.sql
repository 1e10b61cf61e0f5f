/**
  * -------------------------------------------------------
  * Development data: for local databases only, never production
  * -------------------------------------------------------
  * Loaded by `npm run db:reset` (and by `supabase db reset` with the CLI). Fixed ids, so links and
  * tests can rely on them. Both accounts are confirmed and can log in at once:
  *
  *   admin@example.com   password: admin-dev-password   (role admin: sees /admin)
  *                       TOTP secret: BRIDGEWAYLOCALADMINDEVSECRET2345 (the code /login asks staff for)
  *   amara@example.com   password: amara-dev-password   (role user: applies, sees /profile)
  *
  * These passwords and the secret are published here on purpose; the accounts exist only in local
  * databases.
 */

/**
  * -------------------------------------------------------
  * Section - Accounts
  * -------------------------------------------------------
  * Inserting into auth.users fires the signup trigger, which creates each profile from the
  * metadata exactly as a real signup does. The token columns are nullable on hosted, but the Auth
  * server reads them into plain strings and answers a login with 500 "Database error querying
  * schema" when one is NULL, so every such column gets '' here (the others have a default of '';
  * tests/db/seed.test.ts checks the full list).
 */
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
                        confirmation_token, recovery_token, email_change_token_new, email_change)
values ('00000000-0000-0000-0000-000000000000', '00000000-0000-4000-8000-00000000a001', 'authenticated',
        'authenticated', 'admin@example.com', extensions.crypt('admin-dev-password', extensions.gen_salt('bf', 10)),
        '2026-01-05 09:00:00+00', '{"provider":"email","providers":["email"]}',
        '{"full_name":"Grace Adeyemi","age":41,"address":"14 Admiralty Way, Lekki, Lagos","country":"Nigeria",
          "occupation":"Immigration consultant","phone":"+234 801 234 5678","marital_status":"Married"}',
        '2026-01-05 09:00:00+00', '2026-01-05 09:00:00+00', '', '', '', ''),
       ('00000000-0000-0000-0000-000000000000', '00000000-0000-4000-8000-00000000a002', 'authenticated',
        'authenticated', 'amara@example.com', extensions.crypt('amara-dev-password', extensions.gen_salt('bf', 10)),
        '2026-01-06 14:30:00+00', '{"provider":"email","providers":["email"]}',
        '{"full_name":"Amara Okafor","age":29,"address":"8 Ring Road, Ibadan","country":"Nigeria",
          "occupation":"Nurse","phone":"+234 802 345 6789","marital_status":"Single"}',
        '2026-01-06 14:30:00+00', '2026-01-06 14:30:00+00', '', '', '', '');

-- Each email account has one identity, as the Auth server writes at signup.
insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
select u.id::text,
       u.id,
       jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
       'email',
       u.created_at,
       u.created_at
from auth.users u
where u.id in ('00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000a002');

-- An operator makes the first admin by hand, as on hosted.
update public.profiles
set role = 'admin'
where id = '00000000-0000-4000-8000-00000000a001';

-- Staff act only at aal2, so the admin has a verified TOTP factor with a fixed secret (SHA-1, six
-- digits, 30 seconds, as Supabase Auth's): add it to an authenticator app, or let the tests compute
-- its codes (tests/support/totp.ts). On hosted the admin enrols their own at the first sign-in.
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
values ('00000000-0000-4000-8000-00000000f001', '00000000-0000-4000-8000-00000000a001', 'Development authenticator',
        'totp', 'verified', '2026-01-05 09:00:00+00', '2026-01-05 09:00:00+00', 'BRIDGEWAYLOCALADMINDEVSECRET2345');

/**
  * -------------------------------------------------------
  * Section - Visa applications
  * -------------------------------------------------------
  * Amara's applications in three review states, and one whose applicant has since been deleted.
  * Their ids begin differently, so each shows its own reference (the first 8 hex digits).
 */
insert into public.visa_applications (id, user_id, visa_type, name, email, phone, dob, nationality, passport_number,
                                      marital_status, address, message, status, submitted_at)
values ('5e3d1a7c-0000-4000-8000-0000000b0001', '00000000-0000-4000-8000-00000000a002', 'Tourist Visa',
        'Amara Okafor', 'amara@example.com', '+234 802 345 6789', '1997-04-12', 'Nigerian', 'A12345678', 'Single',
        '8 Ring Road, Ibadan', 'Two weeks in Toronto in August.', 'approved', '2026-01-10 11:15:00+00'),
       ('9b2f4e80-0000-4000-8000-0000000b0002', '00000000-0000-4000-8000-00000000a002', 'Business Visa',
        'Amara Okafor', 'amara@example.com', '+234 802 345 6789', '1997-04-12', 'Nigerian', 'A12345678', 'Single',
        '8 Ring Road, Ibadan', 'Nursing conference in London.', 'in_review', '2026-02-02 08:40:00+00'),
       ('c47a92d5-0000-4000-8000-0000000b0003', '00000000-0000-4000-8000-00000000a002', 'Visa Extension',
        'Amara Okafor', 'amara@example.com', '+234 802 345 6789', '1997-04-12', 'Nigerian', 'A12345678', 'Single',
        '8 Ring Road, Ibadan', null, 'submitted', '2026-03-01 16:05:00+00'),
       ('2d8e6f13-0000-4000-8000-0000000b0004', null, 'K1/i-130 Visa Application', 'Tunde Bakare',
        'tunde@example.com', '+234 803 456 7890', '1990-11-30', 'Nigerian', 'B98765432', 'Married',
        '22 Broad Street, Lagos Island', 'Fiancé visa for the United States.', 'rejected', '2025-12-18 10:00:00+00');

/**
  * -------------------------------------------------------
  * Section - Public forms
  * -------------------------------------------------------
  * Booking dates are relative to today so they stay in the future, on a weekday a week and two
  * weeks ahead (open slots: 20261122000720_bookings.sql); everything else is fixed.
 */
insert into public.bookings (id, full_name, phone, email, country, date, time, created_at)
select id::uuid, full_name, phone, email, country::public.booking_country,
       (select min(day)::date
        from generate_series(current_date + ahead, current_date + ahead + 6, interval '1 day') as day
        where extract(isodow from day) <= 5),
       time::time, created_at::timestamptz
from (values ('00000000-0000-4000-8000-0000000c0001', 'Kwame Mensah', '+233 24 123 4567', 'kwame@example.com', 'Canada',
              7, '10:30', '2026-03-02 09:12:00+00'),
             ('00000000-0000-4000-8000-0000000c0002', 'Priya Sharma', '+91 98765 43210', 'priya@example.com', 'UK',
              14, '15:00', '2026-03-03 13:45:00+00')) as sample (id, full_name, phone, email, country, ahead, time, created_at);

insert into public.contact_messages (id, name, email, subject, phone, message, page, created_at)
values ('00000000-0000-4000-8000-0000000d0001', 'Li Wei', 'li.wei@example.com', 'Study permit for Australia',
        '+86 138 0000 0000', 'Which documents do I need for a student visa to Australia?', '/contact',
        '2026-03-04 07:30:00+00'),
       ('00000000-0000-4000-8000-0000000d0002', 'Sarah Johnson', 'sarah@example.com', 'Airbnb hosting',
        '+1 555 010 2030', 'Can you help me list my Lagos apartment?', '/contact1', '2026-03-05 18:20:00+00');

insert into public.newsletter_subscribers (id, email, created_at)
values ('00000000-0000-4000-8000-0000000e0001', 'reader@example.com', '2026-02-20 12:00:00+00'),
       ('00000000-0000-4000-8000-0000000e0002', 'traveller@example.com', '2026-02-21 12:00:00+00');

/**
  * -------------------------------------------------------
  * Section - History
  * -------------------------------------------------------
  * The submission triggers of the migrations ran for every row above as if it had just been
  * submitted. The sample data is history instead: each application's timeline is replaced by the
  * changes that led to its status, the emails count as sent long ago (so the sender sends nothing
  * on the first start), except one booking confirmation the mail server refused, for trying
  * "retry" in /admin. One booking and one message are handled, and one application has a note.
 */
delete
from public.application_status_changes
where application_id in ('5e3d1a7c-0000-4000-8000-0000000b0001', '9b2f4e80-0000-4000-8000-0000000b0002',
                         'c47a92d5-0000-4000-8000-0000000b0003', '2d8e6f13-0000-4000-8000-0000000b0004');

insert into public.application_status_changes (id, application_id, from_status, to_status, changed_by, changed_at)
values ('00000000-0000-4000-8000-0000000f0001', '5e3d1a7c-0000-4000-8000-0000000b0001', null, 'submitted',
        '00000000-0000-4000-8000-00000000a002', '2026-01-10 11:15:00+00'),
       ('00000000-0000-4000-8000-0000000f0002', '5e3d1a7c-0000-4000-8000-0000000b0001', 'submitted', 'in_review',
        '00000000-0000-4000-8000-00000000a001', '2026-01-12 09:30:00+00'),
       ('00000000-0000-4000-8000-0000000f0003', '5e3d1a7c-0000-4000-8000-0000000b0001', 'in_review', 'approved',
        '00000000-0000-4000-8000-00000000a001', '2026-01-20 14:00:00+00'),
       ('00000000-0000-4000-8000-0000000f0004', '9b2f4e80-0000-4000-8000-0000000b0002', null, 'submitted',
        '00000000-0000-4000-8000-00000000a002', '2026-02-02 08:40:00+00'),
       ('00000000-0000-4000-8000-0000000f0005', '9b2f4e80-0000-4000-8000-0000000b0002', 'submitted', 'in_review',
        '00000000-0000-4000-8000-00000000a001', '2026-02-04 10:00:00+00'),
       ('00000000-0000-4000-8000-0000000f0006', 'c47a92d5-0000-4000-8000-0000000b0003', null, 'submitted',
        '00000000-0000-4000-8000-00000000a002', '2026-03-01 16:05:00+00'),
       -- Tunde's account has been deleted since, so his own change is unsigned.
       ('00000000-0000-4000-8000-0000000f0007', '2d8e6f13-0000-4000-8000-0000000b0004', null, 'submitted',
        null, '2025-12-18 10:00:00+00'),
       ('00000000-0000-4000-8000-0000000f0008', '2d8e6f13-0000-4000-8000-0000000b0004', 'submitted', 'rejected',
        '00000000-0000-4000-8000-00000000a001', '2026-01-08 12:00:00+00');

insert into public.application_notes (id, application_id, author_id, body, created_at)
values ('00000000-0000-4000-8000-0000000f0101', '9b2f4e80-0000-4000-8000-0000000b0002',
        '00000000-0000-4000-8000-00000000a001', 'Conference invitation received; waiting for the bank statement.',
        '2026-02-04 10:05:00+00');

update public.bookings
set handled_at = '2026-03-03 10:00:00+00',
    handled_by = '00000000-0000-4000-8000-00000000a001'
where id = '00000000-0000-4000-8000-0000000c0001';

update public.contact_messages
set handled_at = '2026-03-04 09:00:00+00',
    handled_by = '00000000-0000-4000-8000-00000000a001'
where id = '00000000-0000-4000-8000-0000000d0001';

update public.notifications
set status   = 'sent',
    attempts = 1,
    sent_at  = created_at;

update public.notifications
set status     = 'failed',
    attempts   = 5,
    sent_at    = null,
    last_error = '550 5.1.1 <priya@example.com>: Recipient address rejected: mailbox unavailable'
where dedupe_key = 'booking_confirmation:00000000-0000-4000-8000-0000000c0002';
