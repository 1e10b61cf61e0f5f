// The activity record as staff read it (public.activity_record): what an entry's detail says in
// words, for the admin's activity list and a case's own entries, and a case's entries
// (public.case_activity, which advisers may read too).
import { ACTIVITY_KINDS, ACTIVITY_KIND_LABELS, APPLICATION_STATUSES, APPLICATION_STATUS_LABELS, USER_ROLES, USER_ROLE_LABELS, isOneOf, type ActivityKind } from '../../../common/domain.ts';
import type { SiteClient } from '../database.ts';
import { staffFailure } from '../forms/errors.ts';
import { succeeded, type Result } from '../result.ts';
import { fileNameOf } from '../documents/paths.ts';

/** One entry of a case, as public.case_activity answers it. */
export interface CaseActivityEntry {
  id: number;
  at: string;
  actorEmail: string | null;
  actorRole: string;
  kind: ActivityKind;
  detail: Record<string, unknown>;
}

/** How an entry's kind reads ('Document opened'); an unknown kind reads as itself. */
export function activityKindLabel(kind: unknown): string {
  return isOneOf(ACTIVITY_KINDS, kind) ? ACTIVITY_KIND_LABELS[kind] : String(kind ?? '');
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const statusLabel = (value: unknown) => (isOneOf(APPLICATION_STATUSES, value) ? APPLICATION_STATUS_LABELS[value] : text(value));
const roleLabel = (value: unknown) => (isOneOf(USER_ROLES, value) ? USER_ROLE_LABELS[value].label : text(value));

/** What an entry's detail says, in a few words: the file opened, the statuses, the roles, the list. */
export function activityDetailText(kind: unknown, detail: unknown): string {
  const d = (detail && typeof detail === 'object' ? detail : {}) as Record<string, unknown>;
  switch (kind) {
    case 'document_opened':
      return fileNameOf(text(d['path']));
    case 'status_changed':
      return `${statusLabel(d['from'])} → ${statusLabel(d['to'])}`;
    case 'verdict_given':
      return `${text(d['file_name'])}: ${d['verdict'] === 'accepted' ? 'accepted' : 'needs replacing'}`;
    case 'documents_requested':
      return Array.isArray(d['items']) ? d['items'].map(text).join(', ') : '';
    case 'booking_changed':
      return text(d['change']);
    case 'role_changed':
      return `${roleLabel(d['from'])} → ${roleLabel(d['to'])}`;
    case 'factor_removed':
      return text(d['friendly_name']) || text(d['factor_type']);
    case 'csv_exported':
      return text(d['list']);
    default:
      return '';
  }
}

/** The entries of the application `applicationId`'s case, newest first. */
export async function fetchCaseActivity(supabase: SiteClient, applicationId: string): Promise<Result<CaseActivityEntry[]>> {
  const { data, error } = await supabase.rpc('case_activity', { application_id: applicationId });
  if (error) return staffFailure(error);
  return succeeded(
    (data ?? []).map((row) => ({
      id: row.id,
      at: row.at,
      actorEmail: row.actor_email,
      actorRole: row.actor_role,
      kind: row.kind,
      detail: (row.detail && typeof row.detail === 'object' && !Array.isArray(row.detail) ? row.detail : {}) as Record<string, unknown>,
    })),
  );
}
