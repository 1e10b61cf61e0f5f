// The signed-in user's own visa applications, as /profile shows them: each with its status
// changes, staff's requests for missing documents and, once decided, when its documents are removed. Apart from the account calls (auth/actions.ts),
// which every account form loads, since only the profile's applications need these.
import type { Tables } from './database.ts';
import { DOCUMENT_REQUEST_COLUMNS, type DocumentRequest } from './documents/requests.ts';
import { DOCUMENT_VERDICT_COLUMNS, type DocumentVerdictRow } from './timeline.ts';
import { toFailure } from './forms/errors.ts';
import { succeeded, type Result } from './result.ts';
import { loadSupabase } from './supabase-loader.ts';

/** One change of an application's status, as its applicant sees it (never who made it). */
type OwnStatusChange = Pick<Tables<'application_status_changes'>, 'id' | 'application_id' | 'from_status' | 'to_status' | 'changed_at'>;

/**
 * One of the user's visa applications, as /profile shows it, with its status changes and staff's
 * requests for missing documents, oldest first.
 */
export type OwnApplication = Pick<Tables<'visa_applications'>, 'id' | 'visa_type' | 'submitted_at' | 'status'> & {
  changes: OwnStatusChange[];
  requests: DocumentRequest[];
  /** Every verdict staff gave on its documents. */
  verdicts: DocumentVerdictRow[];
  /** A decided application's documents: when they will be removed, or were (the retention rule); null while undecided. */
  retention: DocumentRetention | null;
};

/** When a decided application's documents are removed (removes_at), and once they have been, when (removed_at). */
export type DocumentRetention = { removes_at: string; removed_at: string | null };

/** Shown when the user's applications cannot be read. */
const APPLICATIONS_FAILED = 'We could not load your applications. Please try again.';

/**
 * The user's own applications, newest first (an admin's profile lists only their own too), each
 * with its timeline: the status changes and the document requests of all of them, in two more
 * requests sent together. Internal notes are never read here (row-level security keeps them from
 * applicants anyway).
 */
export async function listOwnApplications(userId: string): Promise<Result<OwnApplication[]>> {
  try {
    const supabase = await loadSupabase();
    const applications = await supabase
      .from('visa_applications')
      .select('id, visa_type, submitted_at, status')
      .eq('user_id', userId)
      .order('submitted_at', { ascending: false });
    if (applications.error) return toFailure({ ...applications.error, status: applications.status }, APPLICATIONS_FAILED, APPLICATIONS_FAILED);
    const rows = applications.data ?? [];
    if (rows.length === 0) return succeeded([]);
    const ids = rows.map((row) => row.id);
    const [changes, requests, verdicts, retention] = await Promise.all([
      supabase
        .from('application_status_changes')
        .select('id, application_id, from_status, to_status, changed_at')
        .in('application_id', ids)
        .order('changed_at', { ascending: true }),
      supabase
        .from('document_requests')
        .select(DOCUMENT_REQUEST_COLUMNS)
        .in('application_id', ids)
        .order('requested_at', { ascending: true })
        .overrideTypes<DocumentRequest[]>(),
      supabase.from('document_verdicts').select(DOCUMENT_VERDICT_COLUMNS).in('application_id', ids).order('reviewed_at', { ascending: true }),
      supabase.rpc('document_retention', { application_ids: ids }),
    ]);
    for (const read of [changes, requests, verdicts, retention]) {
      if (read.error) return toFailure({ ...read.error, status: read.status }, APPLICATIONS_FAILED, APPLICATIONS_FAILED);
    }
    const history = changes.data ?? [];
    const asked = requests.data ?? [];
    const judged = verdicts.data ?? [];
    const removals = new Map((retention.data ?? []).map((row) => [row.application_id, { removes_at: row.removes_at, removed_at: row.removed_at }]));
    return succeeded(
      rows.map((row) => ({
        ...row,
        changes: history.filter((change) => change.application_id === row.id),
        requests: asked.filter((request) => request.application_id === row.id),
        verdicts: judged.filter((verdict) => verdict.application_id === row.id),
        retention: removals.get(row.id) ?? null,
      })),
    );
  } catch (error) {
    return toFailure(error, APPLICATIONS_FAILED, APPLICATIONS_FAILED);
  }
}
