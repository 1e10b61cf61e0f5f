// The names of the accounts a page of rows mentions (who handled a lead, who changed a status or
// wrote a note), read in one request for all of them; every caller asking for the same set shares it.
import { useQuery } from '@tanstack/react-query';
import { fetchNames } from '../../lib/admin/account-names.ts';
import { getSupabase } from '../../lib/supabase-loader.ts';
import { unwrap } from './query-result.ts';

/** Display names by account id, for the given ids (nulls ignored). */
export function useNames(ids: readonly (string | null | undefined)[]) {
  const unique = [...new Set(ids.filter((id): id is string => typeof id === 'string'))].sort();
  return useQuery({ queryKey: ['names', unique], queryFn: () => unwrap(fetchNames(getSupabase(), unique)), enabled: unique.length > 0 });
}
