// Promote a user to admin or make an admin a user again (src/lib/admin/staff-actions.ts). An admin's own
// row offers no change: the database refuses it too.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setRole } from '../../lib/admin/staff-actions.ts';
import { getSupabase } from '../../lib/supabase-loader.ts';
import type { Row } from '../../lib/admin/lists.ts';
import { unwrap } from './query-result.ts';
import { useToast } from './Toasts.tsx';

export default function UserRoleButton({ row, self }: { row: Row; self: boolean }) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const isAdmin = row.role === 'admin';
  const name = String(row.full_name ?? row.email ?? 'User');
  const change = useMutation({
    mutationFn: (role: 'admin' | 'user') => unwrap(setRole(getSupabase(), row.id, role)),
    onSuccess: (role) => {
      notify(`${name} is now ${role === 'admin' ? 'an admin' : 'a user'}.`);
      void queryClient.invalidateQueries({ queryKey: ['list', 'users'] });
    },
    onError: () => notify('Failed to change the role.'),
  });
  return (
    <button
      type="button"
      className="admin-button"
      disabled={self || change.isPending}
      title={self ? 'You cannot change your own role.' : undefined}
      onClick={() => change.mutate(isAdmin ? 'user' : 'admin')}
    >
      {isAdmin ? 'Make user' : 'Make admin'}
      <span className="visually-hidden"> {name}</span>
    </button>
  );
}
