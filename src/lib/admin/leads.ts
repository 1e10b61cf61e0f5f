// Lead handling as /admin reads and changes it: bookings and contact messages are new until staff
// mark them handled, and the leads of the last weeks are counted for the overview's chart.
// Each call takes the client and answers a Result (src/islands/admin/query-result.ts hands it to
// react-query, which holds a failure and offers Retry).
import type { FunctionReturns, SiteClient } from '../database.ts';
import { staffFailure } from '../forms/errors.ts';
import { succeeded, type Result } from '../result.ts';

/** The tables whose rows staff mark handled. */
export type LeadTable = 'bookings' | 'contact_messages';

/** Marks a booking or message handled by the signed-in admin (now), or new again. */
export async function setLeadHandled(supabase: SiteClient, table: LeadTable, id: string, handled: boolean): Promise<Result> {
  const { error } = await supabase.rpc('set_lead_handled', { lead_table: table, lead_id: id, handled });
  return error ? staffFailure(error) : succeeded();
}

/** The leads of one week (admin_leads_by_week): its Monday in Lagos (YYYY-MM-DD) and what arrived. */
export type WeekLeads = FunctionReturns<'admin_leads_by_week'>[number];

/** The leads of the last 12 weeks, oldest first, the current week last. */
export async function fetchLeadsByWeek(supabase: SiteClient): Promise<Result<WeekLeads[]>> {
  const { data, error } = await supabase.rpc('admin_leads_by_week');
  if (error) return staffFailure(error);
  return succeeded(data ?? []);
}
