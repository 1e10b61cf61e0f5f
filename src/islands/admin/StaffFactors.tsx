// An admin removes a staff member's lost second factor (a lost phone) from the users list: the
// button opens a dialog listing the person's factors, each with Remove. The removal goes through
// the remove-factor Edge Function, which records it first (src/lib/admin/staff-actions.ts). Shown
// to admins only (Workspace.tsx), on the rows of staff, who are the ones a factor is required of.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { listFactors, removeFactor } from '../../lib/admin/staff-actions.ts';
import { getSupabase } from '../../lib/supabase-loader.ts';
import type { Row } from '../../lib/admin/lists.ts';
import Dialog from '../ui/Dialog.tsx';
import FailedLoad from '../ui/FailedLoad.tsx';
import { unwrap } from './query-result.ts';
import { useToast } from './Toasts.tsx';

export default function StaffFactors({ row }: { row: Row }) {
  const [open, setOpen] = useState(false);
  const name = String(row.full_name ?? row.email ?? 'User');
  return (
    <>
      <button type="button" className="admin-button" onClick={() => setOpen(true)}>
        Factors<span className="visually-hidden"> of {name}</span>
      </button>
      <FactorsDialog open={open} row={row} name={name} onClose={() => setOpen(false)} />
    </>
  );
}

/** The dialog stays mounted, so closing it (close()) returns focus to the button that opened it. */
function FactorsDialog({ open, row, name, onClose }: { open: boolean; row: Row; name: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const notify = useToast();
  // Read when the dialog opens, not with the list: one person's factors, on an admin's request.
  const factors = useQuery({ queryKey: ['factors', row.id], queryFn: () => unwrap(listFactors(getSupabase(), row.id)), enabled: open });
  const remove = useMutation({
    mutationFn: (factorId: string) => unwrap(removeFactor(getSupabase(), row.id, factorId)),
    onSuccess: () => notify(`The factor of ${name} was removed. They enrol a new one at their next sign-in.`),
    onError: () => notify('Failed to remove the factor. Please try again.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['factors', row.id] }),
  });
  return (
    <Dialog
      open={open}
      title={`Second factors of ${name}`}
      onClose={onClose}
      actions={
        <button type="button" className="admin-button" onClick={onClose}>
          Close
        </button>
      }
    >
      {factors.isPending && <p role="status">Loading the factors...</p>}
      {factors.isError && <FailedLoad look="admin" message="Failed to load the factors." retry={() => void factors.refetch()} />}
      {factors.data?.length === 0 && <p>No second factor.</p>}
      {factors.data && factors.data.length > 0 && (
        <ul>
          {factors.data.map((factor) => (
            <li key={factor.id}>
              {factor.name} ({factor.type}, {factor.status}){' '}
              <button type="button" className="admin-button admin-button--danger" disabled={remove.isPending} onClick={() => remove.mutate(factor.id)}>
                Remove<span className="visually-hidden"> {factor.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
