// An application's timeline: its status changes, staff's internal notes, the requests for
// missing documents, every verdict on a document and the removal of its documents by the
// retention rule, oldest first. Staff read all of it in the application's dialog; the applicant's
// history on /profile is built from the same entries without the notes.
// Each call takes the client and answers a Result (src/islands/admin/query-result.ts hands it to
// react-query, which holds a failure and offers Retry).
import type { ApplicationStatus } from '../../common/domain.ts';
import type { SiteClient, Tables } from './database.ts';
import { fetchDocumentRequests, type DocumentRequest, type RequestedItem } from './documents/requests.ts';
import { staffFailure, toFailure } from './forms/errors.ts';
import { NOTE_TEXTS } from './forms/note.ts';
import { succeeded, type Result } from './result.ts';

/**
 * One verdict staff gave on a document (public.document_verdicts): what both timelines show of it.
 * Not who gave it: the database grants that column to no signed-in user (applicants know staff as
 * the consultancy); staff's timeline asks public.document_verdict_reviewers.
 */
export type DocumentVerdictRow = Pick<Tables<'document_verdicts'>, 'id' | 'application_id' | 'verdict' | 'reason' | 'file_name' | 'reviewed_at'>;

/** The columns of a verdict the timelines read. */
export const DOCUMENT_VERDICT_COLUMNS = 'id, application_id, verdict, reason, file_name, reviewed_at';

/**
 * One entry of an application's timeline: a status change, an internal note, a request for
 * missing documents (with staff's line), or the arrival of a request's last document.
 */
export type TimelineEntry =
  | { type: 'status'; id: string; at: string; by: string | null; from: ApplicationStatus | null; to: ApplicationStatus }
  | { type: 'note'; id: string; at: string; by: string | null; body: string }
  | { type: 'request'; id: string; at: string; by: string | null; items: RequestedItem[]; note: string | null }
  | { type: 'provided'; id: string; at: string; by: null; items: RequestedItem[] }
  | { type: 'verdict'; id: string; at: string; by: string | null; verdict: DocumentVerdictRow['verdict']; file: string; reason: string | null }
  | { type: 'retention'; id: string; at: string; by: null; files: number; period: string };

/** A verdict's entry. */
export const verdictEntry = (row: DocumentVerdictRow, by: string | null = null): TimelineEntry => ({
  type: 'verdict',
  id: row.id,
  at: row.reviewed_at,
  by,
  verdict: row.verdict,
  file: row.file_name,
  reason: row.reason,
});

/** How a verdict reads in both timelines: "Document accepted: passport.pdf", "Document needs replacing: photo.jpg (too dark)". */
export function verdictText(entry: { verdict: string; file: string; reason: string | null }): string {
  if (entry.verdict === 'accepted') return `Document accepted: ${entry.file}`;
  return `Document needs replacing: ${entry.file}${entry.reason ? ` (${entry.reason})` : ''}`;
}

/** How the removal of a decided application's documents reads: "Documents removed by the retention rule, 180 days after the decision: 3 files". */
export function retentionText(entry: { files: number; period: string }): string {
  return `Documents removed by the retention rule, ${entry.period} after the decision: ${entry.files === 1 ? '1 file' : `${entry.files} files`}`;
}

/** Who made an entry, as the applicant reads it: staff's names stay inside the consultancy. */
export const BY_THE_CONSULTANCY = ' by the consultancy';

/** A request's entries: when it was made, and when its last document arrived (if it has). */
export function requestEntries(request: DocumentRequest): TimelineEntry[] {
  const asked: TimelineEntry = { type: 'request', id: request.id, at: request.requested_at, by: request.requested_by, items: request.items, note: request.note };
  if (!request.fulfilled_at) return [asked];
  return [asked, { type: 'provided', id: `${request.id}:provided`, at: request.fulfilled_at, by: null, items: request.items }];
}

/** An application's status changes, notes, document requests, verdicts and retention removals, oldest first, interleaved by time. */
export async function fetchTimeline(supabase: SiteClient, applicationId: string): Promise<Result<TimelineEntry[]>> {
  const [changes, notes, requests, verdicts, reviewers, removals] = await Promise.all([
    supabase
      .from('application_status_changes')
      .select('id, from_status, to_status, changed_by, changed_at')
      .eq('application_id', applicationId)
      .order('changed_at', { ascending: true }),
    supabase.from('application_notes').select('id, body, author_id, created_at').eq('application_id', applicationId).order('created_at', { ascending: true }),
    fetchDocumentRequests(supabase, [applicationId]),
    supabase.from('document_verdicts').select(DOCUMENT_VERDICT_COLUMNS).eq('application_id', applicationId).order('reviewed_at', { ascending: true }),
    supabase.rpc('document_verdict_reviewers', { application_id: applicationId }),
    supabase.from('document_retention_removals').select('id, files, period, removed_at').eq('application_id', applicationId),
  ]);
  if (changes.error) return staffFailure(changes.error);
  if (notes.error) return staffFailure(notes.error);
  if (!requests.ok) return requests;
  if (verdicts.error) return staffFailure(verdicts.error);
  if (reviewers.error) return staffFailure(reviewers.error);
  if (removals.error) return staffFailure(removals.error);
  const reviewerOf = new Map((reviewers.data ?? []).map((row) => [row.id, row.reviewed_by]));
  const entries: TimelineEntry[] = [
    ...(changes.data ?? []).map((row) => ({
      type: 'status' as const,
      id: row.id,
      at: row.changed_at,
      by: row.changed_by,
      from: row.from_status,
      to: row.to_status,
    })),
    ...(notes.data ?? []).map((row) => ({ type: 'note' as const, id: row.id, at: row.created_at, by: row.author_id, body: row.body })),
    ...requests.data.flatMap(requestEntries),
    ...(verdicts.data ?? []).map((row) => verdictEntry(row, reviewerOf.get(row.id) ?? null)),
    ...(removals.data ?? []).map((row) => ({ type: 'retention' as const, id: row.id, at: row.removed_at, by: null, files: row.files, period: row.period as string })),
  ];
  return succeeded(entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at)));
}

/** Adds an internal note to an application, written by the signed-in admin. */
export async function addNote(supabase: SiteClient, applicationId: string, body: string): Promise<Result> {
  const { error } = await supabase.from('application_notes').insert({ application_id: applicationId, body });
  return error ? toFailure(error, NOTE_TEXTS.failed, NOTE_TEXTS.failed) : succeeded();
}
