// Every table and Storage bucket that holds a user id or an email address, and how the rows of one
// account are found in it: the one list the "Download my data" export is made from
// (supabase/functions/export-my-data) and the account deletion follows
// (private.delete_account, 20261122000100_profiles_and_roles.sql). tests/db/personal-data.test.ts
// reads the database's catalog (every column referencing auth.users or public.profiles, every
// column named like email, user_id or owner or typed as an email address, every bucket) and fails
// while one is not listed here, so a new table cannot be forgotten; tests/functions/export-my-data
// .test.ts fails while a section named here is missing from the export. No imports: the functions
// and the tests both read it.

/** What a listed column holds, and so how an account's rows are found by it. */
export type ColumnRole =
  /** The account's user id: the account's rows are those with its id here. */
  | 'account_id'
  /**
   * An email address typed into a form or written by the site: the account's rows are those with
   * its address here, once that address is verified (so nobody reads what others typed under an
   * address they have not proven is theirs).
   */
  | 'account_email'
  /** A copy of another listed column (the lower-cased search keys): found with it. */
  | 'copy'
  /** The staff member who acted on a row: staff's id, not the applicant's data. */
  | 'staff_id'
  /** Set by the service, never a person's (hosted Storage's owner of a bucket made by SQL). */
  | 'unused';

/** What deleting an account does to the table's rows of that account. */
export type OnDeletion =
  /** Deleted, with the account. */
  | 'deleted'
  /** Kept as the consultancy's record with the personal fields overwritten (docs/product-decisions.md). */
  | 'erased'
  /** Left as it is: it holds nothing of the account (staff's ids, or a short-lived log). */
  | 'kept';

export interface PersonalTable {
  /** schema.table, as the catalog names it. */
  table: string;
  /** Each column that holds a user id or an email address, and what it holds. */
  columns: Readonly<Record<string, ColumnRole>>;
  /** The key of data.json the account's rows are under (docs/privacy-export.md), or null with `notExported`. */
  exportKey: string | null;
  /** Why the account's rows are not in the export, when exportKey is null. */
  notExported?: string;
  onDeletion: OnDeletion;
}

export interface PersonalBucket {
  bucket: string;
  /** How an account's objects are found. */
  foundBy: string;
  exportKey: string;
  onDeletion: OnDeletion;
}

/** Every table holding a user id or an email address. */
export const PERSONAL_TABLES: readonly PersonalTable[] = [
  {
    table: 'auth.users',
    columns: { id: 'account_id', email: 'account_email' },
    exportKey: 'account',
    onDeletion: 'deleted',
  },
  {
    table: 'public.profiles',
    columns: { id: 'account_id', email: 'account_email', email_lower: 'copy' },
    exportKey: 'profile',
    onDeletion: 'deleted',
  },
  {
    table: 'public.visa_applications',
    columns: { user_id: 'account_id', email: 'account_email', email_lower: 'copy' },
    exportKey: 'applications',
    onDeletion: 'erased',
  },
  {
    // An application's timeline: found through the account's applications.
    table: 'public.application_status_changes',
    columns: { changed_by: 'staff_id' },
    exportKey: 'applications',
    onDeletion: 'kept',
  },
  {
    table: 'public.application_notes',
    columns: { author_id: 'staff_id' },
    exportKey: null,
    notExported: "staff's internal notes on an application: never shown to its applicant (its row-level security keeps them to staff)",
    onDeletion: 'deleted',
  },
  {
    table: 'public.document_reviews',
    columns: { reviewed_by: 'staff_id' },
    exportKey: 'applications',
    onDeletion: 'deleted',
  },
  {
    table: 'public.document_verdicts',
    columns: { reviewed_by: 'staff_id' },
    exportKey: 'applications',
    onDeletion: 'deleted',
  },
  {
    table: 'public.document_requests',
    columns: { requested_by: 'staff_id' },
    exportKey: 'applications',
    onDeletion: 'kept',
  },
  {
    table: 'public.bookings',
    columns: { email: 'account_email', email_lower: 'copy', handled_by: 'staff_id' },
    exportKey: 'bookings',
    onDeletion: 'deleted',
  },
  {
    table: 'public.booking_events',
    columns: { staff_id: 'staff_id' },
    exportKey: 'bookings',
    onDeletion: 'deleted',
  },
  {
    table: 'public.contact_messages',
    columns: { email: 'account_email', email_lower: 'copy', handled_by: 'staff_id' },
    exportKey: 'messages',
    onDeletion: 'deleted',
  },
  {
    table: 'public.newsletter_subscribers',
    columns: { email: 'account_email', email_lower: 'copy' },
    exportKey: 'newsletter',
    onDeletion: 'deleted',
  },
  {
    table: 'public.notifications',
    columns: { recipient: 'account_email' },
    exportKey: 'emails',
    onDeletion: 'deleted',
  },
  {
    table: 'public.closed_dates',
    columns: { created_by: 'staff_id' },
    exportKey: null,
    notExported: 'the days staff closed the calendar: staff\'s, holding nothing of an applicant',
    onDeletion: 'kept',
  },
  {
    table: 'private.form_submissions',
    columns: { email: 'account_email' },
    exportKey: null,
    notExported: "the spam limit's count of a form's submissions per address in the last hour: the submissions themselves are exported",
    onDeletion: 'deleted',
  },
  {
    table: 'public.account_deletions',
    columns: { email: 'account_email' },
    exportKey: null,
    notExported: 'written as the account is deleted, when there is no account left to download anything',
    onDeletion: 'kept',
  },
  {
    // Who acted on whose data (the actor is a staff member's id, or the person's own for an export).
    table: 'public.activity_record',
    columns: { subject_user_id: 'account_id' },
    exportKey: null,
    notExported: "staff's append-only record of who acted on the account's data, read by admins only; it names the account by id, and outlives it by design",
    onDeletion: 'kept',
  },
  {
    // Which admin last changed a retention period: staff's id on the consultancy's own settings.
    table: 'public.retention_rules',
    columns: { updated_by: 'staff_id' },
    exportKey: null,
    notExported: "the consultancy's retention settings; the column names the admin who last changed a period, never an applicant",
    onDeletion: 'kept',
  },
  {
    table: 'storage.objects',
    columns: { owner: 'account_id', owner_id: 'account_id' },
    exportKey: 'documents',
    onDeletion: 'deleted',
  },
  {
    table: 'storage.buckets',
    columns: { owner: 'unused', owner_id: 'unused' },
    exportKey: null,
    notExported: 'the buckets are made by the migrations, owned by nobody',
    onDeletion: 'kept',
  },
];

/** Every Storage bucket: each holds an account's files. */
export const PERSONAL_BUCKETS: readonly PersonalBucket[] = [
  {
    bucket: 'application-documents',
    foundBy: 'the first folder of an object name is the user id ({user id}/{application id}/{item key}/{file name})',
    exportKey: 'documents',
    onDeletion: 'deleted',
  },
];

/** The keys of data.json that hold the account's rows, in the order the file lists them. */
export const EXPORT_SECTIONS = ['account', 'profile', 'applications', 'documents', 'bookings', 'messages', 'newsletter', 'emails'] as const;

export type ExportSection = (typeof EXPORT_SECTIONS)[number];

/** The version of data.json's shape (docs/privacy-export.md); raised when a key changes meaning. */
export const EXPORT_FORMAT = 1;
