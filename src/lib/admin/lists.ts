// The admin lists as data: which table each reads, its columns (label, how a value reads,
// which key sorts it), what its search matches, its filters, and how one of its rows is named
// and deleted. DataTable renders any of them; nothing here knows about React state.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database, SiteClient } from '../database.ts';
import { applicationStatusTone, subscriptionStatusTone, type BadgeTone } from '../badges.ts';
import {
  APPLICATION_STATUSES,
  APPLICATION_STATUS_LABELS,
  CONSULTANCY_TIME_ZONE_NAME,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_STATUS_LABELS,
  USER_ROLES,
  USER_ROLE_LABELS,
  VISA_TYPES,
  ACTIVITY_KINDS,
  consultancyToday,
  isOneOf,
} from '../../../common/domain.ts';
import { applicationReference } from '../../../common/application-reference.ts';
import { formatConsultancyDate, formatConsultancyTime, formatSlotTime } from '../../../common/consultancy-time.ts';
import { STAFF_STATUS_LABELS } from '../appointments/staff-bookings.ts';
import { documentCounts } from '../documents/counts.ts';
import { staffFailure } from '../forms/errors.ts';
import { failed, succeeded, type Result } from '../result.ts';
import { OPEN_FOR_DOCUMENTS } from '../document-rules.ts';
import { PLACE_HOLDING_STATUSES } from '../../../common/bookings.ts';
import { activityDetailText, activityKindLabel } from './activity.ts';

/** The tables the admin lists read and delete from. */
type DeletableTable = keyof Pick<Database['public']['Tables'], 'visa_applications' | 'profiles' | 'bookings' | 'contact_messages' | 'newsletter_subscribers'>;

/** What the admin lists read: those tables, and the activity record's view (never deleted from). */
export type ListTable = DeletableTable | keyof Pick<Database['public']['Views'], 'activity_entries'>;

/** A row of a list: the columns its `select` names, which is data, so read by name. */
export type Row = Record<string, unknown> & { id: string };

/**
 * A select on a list's table. A list names its columns, sort keys and filters as data (strings
 * that one DataTable reads for any of five tables), which the generated types cannot follow: the
 * query goes through the client without them, and its rows are Rows, records of the named columns.
 */
export function selectList(supabase: SiteClient, list: ListConfig, columns: string, options?: { count?: 'exact'; head?: boolean }) {
  const byColumnName: SupabaseClient = supabase;
  return byColumnName.from(list.table).select<string, Row>(columns, options);
}

export type ListQuery = ReturnType<typeof selectList>;

export interface Column {
  /** The row's field shown in this column. */
  key: string;
  label: string;
  /** The column the server orders by (a lower-cased search key for text); absent: not sortable. */
  sortKey?: string;
  /** The first direction a click on the header sorts in (newest first for dates). */
  firstAscending?: boolean;
  /**
   * Pages sorted by this column are read by key (list-queries.ts): true only where every row has a
   * value (a null would sort outside the key's range, and its row would fall out of every page).
   */
  keyed?: boolean;
  /** How the value reads; plain text when absent. */
  format?: (value: unknown) => string;
  /** Shows the value as a badge of this tone (its text is still `format`'s). */
  badge?: (value: unknown) => BadgeTone;
}

interface Filter {
  key: string;
  label: string;
  options: readonly { value: string; label: string }[];
  /** How a chosen value narrows the query; `key = value` when absent. */
  apply?: (query: ListQuery, value: string) => ListQuery;
}

/** A column only the CSV file has, after the list's own: read for a chunk of rows by their ids. */
interface ExportColumn {
  /** The column's name in the header row. */
  name: string;
  /** The value of each row of `ids`, by id. */
  read: (supabase: SiteClient, ids: string[]) => Promise<Result<Map<string, unknown>>>;
}

export type ListId = 'applications' | 'users' | 'bookings' | 'messages' | 'subscribers' | 'activity';

