// Staff's closed days (public.closed_dates, 20261122000710_consultation_hours.sql): read, added and
// removed by admins through row-level security. A closed day has no open slot from the moment it
// is stored; bookings already on it stay until staff move or cancel them.
import type { SiteClient } from '../database.ts';
import type { Tables } from '../../../common/database.types.ts';
import { consultancyToday } from '../../../common/domain.ts';
import { CLOSED_DAY_TEXTS } from '../forms/closed-day.ts';
import { staffFailure, toFailure } from '../forms/errors.ts';
import { failed, succeeded, type Result } from '../result.ts';

export interface ClosedDay {
  date: string;
  reason: string;
}

/** The closed days from Lagos's today on, earliest first. */
export async function listClosedDays(supabase: SiteClient): Promise<Result<ClosedDay[]>> {
  const { data, error } = await supabase.from('closed_dates').select('date, reason').gte('date', consultancyToday()).order('date');
  return error ? staffFailure(error) : succeeded(data);
}

/** Closes `date` for `reason`; a day already closed is said so. */
export async function addClosedDay(supabase: SiteClient, day: ClosedDay): Promise<Result> {
  const { error } = await supabase.from('closed_dates').insert(day);
  if (!error) return succeeded();
  if (error.code === '23505') return failed('conflict', CLOSED_DAY_TEXTS.duplicate, { date: CLOSED_DAY_TEXTS.duplicate });
  // A day outside the booking window's reach: the database's message says which days may be closed.
  if (error.code === 'PT400') return failed('invalid', error.message, { date: error.message });
  return toFailure(error, CLOSED_DAY_TEXTS.failed, CLOSED_DAY_TEXTS.failed);
}

/** Opens `date` again (its weekday's hours apply). */
export async function removeClosedDay(supabase: SiteClient, date: string): Promise<Result> {
  const { error } = await supabase.from('closed_dates').delete().eq('date', date);
  return error ? staffFailure(error) : succeeded();
}

/**
 * The bookings that still hold a place on a closed day from today on (public.bookings_on_closed_days,
 * which says which states hold a place): staff move or cancel each from the closed days' list.
 */
export async function listBookingsOnClosedDays(supabase: SiteClient): Promise<Result<Tables<'bookings'>[]>> {
  const { data, error } = await supabase.rpc('bookings_on_closed_days');
  return error ? staffFailure(error) : succeeded(data);
}
