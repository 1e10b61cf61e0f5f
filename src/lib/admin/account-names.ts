// The names staff see for "by whom" (a note's author, who marked a lead handled, who changed a
// status): each account's full name, else its email address.
// Each call takes the client and answers a Result (src/islands/admin/query-result.ts hands it to
// react-query, which holds a failure and offers Retry).
import type { SiteClient } from '../database.ts';
import { staffFailure } from '../forms/errors.ts';
import { succeeded, type Result } from '../result.ts';

/** The display names of the given accounts (admins read every profile); a missing one is absent. */
export async function fetchNames(supabase: SiteClient, ids: string[]): Promise<Result<Record<string, string>>> {
  if (ids.length === 0) return succeeded({});
  const { data, error } = await supabase.from('profiles').select('id, full_name, email').in('id', ids);
  if (error) return staffFailure(error);
  return succeeded(Object.fromEntries((data ?? []).map((row) => [row.id, row.full_name || row.email || 'an admin'])));
}
