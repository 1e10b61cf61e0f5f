// The consultancy's weekly hours (public.opening_hours, the one place they are kept: the booking
// look-up and judge read the same rows), as every page reads them: one plain request with the anon
// key. It runs on every page that shows the hours, so it imports neither supabase-js nor zod (the
// page passes the project's address and key, written into it at build); the rows are checked by
// hand, they are three strings. Staff change them with save-weekly-hours.ts.
import { type OpeningInterval, WEEKDAYS } from '../../../common/office-hours.ts';

/** The project the hours are read from: its API URL and anon key. */
export interface HoursSource {
  url: string;
  anonKey: string;
}

const TIME = /^\d\d:\d\d(:\d\d)?$/;

function isInterval(row: unknown): row is OpeningInterval {
  if (typeof row !== 'object' || row === null) return false;
  const { weekday, opens, closes } = row as Record<string, unknown>;
  return (WEEKDAYS as readonly unknown[]).includes(weekday) && typeof opens === 'string' && TIME.test(opens) && typeof closes === 'string' && TIME.test(closes);
}

/** The weekly hours as the database holds them, HH:MM; null when they could not be read. */
export async function fetchWeeklyHours({ url, anonKey }: HoursSource): Promise<OpeningInterval[] | null> {
  try {
    const response = await fetch(`${url}/rest/v1/opening_hours?select=weekday,opens,closes`, { headers: { apikey: anonKey } });
    const rows: unknown = await response.json();
    if (!response.ok || !Array.isArray(rows) || !rows.every(isInterval)) return null;
    return rows.map((row) => ({ weekday: row.weekday, opens: row.opens.slice(0, 5), closes: row.closes.slice(0, 5) }));
  } catch {
    return null;
  }
}
