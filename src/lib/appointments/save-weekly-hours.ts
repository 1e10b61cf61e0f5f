// Staff replace the weekly hours in /admin with one call of public.set_weekly_hours
// (supabase/migrations/20261122000710_consultation_hours.sql): admins only, the whole week at once.
import type { OpeningInterval } from '../../../common/office-hours.ts';
import type { SiteClient } from '../database.ts';
import { staffFailure } from '../forms/errors.ts';
import { failed, succeeded, type Result } from '../result.ts';

/** Shown when the database refuses the week (an interval that closes before it opens, or overlaps another). */
export const WEEKLY_HOURS_REFUSED = 'Each day must close after it opens. Please correct the times.';

/** Replaces the whole week at once (admins only: row-level security and the function refuse anyone else). */
export async function saveWeeklyHours(supabase: SiteClient, week: OpeningInterval[]): Promise<Result> {
  const { error } = await supabase.rpc('set_weekly_hours', { week: week.map(({ weekday, opens, closes }) => ({ weekday, opens, closes })) });
  if (!error) return succeeded();
  if (error.code === 'RF012') return failed('invalid', WEEKLY_HOURS_REFUSED);
  return staffFailure(error);
}
