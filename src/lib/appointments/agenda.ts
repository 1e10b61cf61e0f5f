// Staff's agenda: the bookings that hold a place (common/bookings.ts) from today to the end of
// the seven days starting today in Lagos, grouped by day and then by slot (their time), read through
// the admins' row-level security on public.bookings.
import type { SiteClient } from '../database.ts';
import { consultancyToday } from '../../../common/domain.ts';
import { PLACE_HOLDING_STATUSES } from '../../../common/bookings.ts';
import { staffFailure } from '../forms/errors.ts';
import { succeeded, type Result } from '../result.ts';
import type { BookingStatus } from './booking-link.ts';

export interface AgendaBooking {
  id: string;
  full_name: string;
  phone: string;
  email: string;
  status: BookingStatus;
}

export interface AgendaSlot {
  time: string;
  bookings: AgendaBooking[];
}

export interface AgendaDay {
  date: string;
  slots: AgendaSlot[];
}

/** How many days the agenda shows, today included. */
export const AGENDA_DAYS = 7;

/** YYYY-MM-DD `days` after `date`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

type Row = AgendaBooking & { date: string; time: string };

/** Bookings in date and time order, grouped into days and slots. */
export function groupAgenda(rows: Row[]): AgendaDay[] {
  const days: AgendaDay[] = [];
  for (const { date, time, ...booking } of rows) {
    let day = days.at(-1);
    if (day?.date !== date) days.push((day = { date, slots: [] }));
    const hhmm = time.slice(0, 5);
    let slot = day.slots.at(-1);
    if (slot?.time !== hhmm) day.slots.push((slot = { time: hhmm, bookings: [] }));
    slot.bookings.push(booking);
  }
  return days;
}

/** The agenda of the week starting `today` (Lagos). */
export async function fetchAgenda(supabase: SiteClient, today = consultancyToday()): Promise<Result<AgendaDay[]>> {
  const { data, error } = await supabase
    .from('bookings')
    .select('id, full_name, phone, email, status, date, time')
    .gte('date', today)
    .lte('date', addDays(today, AGENDA_DAYS - 1))
    .in('status', [...PLACE_HOLDING_STATUSES])
    .order('date')
    .order('time')
    .order('created_at');
  if (error) return staffFailure(error);
  return succeeded(groupAgenda(data as Row[]));
}
