// Lead handling as /admin reads and changes it: bookings and contact messages are new until staff
// mark them handled, and the leads of the last weeks are counted for the overview's chart.
// Each call takes the client and throws on failure: the dashboard runs it in
// react-query, which holds the error and offers Retry.
import type { SupabaseClient } from '@supabase/supabase-js';

/** The tables whose rows staff mark handled. */
export type LeadTable = 'bookings' | 'contact_messages';

/** Marks a booking or message handled by the signed-in admin (now), or new again. */
export async function setLeadHandled(supabase: SupabaseClient, table: LeadTable, id: string, handled: boolean): Promise<void> {
  const { error } = await supabase.rpc('set_lead_handled', { lead_table: table, lead_id: id, handled });
  if (error) throw error;
}

/** The leads of one week (admin_leads_by_week): its Monday in Lagos (YYYY-MM-DD) and what arrived. */
export interface WeekLeads {
  week_start: string;
  bookings: number;
  messages: number;
  applications: number;
}

/** The leads of the last 12 weeks, oldest first, the current week last. */
export async function fetchLeadsByWeek(supabase: SupabaseClient): Promise<WeekLeads[]> {
  const { data, error } = await supabase.rpc('admin_leads_by_week');
  if (error) throw error;
  return (data ?? []) as WeekLeads[];
}
