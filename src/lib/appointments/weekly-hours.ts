// The consultancy's weekly hours (public.opening_hours, the one place they are kept: the booking
// look-up and judge read the same rows). Visitors' pages read them with one plain request and the
// anon key (no supabase-js, as for the open slots); staff replace them in /admin with one call of
// public.set_weekly_hours (supabase/migrations/20261129000600_office_hours.sql), admins only.
import * as z from 'zod/mini';
import type { OpeningInterval } from '../../../common/office-hours.ts';
import { WEEKDAYS } from '../../../common/office-hours.ts';
import type { SiteClient } from '../database.ts';
import { staffFailure } from '../forms/errors.ts';
import { failed, succeeded, type Result } from '../result.ts';
import { siteSupabaseSettings } from '../supabase-settings.ts';

const TIME = /^\d\d:\d\d(:\d\d)?$/;
const rowsSchema = z.array(z.object({ weekday: z.enum(WEEKDAYS as [string, ...string[]]), opens: z.string().check(z.regex(TIME)), closes: z.string().check(z.regex(TIME)) }));

/** The weekly hours as the database holds them, HH:MM; null when they could not be read. */
export async function fetchWeeklyHours(): Promise<OpeningInterval[] | null> {
  const { url, anonKey } = siteSupabaseSettings();
  try {
    const response = await fetch(`${url}/rest/v1/opening_hours?select=weekday,opens,closes`, { headers: { apikey: anonKey } });
    const parsed = rowsSchema.safeParse(await response.json());
    if (!response.ok || !parsed.success) return null;
    return parsed.data.map((row) => ({ weekday: row.weekday as OpeningInterval['weekday'], opens: row.opens.slice(0, 5), closes: row.closes.slice(0, 5) }));
  } catch {
    return null;
  }
}

/** Shown when the database refuses the week (an interval that closes before it opens, or overlaps another). */
export const WEEKLY_HOURS_REFUSED = 'Each day must close after it opens. Please correct the times.';

/** Replaces the whole week at once (admins only: row-level security and the function refuse anyone else). */
export async function saveWeeklyHours(supabase: SiteClient, week: OpeningInterval[]): Promise<Result> {
  const { error } = await supabase.rpc('set_weekly_hours', { week });
  if (!error) return succeeded();
  if (error.code === 'RF011') return failed('invalid', WEEKLY_HOURS_REFUSED);
  return staffFailure(error);
}
