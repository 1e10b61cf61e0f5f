// "n of m required" for each application of the list: how many of its visa's required checklist
// items it has provided (public.application_document_items, whose rule of "provided" the dialog's
// checklist shares). Every row of a page asks with the same key, so react-query sends one request
// per page, not one per row; the checklists are read once for the dashboard.
import { useQuery } from '@tanstack/react-query';
import { requiredProgress } from '../../lib/documents/checklist-view.ts';
import { fetchChecklists } from '../../lib/documents/published-checklists.ts';
import { fetchDocumentItems } from '../../lib/documents/requests.ts';
import { isOneOf, VISA_TYPES } from '../../../common/domain.ts';
import { getSupabase } from '../../lib/supabase-loader.ts';
import type { Row } from '../../lib/admin/lists.ts';
import { unwrap } from './query-result.ts';

/** The dashboard's progress of an application's required documents. */
export const requiredProgressText = (provided: number, required: number) => `${provided} of ${required} required`;

/** Every visa's checklist, read once for the dashboard. */
export function useChecklists() {
  return useQuery({ queryKey: ['checklists'], queryFn: ({ signal }) => unwrap(fetchChecklists(signal)), staleTime: Infinity });
}

/** The progress of `row`, read with those of the rest of its `page`. */
export default function DocumentProgress({ row, page }: { row: Row; page: Row[] }) {
  const ids = page.map((each) => each.id);
  const checklists = useChecklists();
  const items = useQuery({ queryKey: ['document-items', ids], queryFn: () => unwrap(fetchDocumentItems(getSupabase(), ids)) });
  if (items.isPending || checklists.isPending) return <span>…</span>;
  const checklist = isOneOf(VISA_TYPES, row.visa_type) ? checklists.data?.[row.visa_type] : undefined;
  if (items.isError || !checklist) return <span>Failed to load.</span>;
  const { provided, required } = requiredProgress(
    checklist,
    items.data.filter((count) => count.application_id === row.id),
  );
  return <span>{requiredProgressText(provided, required)}</span>;
}
