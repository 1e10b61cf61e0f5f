// A booking email's calendar entry as a calendar app reads it (ical.js, Mozilla's parser): what the
// booking's tests assert at each step of its life (tests/functions/booking-emails.test.ts,
// tests/e2e/admin/booking-life.spec.ts, supabase/functions/tests/booking-calendar.test.ts).
import ICAL from 'ical.js';

export interface CalendarEntry {
  /** The MIME part's method parameter (text/calendar; method=…), when the caller knows it. */
  partMethod: string | undefined;
  method: unknown;
  uid: unknown;
  sequence: unknown;
  status: unknown;
  /** DTSTART and DTEND as ISO instants in UTC. */
  start: string;
  end: string;
  /** The ORGANIZER and ATTENDEE addresses, lower-cased (mailto:…). */
  organizer: string;
  attendees: string[];
}

/** Reads the first event of an .ics file. */
export function calendarEntry(content: string, partMethod?: string): CalendarEntry {
  const calendar = new ICAL.Component(ICAL.parse(content));
  const event = calendar.getFirstSubcomponent('vevent');
  if (!event) throw new Error('the calendar has no event');
  return {
    partMethod,
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    status: event.getFirstPropertyValue('status'),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    end: (event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
    organizer: String(event.getFirstPropertyValue('organizer')).toLowerCase(),
    attendees: event.getAllProperties('attendee').map((p) => String(p.getFirstValue()).toLowerCase()),
  };
}
