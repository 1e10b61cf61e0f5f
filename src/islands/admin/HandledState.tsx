// Whether staff have answered a booking or message: a New or Handled badge, who handled it and
// when, and the button that changes it (public.set_lead_handled records the admin and the time).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setLeadHandled, type LeadTable } from '../../lib/admin/leads.ts';
import { getSupabase } from '../../lib/supabase-loader.ts';
import Badge from '../ui/Badge.tsx';
import { formatDateTime, type ListId, type Row } from '../../lib/admin/lists.ts';
import { useToast } from './Toasts.tsx';
import { useNames } from './use-names.ts';
import { unwrap } from './query-result.ts';

interface Props {
  /** The list the row is in (refreshed after a change) and the table it is stored in. */
  listId: ListId;
  table: LeadTable;
  row: Row;
  /** The page's rows: their handlers' names are read in one request. */
  page: Row[];
  /** How the row is named to screen readers and in the toast ("Zainab Bello"). */
  name: string;
}

/** The handled state of one lead and its toggle. */
export default function HandledState({ listId, table, row, page, name }: Props) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const names = useNames(page.map((each) => each.handled_by as string | null));
  const handled = typeof row.handled_at === 'string';
  const change = useMutation({
    mutationFn: (next: boolean) => unwrap(setLeadHandled(getSupabase(), table, row.id, next)),
    onSuccess: (_data, next) => notify(`The ${name} is marked ${next ? 'handled' : 'as new'}.`),
    onError: () => notify('Failed to change the state. Please try again.'),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['list', listId] });
      await queryClient.invalidateQueries({ queryKey: ['overview'] });
    },
  });
  const handler = typeof row.handled_by === 'string' ? names.data?.[row.handled_by] : undefined;
  return (
    <div className="handled-state">
      <Badge tone={handled ? 'success' : 'info'}>{handled ? 'Handled' : 'New'}</Badge>
      {handled && (
        <span className="handled-state__by">
          {handler ? `by ${handler}, ` : ''}
          {formatDateTime(row.handled_at)}
        </span>
      )}
      <button type="button" className="admin-button admin-button--small" disabled={change.isPending} onClick={() => change.mutate(!handled)}>
        {handled ? 'Mark as new' : 'Mark handled'}
        <span className="visually-hidden"> {name}</span>
      </button>
    </div>
  );
}
