// The names staff see for "by whom" (a note's author, who marked a lead handled, who changed a
// status): each account's full name, else its email address.
// Each call takes the client and throws on failure: the dashboard runs it in
// react-query, which holds the error and offers Retry.
import type { SupabaseClient } from '@supabase/supabase-js';

/** The display names of the given accounts (admins read every profile); a missing one is absent. */
export async function fetchNames(supabase: SupabaseClient, ids: string[]): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  const { data, error } = await supabase.from('profiles').select('id, full_name, email').in('id', ids);
  if (error) throw error;
  const rows = (data ?? []) as { id: string; full_name: string | null; email: string | null }[];
  return Object.fromEntries(rows.map((row) => [row.id, row.full_name || row.email || 'an admin']));
}
