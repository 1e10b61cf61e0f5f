// The open consultation slots of a date, in Lagos time, read with one plain request to the
// database's look-up (public.open_slots, supabase/migrations/20261122000720_bookings.sql),
// which gives counts only. A plain fetch, not supabase-js: the home page's booking form shows them
// without downloading the client (it loads only to store the booking).
import * as z from 'zod/mini';
import { OFFLINE_MESSAGE } from '../forms/errors.ts';
import { consultancyToday } from '../../../common/domain.ts';
import { failed, succeeded, type Result } from '../result.ts';
import { NO_OPEN_TIMES, addDays, beyondWindowMessage, pastDateMessage } from '../forms/bookable-dates.ts';
import { siteSupabaseSettings } from '../supabase-settings.ts';

/** A slot a visitor may book: its start (HH:MM, Lagos) and the places it has left. */
export interface OpenSlot {
  start: string;
  placesLeft: number;
}

/** A date's open slots, or, when it has none, why (the visitor reads it instead of the times). */
export interface OpenDay {
  slots: OpenSlot[];
  /** Set when `slots` is empty. */
  none?: string;
}

/** Shown when the server answered but not with the slots. */
export const SLOTS_FAILED = 'We could not load the open times for this date. Please try again.';

const answerSchema = z.array(z.object({ start: z.string().check(z.regex(/^\d\d:\d\d(:\d\d)?$/)), places_left: z.number() }));

/** The open slots of `day` (YYYY-MM-DD, a date in Lagos), earliest first. */
export async function fetchOpenSlots(day: string, signal?: AbortSignal): Promise<Result<OpenSlot[]>> {
  const { url, anonKey } = siteSupabaseSettings();
  let response: Response;
  try {
    response = await fetch(`${url}/rest/v1/rpc/open_slots?day=${encodeURIComponent(day)}`, { headers: { apikey: anonKey }, signal: signal ?? null });
  } catch {
    return failed('network', OFFLINE_MESSAGE);
  }
  const parsed = answerSchema.safeParse(await response.json().catch(() => undefined));
  if (!response.ok || !parsed.success) {
    console.error('Unexpected answer to open_slots:', response.status);
    return failed('unexpected', SLOTS_FAILED);
  }
  return succeeded(parsed.data.map((slot) => ({ start: slot.start.slice(0, 5), placesLeft: slot.places_left })));
}

const windowSchema = z.array(z.object({ booking_window_days: z.number() }));

/** How many days ahead a visitor may book (public.booking_rules, readable by anyone). */
async function fetchWindowDays(signal?: AbortSignal): Promise<number | undefined> {
  const { url, anonKey } = siteSupabaseSettings();
  try {
    const response = await fetch(`${url}/rest/v1/booking_rules?select=booking_window_days`, { headers: { apikey: anonKey }, signal: signal ?? null });
    const parsed = windowSchema.safeParse(await response.json());
    return parsed.success ? parsed.data[0]?.booking_window_days : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The open slots of `day` (YYYY-MM-DD, Lagos), or why there are none: a day already past in Lagos
 * is told so without asking; a day with nothing open is checked against the booking window.
 */
export async function fetchOpenDay(day: string, signal?: AbortSignal): Promise<Result<OpenDay>> {
  const today = consultancyToday();
  if (day < today) return succeeded({ slots: [], none: pastDateMessage(today) });
  const slots = await fetchOpenSlots(day, signal);
  if (!slots.ok) return slots;
  if (slots.data.length > 0) return succeeded({ slots: slots.data });
  const windowDays = await fetchWindowDays(signal);
  const last = windowDays === undefined ? undefined : addDays(today, windowDays);
  return succeeded({ slots: [], none: last !== undefined && day > last ? beyondWindowMessage(last, windowDays!) : NO_OPEN_TIMES });
}
