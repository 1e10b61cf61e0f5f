// How many documents applications have, many at once (public.application_document_counts, which
// reads storage.objects as the caller: an admin counts every application's, an applicant their own).
import type { SiteClient } from '../database.ts';
import { staffFailure } from '../forms/errors.ts';
import { succeeded, type Result } from '../result.ts';

/** How many documents each application of `applicationIds` has (every id present, 0 when none). */
export async function documentCounts(supabase: SiteClient, applicationIds: string[]): Promise<Result<Map<string, number>>> {
  const counts = new Map(applicationIds.map((id) => [id, 0]));
  if (applicationIds.length === 0) return succeeded(counts);
  const { data, error } = await supabase.rpc('application_document_counts', { application_ids: applicationIds });
  if (error) return staffFailure(error);
  for (const row of data ?? []) counts.set(row.application_id, row.documents);
  return succeeded(counts);
}
