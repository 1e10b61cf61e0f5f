// Promote a user to admin or make an admin a user again, through public.admin_set_role (the only
// way to write profiles.role from the API). An admin's own row offers no change: the database
// refuses it too.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '../../lib/supabase-loader.ts';
import type { Row } from './lists.ts';
import { useToast } from './Toasts.tsx';

export default function UserRoleButton({ row, self }: { row: Row; self: boolean }) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const isAdmin = row.role === 'admin';
  const name = String(row.full_name ?? row.email ?? 'User');
  const change = useMutation({
    mutationFn: async (role: 'admin' | 'user') => {
      const { error } = await getSupabase().rpc('admin_set_role', { target_user: row.id, new_role: role });
      if (error) throw error;
      return role;
    },
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