export interface ListConfig {
  id: ListId;
  /** Section heading and table caption. */
  title: string;
  table: ListTable;
  /** The columns read for the table and the CSV file. */
  select: string;
  columns: Column[];
  /** Lower-cased keys a search matches the start of. */
  searchKeys: string[];
  searchLabel: string;
  filters: Filter[];
  defaultSort: { key: string; ascending: boolean };
  /** Singular noun for messages: 'Failed to delete {noun}.' */
  noun: string;
  /** The confirmation's sentence naming exactly what goes. */
  describeDelete: (row: Row) => string;
  /** Deletes the row; fails when nothing was deleted. Absent: the list's rows are never deleted. */
  remove?: (supabase: SiteClient, row: Row) => Promise<Result>;
  /** File name stem of the CSV export. */
  exportName: string;
  /** Columns the CSV export adds after those of `select`. */
  exportColumns?: ExportColumn[];
}

/** A timestamp as staff read it: in the consultancy's time zone, named, so every admin sees the same value. */
export function formatDateTime(value: unknown): string {
  return typeof value === 'string' ? formatConsultancyTime(value) : '';
}

/** A booking's time (HH:MM:SS, already Lagos time) as staff read it: "09:30 WAT". */
function formatBookingTime(value: unknown): string {
  return typeof value === 'string' ? `${formatSlotTime(value)} ${CONSULTANCY_TIME_ZONE_NAME}` : '';
}

function formatDate(value: unknown): string {
  return typeof value === 'string' ? formatConsultancyDate(value) : '';
}

