// The admin overview: what is waiting for an answer and whether the queues move (admin_overview).
// Each call takes the client and answers a Result (src/islands/admin/query-result.ts hands it to
// react-query, which holds a failure and offers Retry).
import type { SiteClient } from '../database.ts';
import { staffFailure } from '../forms/errors.ts';
import { succeeded, type Result } from '../result.ts';

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
