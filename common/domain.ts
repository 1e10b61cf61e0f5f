// The closed lists of the specification (sections 3, 5 and 9) and of the site's own states. Each is
// a Postgres enum (supabase/migrations/), so `npm run db:types` writes it into the generated
// `Constants`, and this file reads it from there: the database is the one place a list is written,
// in the order the admin sorts by (an enum sorts in its declared order).
import { Constants, type Enums } from './database.types.ts';

const ENUMS = Constants.public.Enums;

/** The six visa types, in the specification's order (ids 1 to 6). */
export const VISA_TYPES = ENUMS.visa_type;
export type VisaType = Enums<'visa_type'>;

/** The four marital statuses used by the visa form and signup. */
export const MARITAL_STATUSES = ENUMS.marital_status;
export type MaritalStatus = Enums<'marital_status'>;

/** The countries the booking form offers. */
export const BOOKING_COUNTRIES = ENUMS.booking_country;

/** Where a visa application is in its review (docs/product-decisions.md, beyond the specification). */
export const APPLICATION_STATUSES = ENUMS.application_status;
export type ApplicationStatus = Enums<'application_status'>;

/** True when `value` is one of `list` (a value read from an untyped row or a form control). */
export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return (list as readonly unknown[]).includes(value);
}

/** URL slug of a visa type: `/visa/{type-slug}` reaches the same page as `/visa/{id}`. */
export function visaTypeSlug(type: string): string {
  return type
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** How a status reads to people (the admin dashboard and the applicant's profile). */
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  submitted: 'Submitted',
  in_review: 'In review',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** A newsletter sign-up's state (public.newsletter_subscribers.status): only subscribed addresses get newsletters. */
export const SUBSCRIPTION_STATUSES = ENUMS.subscription_status;
export type SubscriptionStatus = Enums<'subscription_status'>;

/**
 * Days a newsletter confirmation link works, after which the sign-up is forgotten: the
 * private.newsletter_confirmation_lifetime() of the migrations (tests/db/newsletter-confirmation.test.ts
 * compares them), said by the confirmation email and the /newsletter/confirm page.
 */
export const NEWSLETTER_CONFIRMATION_DAYS = 7;

/** How a sign-up's state reads to staff. */
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  pending: 'Awaiting confirmation',
  subscribed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
};

/**
 * The consultancy's time zone: the one "today" of the site. Bookings are for a date and time in
 * it (the form, the database's check private.consultancy_today and the calendar invitation), and
 * the admin reads every time in it. Lagos keeps West Africa Time (UTC+1) all year, so its name
 * never changes with the season.
 */
export const CONSULTANCY_TIME_ZONE = 'Africa/Lagos';
/** How the zone is named beside a time: "14:30 WAT". */
export const CONSULTANCY_TIME_ZONE_NAME = 'WAT';

// Made on first use, not when the module loads: the first date formatter a page creates sets up
// the browser's date data (tens of milliseconds on a phone's CPU), and the account forms, which
// import this module for its lists, never format a date while they start.
let consultancyParts: Intl.DateTimeFormat | undefined;

/** The date (YYYY-MM-DD) and time (HH:MM) it is in the consultancy's time zone at `now`, whatever the reader's own zone. */
export function consultancyNow(now: Date = new Date()): { date: string; time: string } {
  consultancyParts ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: CONSULTANCY_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = consultancyParts.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

/** Today's date (YYYY-MM-DD) in the consultancy's time zone. */
export function consultancyToday(now: Date = new Date()): string {
  return consultancyNow(now).date;
}

/**
 * True when a booking for `date` (YYYY-MM-DD) at `time` (HH:MM, seconds ignored) is already past in
 * the consultancy's time zone at `now`. The current minute is not past, as in the database.
 */
export function bookingHasPassed(date: string, time: string, now: Date = new Date()): boolean {
  const current = consultancyNow(now);
  return date < current.date || (date === current.date && time.slice(0, 5) < current.time);
}

/** A status change as people read it, in the admin's and the applicant's timelines alike. */
export function statusChangeText(from: ApplicationStatus | null, to: ApplicationStatus): string {
  const label = (status: ApplicationStatus) => APPLICATION_STATUS_LABELS[status];
  return from ? `Status changed from ${label(from)} to ${label(to)}` : `Application received, status ${label(to)}`;
}

/**
 * Who a profile is (public.user_role), least to most: a user; an adviser, staff who work cases
 * (applications, documents, bookings, messages); an admin, who also manages staff, deletes
 * accounts and reads the activity record. The database decides what each may do; the admin only
 * shows each person what their role allows (docs/architecture.md, "Roles").
 */
export const USER_ROLES = ENUMS.user_role;
export type UserRole = Enums<'user_role'>;

/** How a role reads to staff, and in a sentence ("now an adviser"). */
export const USER_ROLE_LABELS: Record<UserRole, { label: string; withArticle: string }> = {
  user: { label: 'User', withArticle: 'a user' },
  adviser: { label: 'Adviser', withArticle: 'an adviser' },
  admin: { label: 'Admin', withArticle: 'an admin' },
};

/** True for the roles that open the admin workspace. */
export function isStaffRole(role: UserRole | null | undefined): role is 'adviser' | 'admin' {
  return role === 'adviser' || role === 'admin';
}

/** What an entry of the activity record was (public.activity_kind). */
export const ACTIVITY_KINDS = ENUMS.activity_kind;
export type ActivityKind = Enums<'activity_kind'>;

/** How each kind reads to staff. */
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  document_opened: 'Document opened',
  status_changed: 'Status changed',
  verdict_given: 'Verdict given',
  documents_requested: 'Documents requested',
  booking_changed: 'Booking changed',
  role_changed: 'Role changed',
  factor_removed: 'Factor removed',
  account_deleted: 'Account deleted',
  csv_exported: 'CSV exported',
  data_exported: 'Data exported',
  retention_applied: 'Retention applied',
};
