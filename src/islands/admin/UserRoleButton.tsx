// An admin makes someone a user, an adviser or an admin (src/lib/admin/staff-actions.ts): one
// button per role the person does not have. Shown to admins only (Workspace.tsx); the database
// refuses anyone else (42501). An admin's own row offers no change: the database refuses it too.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USER_ROLES, USER_ROLE_LABELS, isOneOf, type UserRole } from '../../../common/domain.ts';
import { setRole } from '../../lib/admin/staff-actions.ts';
import { getSupabase } from '../../lib/supabase-loader.ts';
import type { Row } from '../../lib/admin/lists.ts';
import { unwrap } from './query-result.ts';
import { useToast } from './Toasts.tsx';

export default function UserRoleButton({ row, self }: { row: Row; self: boolean }) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const current = isOneOf(USER_ROLES, row.role) ? row.role : 'user';
  const name = String(row.full_name ?? row.email ?? 'User');
  const change = useMutation({
    mutationFn: (role: UserRole) => unwrap(setRole(getSupabase(), row.id, role)),
    onSuccess: (role) => {
      notify(`${name} is now ${USER_ROLE_LABELS[role].withArticle}.`);
      void queryClient.invalidateQueries({ queryKey: ['list', 'users'] });
    },
    onError: () => notify('Failed to change the role.'),
  });
  return (
    <>
      {USER_ROLES.filter((role) => role !== current).map((role) => (
        <button
          key={role}
          type="button"
          className="admin-button"
          disabled={self || change.isPending}
          title={self ? 'You cannot change your own role.' : undefined}
          onClick={() => change.mutate(role)}
        >
          Make {USER_ROLE_LABELS[role].label.toLowerCase()}
          <span className="visually-hidden"> {name}</span>
        </button>
      ))}
    </>
  );
}
