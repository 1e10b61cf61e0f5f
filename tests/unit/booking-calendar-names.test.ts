// A visitor's name in the calendar invitation (supabase/functions/send-notifications/emails/
// booking-calendar.ts) stays a name, whatever it holds: parsed as a calendar app parses it
// (ical.js), the entry has exactly one attendee, the booker's address, with no parameter the name
// supplied, and the name comes back as typed (RFC 6868's ^' for a quote).
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { BRAND } from '../../supabase/functions/send-notifications/emails/brand.ts';
import { renderEmail } from '../../supabase/functions/send-notifications/emails/index.ts';
import type { BookingRow } from '../../supabase/functions/send-notifications/emails/types.ts';

const ROW: BookingRow = { id: '00000000-0000-4000-8000-0000000000b1', full_name: 'Ada Obi', email: 'ada@example.com', phone: '+234 800 000 0001', country: 'UK', date: '2027-03-10', time: '09:30:00', status: 'requested' };

/** The ATTENDEE properties of the invitation sent to a booker of this name. */
function attendeesFor(fullName: string): ICAL.Property[] {
  const email = renderEmail('booking_confirmation', {
    row: { ...ROW, full_name: fullName },
    payload: { date: '2027-03-10', time: '09:30', status: 'requested', holds_place: true, starts_at: '2027-03-10T08:30:00Z', ends_at: '2027-03-10T09:00:00Z', sequence: 0, link_token: 'a'.repeat(64) },
    brand: BRAND,
    siteUrl: 'https://www.bridgewayvisa.com',
    apiUrl: 'https://project.supabase.co',
  });
  const event = new ICAL.Component(ICAL.parse(email.attachments[0]!.content)).getFirstSubcomponent('vevent')!;
  return event.getAllProperties('attendee');
}

describe('the attendee of the invitation', () => {
  it('a name that tries to close its quote and add RSVP, ROLE and another address stays one attendee, the booker', () => {
    const name = 'Ada";RSVP=TRUE;ROLE=CHAIR:mailto:someone@else.example;X=';
    const attendees = attendeesFor(name);
    expect(attendees).toHaveLength(1);
    const [attendee] = attendees;
    expect(String(attendee!.getFirstValue()).toLowerCase()).toBe('mailto:ada@example.com');
    // Only the parameters the invitation sets; RSVP is the invitation's FALSE, ROLE its own.
    expect(Object.keys(attendee!.toJSON()[1] as object).sort()).toEqual(['cn', 'partstat', 'role', 'rsvp']);
    expect(attendee!.getParameter('rsvp')).toBe('FALSE');
    expect(attendee!.getParameter('role')).toBe('REQ-PARTICIPANT');
    expect(attendee!.getParameter('cn')).toBe(name);
  });

  it('keeps a caret, and drops a line break or control character that would end the line', () => {
    expect(attendeesFor('A^B').map((a) => a.getParameter('cn'))).toEqual(['A^B']);
    const [broken] = attendeesFor('Ada\r\nATTENDEE:mailto:x@evil.example\u0007');
    expect(attendeesFor('Ada\r\nATTENDEE:mailto:x@evil.example')).toHaveLength(1);
    expect(String(broken!.getFirstValue()).toLowerCase()).toBe('mailto:ada@example.com');
  });
});
