// Staff's changes to a user or an application from /admin, each through what the database allows
// an admin: the role through public.admin_set_role (the only way to write profiles.role from the
// API), an application's status through an update row-level security permits. Each answers a
// Result (src/islands/admin/query-result.ts hands it to react-query).
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ApplicationStatus } from '../../../common/domain.ts';
import { staffFailure } from '../forms/errors.ts';
import { failed, succeeded, type Result } from '../result.ts';

/** Makes the user `userId` an admin or a user again; answers the role set. */
export async function setRole(supabase: SupabaseClient, userId: string, role: 'admin' | 'user'): Promise<Result<'admin' | 'user'>> {
  const { error } = await supabase.rpc('admin_set_role', { target_user: userId, new_role: role });
  return error ? staffFailure(error) : succeeded(role);
}

/** Moves the application `applicationId` to `status`; fails when no row changed (row-level security, or gone). */
export async function setApplicationStatus(supabase: SupabaseClient, applicationId: string, status: ApplicationStatus): Promise<Result> {
  const { data, error } = await supabase.from('visa_applications').update({ status }).eq('id', applicationId).select('id');
  if (error) return staffFailure(error);
  return data && data.length > 0 ? succeeded() : failed('refused', 'The application was not updated.');
}