function statusLabel(value: unknown): string {
  return isOneOf(APPLICATION_STATUSES, value) ? APPLICATION_STATUS_LABELS[value] : String(value ?? '');
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const nameOr = (value: unknown, fallback: string) => text(value) || fallback;

/** Deletes one row by id and checks it went: row-level security turns a refused delete into "0 rows". */
function deleteById(table: DeletableTable) {
  return async (supabase: SiteClient, row: Row) => {
    const { data, error } = await supabase.from(table).delete().eq('id', row.id).select('id');
    if (error) return staffFailure(error);
    // Row-level security refused it, or it was already gone.
    return data && data.length > 0 ? succeeded() : failed('refused', `Nothing was deleted from ${table}.`);
  };
}

/** A timestamp column, newest first on its first click: when a row arrived, which every row has (paged by key). */
const timeColumn = (key: string, label: string): Column => ({ key, label, sortKey: key, firstAscending: false, keyed: true, format: formatDateTime });

/** A text column sorted by its generated lower-cased key (`<key>_lower`), A to Z first. */
const textColumn = (key: string, label: string, format?: Column['format']): Column => ({
  key,
  label,
  sortKey: `${key}_lower`,
  firstAscending: true,
  ...(format ? { format } : {}),
});

/** A column sorted by its own value (an enum or a date), ascending first. */
const valueColumn = (key: string, label: string, format?: Column['format']): Column => ({
  key,
  label,
  sortKey: key,
  firstAscending: true,
  ...(format ? { format } : {}),
});

/**
 * A lead's state: new until staff mark it handled (handled_at set by public.set_lead_handled).
 * The dashboard's "new messages" count links to this filter's `new`.
 */
const LEAD_STATE_FILTER: Filter = {
  key: 'state',
  label: 'State',
  options: [
    { value: 'new', label: 'New' },
    { value: 'handled', label: 'Handled' },
  ],
  apply: (query, value) => (value === 'new' ? query.is('handled_at', null) : query.not('handled_at', 'is', null)),
};

/** Where a booking stands (public.booking_status). */
const BOOKING_STATUS_FILTER: Filter = {
  key: 'status',
  label: 'Status',
  options: (Object.keys(STAFF_STATUS_LABELS) as (keyof typeof STAFF_STATUS_LABELS)[]).map((value) => ({ value, label: STAFF_STATUS_LABELS[value] })),
};

/**
 * The bookings that hold their place (common/bookings.ts) for today or after today in the
 * consultancy's time zone: what the overview's "Bookings today" and "Upcoming bookings" count and
 * link to (tests/api/overview-counts.test.ts holds each count equal to this list's total). A
 * declined or cancelled booking is found through the status filter instead.
 */
const BOOKING_DATE_FILTER: Filter = {
  key: 'when',
  label: 'Date',
  options: [
    { value: 'today', label: 'Today, holding a place' },
    { value: 'upcoming', label: 'Upcoming, holding a place' },
  ],
  apply: (query, value) =>
    (value === 'today' ? query.eq('date', consultancyToday()) : query.gt('date', consultancyToday())).in('status', [...PLACE_HOLDING_STATUSES]),
};

/**
 * Applications waiting on their applicant: staff asked for documents that have not all arrived
 * (awaiting_documents, kept by the database), while the application is still open. The
 * overview's "Waiting on the applicant" count links to this filter's `waiting`.
 */
const AWAITING_DOCUMENTS_FILTER: Filter = {
  key: 'documents',
  label: 'Documents',
  options: [{ value: 'waiting', label: 'Waiting on the applicant' }],
  apply: (query) => query.eq('awaiting_documents', true).in('status', [...OPEN_FOR_DOCUMENTS]),
};

export const APPLICATIONS: ListConfig = {
  id: 'applications',
  title: 'Visa applications',
  table: 'visa_applications',
  select:
    'id, reference, submitted_at, name, email, phone, visa_type, status, dob, nationality, passport_number, marital_status, address, message, user_id, updated_at',
  columns: [
    timeColumn('submitted_at', 'Submitted'),
    { key: 'reference', label: 'Reference', format: (value) => applicationReference(text(value)) },
    textColumn('name', 'Name'),
    textColumn('email', 'Email'),
    valueColumn('visa_type', 'Visa type'),
    textColumn('passport_number', 'Passport number'),
    { ...valueColumn('status', 'Status', statusLabel), badge: applicationStatusTone },
  ],
  searchKeys: ['name_lower', 'email_lower', 'passport_number_lower', 'reference'],
  searchLabel: 'Search by name, email, passport number or reference',
  filters: [
    { key: 'status', label: 'Status', options: APPLICATION_STATUSES.map((value) => ({ value, label: APPLICATION_STATUS_LABELS[value] })) },
    { key: 'visa_type', label: 'Visa type', options: VISA_TYPES.map((value) => ({ value, label: value })) },
    AWAITING_DOCUMENTS_FILTER,
  ],
  defaultSort: { key: 'submitted_at', ascending: false },
  noun: 'application',
  describeDelete: (row) =>
    `The ${text(row.visa_type)} application of ${text(row.name)} (${text(row.email)}), submitted ${formatDateTime(row.submitted_at)}, will be deleted permanently, with its documents.`,
  remove: deleteById('visa_applications'),
  exportName: 'visa-applications',
  exportColumns: [{ name: 'documents', read: documentCounts }],
};

export const USERS: ListConfig = {
  id: 'users',
  title: 'Users',
  table: 'profiles',
  select: 'id, created_at, full_name, email, role, phone, country, age, occupation, marital_status, address',
  columns: [
    timeColumn('created_at', 'Joined'),
    textColumn('full_name', 'Name', (v) => nameOr(v, 'User')),
    textColumn('email', 'Email'),
    { key: 'country', label: 'Country' },
    valueColumn('role', 'Role', (v) => (isOneOf(USER_ROLES, v) ? USER_ROLE_LABELS[v].label : text(v))),
  ],
  searchKeys: ['full_name_lower', 'email_lower'],
  searchLabel: 'Search by name or email',
  filters: [{ key: 'role', label: 'Role', options: USER_ROLES.map((value) => ({ value, label: USER_ROLE_LABELS[value].label })) }],
  defaultSort: { key: 'created_at', ascending: false },
  noun: 'user',
  describeDelete: (row) =>
    `The account of ${nameOr(row.full_name, 'User')} (${text(row.email)}) will be deleted permanently: they will no longer be able to log in, and their profile, documents, and the bookings, messages and newsletter subscription under their address go with it. Their visa applications are kept as records, without their personal details. They are emailed a confirmation.`,
  remove: async (supabase, row) => {
    const { error } = await supabase.rpc('admin_delete_user', { user_id: row.id });
    return error ? staffFailure(error) : succeeded();
  },
  exportName: 'users',
};

export const BOOKINGS: ListConfig = {
  id: 'bookings',
  title: 'Bookings',
  table: 'bookings',
  select: 'id, created_at, full_name, email, phone, country, date, time, status, handled_at, handled_by',
  columns: [
    timeColumn('created_at', 'Received'),
    textColumn('full_name', 'Name'),
    textColumn('email', 'Email'),
    { key: 'phone', label: 'Phone' },
    { key: 'country', label: 'Country' },
    valueColumn('date', 'Date', formatDate),
    { key: 'time', label: 'Time', format: formatBookingTime },
  ],
  searchKeys: ['full_name_lower', 'email_lower'],
  searchLabel: 'Search by name or email',
  filters: [BOOKING_STATUS_FILTER, LEAD_STATE_FILTER, BOOKING_DATE_FILTER],
  defaultSort: { key: 'created_at', ascending: false },
  noun: 'booking',
  describeDelete: (row) =>
    `The booking of ${text(row.full_name)} (${text(row.email)}) for ${formatDate(row.date)} at ${formatBookingTime(row.time)} will be deleted permanently.`,
  remove: deleteById('bookings'),
  exportName: 'bookings',
};

export const CONTACT_MESSAGES: ListConfig = {
  id: 'messages',
  title: 'Contact messages',
  table: 'contact_messages',
  select: 'id, created_at, name, email, phone, subject, message, page, handled_at, handled_by',
  columns: [
    timeColumn('created_at', 'Received'),
    textColumn('name', 'Name'),
    textColumn('email', 'Email'),
    { key: 'subject', label: 'Subject' },
    { key: 'message', label: 'Message' },
  ],
  searchKeys: ['name_lower', 'email_lower'],
  searchLabel: 'Search by name or email',
  filters: [LEAD_STATE_FILTER],
  defaultSort: { key: 'created_at', ascending: false },
  noun: 'message',
  describeDelete: (row) =>
    `The message “${text(row.subject)}” from ${text(row.name)} (${text(row.email)}) will be deleted permanently.`,
  remove: deleteById('contact_messages'),
  exportName: 'contact-messages',
};

export const SUBSCRIBERS: ListConfig = {
  id: 'subscribers',
  title: 'Newsletter subscribers',
  table: 'newsletter_subscribers',
  select: 'id, created_at, email, status',
  columns: [
    timeColumn('created_at', 'Signed up'),
    textColumn('email', 'Email'),
    { ...valueColumn('status', 'Status', (value) => (isOneOf(SUBSCRIPTION_STATUSES, value) ? SUBSCRIPTION_STATUS_LABELS[value] : text(value))), badge: subscriptionStatusTone },
  ],
  searchKeys: ['email_lower'],
  searchLabel: 'Search by email',
  // Newsletters go to subscribed addresses only: the filter (and the CSV export of its rows) gives that list.
  filters: [
    { key: 'status', label: 'Status', options: SUBSCRIPTION_STATUSES.map((value) => ({ value, label: SUBSCRIPTION_STATUS_LABELS[value] })) },
  ],
  defaultSort: { key: 'created_at', ascending: false },
  noun: 'subscriber',
  describeDelete: (row) => `The subscription of ${text(row.email)} will be deleted permanently.`,
  remove: deleteById('newsletter_subscribers'),
  exportName: 'newsletter-subscribers',
};

/**
 * The activity record (admins only: the record's policy returns advisers nothing, and the
 * workspace offers them no such part): who did what, newest first, found by a person's email (as
 * the one who acted or the one it concerned) or an application's reference, and filtered by
 * kind. Its rows are never deleted.
 */
export const ACTIVITY: ListConfig = {
  id: 'activity',
  title: 'Activity record',
  table: 'activity_entries',
  select: 'id, at, actor_email, actor_role, kind, subject_email, application_reference, detail',
  columns: [
    timeColumn('at', 'When'),
    { key: 'actor_email', label: 'Who', format: (value) => text(value) || 'System' },
    { key: 'actor_role', label: 'As' },
    { ...valueColumn('kind', 'What', activityKindLabel) },
    { key: 'subject_email', label: 'Whose' },
    { key: 'application_reference', label: 'Application', format: (value) => (value ? applicationReference(text(value)) : '') },
  ],
  searchKeys: ['actor_email_lower', 'subject_email_lower', 'application_reference'],
  searchLabel: 'Search by a person’s email or an application’s reference',
  filters: [{ key: 'kind', label: 'Kind', options: ACTIVITY_KINDS.map((value) => ({ value, label: activityKindLabel(value) })) }],
  defaultSort: { key: 'at', ascending: false },
  noun: 'entry',
  describeDelete: () => '',
  exportName: 'activity-record',
};

/** The activity list's detail column (the workspace adds it: its words depend on the row's kind). */
export function activityDetail(row: Row): string {
  return activityDetailText(row.kind, row.detail);
}
