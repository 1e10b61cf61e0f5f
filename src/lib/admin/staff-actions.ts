// Staff's changes to a user or an application from /admin, each through what the database allows
// staff: the role through public.admin_set_role (the only way to write profiles.role from the
// API), an application's status through an update row-level security permits. Each answers a
// Result (src/islands/admin/query-result.ts hands it to react-query).
import type { ApplicationStatus, UserRole } from '../../../common/domain.ts';
import type { SiteClient } from '../database.ts';
import { staffFailure } from '../forms/errors.ts';
import { failed, succeeded, type Result } from '../result.ts';

/** Makes the user `userId` a user, an adviser or an admin (admins only); answers the role set. */
export async function setRole(supabase: SiteClient, userId: string, role: UserRole): Promise<Result<UserRole>> {
  const { error } = await supabase.rpc('admin_set_role', { target_user: userId, new_role: role });
  return error ? staffFailure(error) : succeeded(role);
}

/** Moves the application `applicationId` to `status`; fails when no row changed (row-level security, or gone). */
export async function setApplicationStatus(supabase: SiteClient, applicationId: string, status: ApplicationStatus): Promise<Result> {
  const { data, error } = await supabase.from('visa_applications').update({ status }).eq('id', applicationId).select('id');
  if (error) return staffFailure(error);
  return data && data.length > 0 ? succeeded() : failed('refused', 'The application was not updated.');
}

/** A second factor of a person, as public.staff_factors lists it for an admin. */
export interface StaffFactor {
  id: string;
  name: string;
  type: string;
  status: string;
}

/** The second factors of `userId` (admins only: the database refuses anyone else). */
export async function listFactors(supabase: SiteClient, userId: string): Promise<Result<StaffFactor[]>> {
  const { data, error } = await supabase.rpc('staff_factors', { user_id: userId });
  if (error) return staffFailure(error);
  return succeeded((data ?? []).map((row) => ({ id: row.id, name: row.friendly_name ?? row.factor_type, type: row.factor_type, status: row.status })));
}

/**
 * Removes the lost factor `factorId` of `userId` through the remove-factor Edge Function, which
 * records the removal in the activity record before the Auth server removes it (admins at aal2).
 */
export async function removeFactor(supabase: SiteClient, userId: string, factorId: string): Promise<Result> {
  const { error } = await supabase.functions.invoke('remove-factor', { body: { user_id: userId, factor_id: factorId } });
  return error ? staffFailure(error) : succeeded();
}
