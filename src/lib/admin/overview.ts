// The admin overview: what is waiting for an answer and whether the queues move (admin_overview).
// Each call takes the client and answers a Result (src/islands/admin/query-result.ts hands it to
// react-query, which holds a failure and offers Retry).
import type { SiteClient } from '../database.ts';
import { staffFailure } from '../forms/errors.ts';
import { succeeded, type Result } from '../result.ts';
import { APPLICATIONS, BOOKINGS, CONTACT_MESSAGES, type ListConfig } from './lists.ts';

/**
 * What is waiting for an answer (admin_overview: "today" in the consultancy's time zone), and
 * whether the queues move. admin_overview returns one json object, which the generated types know
 * only as Json: this is its shape.
 */
export type Overview = {
  new_applications: number;
  new_messages: number;
  bookings_today: number;
  bookings_upcoming: number;
  /** Open applications with a request for missing documents not yet fulfilled. */
  waiting_on_applicant: number;
  /** Emails that failed for good (each row shows its reason and Retry). */
  emails_failed: number;
  /** Emails queued or being sent, and when the oldest of them was queued (null: none). */
  emails_waiting: number;
  oldest_email_waiting_since: string | null;
  /** Files of deleted applications still to remove from Storage, and since when. */
  removals_waiting: number;
  oldest_removal_waiting_since: string | null;
};

/** The dashboard's counts of what is waiting. */
export async function fetchOverview(supabase: SiteClient): Promise<Result<Overview>> {
  const { data, error } = await supabase.rpc('admin_overview');
  if (error) return staffFailure(error);
  return succeeded(data as Overview);
}

/** The names of the overview's counts (beside them it has times). */
export type CountKey = { [K in keyof Overview]: Overview[K] extends number ? K : never }[keyof Overview];

/**
 * Each count of what is waiting, what it is called, and the list and filter its link opens. The
 * list, so filtered, holds exactly the rows the count counts (tests/api/overview-counts.test.ts).
 */
export const OVERVIEW_COUNTS: { key: CountKey; label: string; list: ListConfig; filter: [string, string] }[] = [
  { key: 'new_applications', label: 'New applications', list: APPLICATIONS, filter: ['status', 'submitted'] },
  { key: 'new_messages', label: 'New messages', list: CONTACT_MESSAGES, filter: ['state', 'new'] },
  { key: 'bookings_today', label: 'Bookings today', list: BOOKINGS, filter: ['when', 'today'] },
  { key: 'bookings_upcoming', label: 'Upcoming bookings', list: BOOKINGS, filter: ['when', 'upcoming'] },
  { key: 'waiting_on_applicant', label: 'Waiting on the applicant', list: APPLICATIONS, filter: ['documents', 'waiting'] },
];
