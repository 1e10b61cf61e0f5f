// A booking's calendar entry through its life, as a calendar app reads it (parsed with ical.js):
// one UID throughout, SEQUENCE rising, METHOD:REQUEST with STATUS TENTATIVE while requested and
// CONFIRMED once confirmed, METHOD:CANCEL with STATUS CANCELLED once declined or cancelled, the
// consultancy as ORGANIZER and the visitor as ATTENDEE, and the MIME type's method the same.
import assert from 'node:assert/strict';
import { calendarEntry } from '../../../tests/support/calendar-entry.ts';
import { BRAND } from '../send-notifications/emails/brand.ts';
import { renderEmail } from '../send-notifications/emails/index.ts';
import type { BookingRow } from '../send-notifications/emails/types.ts';

const ROW: BookingRow = { id: '00000000-0000-4000-8000-0000000000b1', full_name: 'Ada Obi', email: 'ada@example.com', phone: '+234 800 000 0001', country: 'UK', date: '2027-03-10', time: '09:30:00', status: 'requested' };
const SITE = 'https://www.bridgewayvisa.com';

/** What private.booking_email_payload adds to a booking's date and time: its instants (a 30-minute slot) and whether it holds its place. */
function booked(date: string, time: string, holdsPlace: boolean, startUtc: string, endUtc: string) {
  return { date, time, holds_place: holdsPlace, starts_at: `${date}T${startUtc}:00+00:00`, ends_at: `${date}T${endUtc}:00+00:00` };
}

function calendarOf(kind: 'booking_confirmation' | 'booking_changed', payload: Record<string, unknown>) {
  const email = renderEmail(kind, { row: ROW, payload, brand: BRAND, siteUrl: SITE, apiUrl: 'https://project.supabase.co' });
  assert.equal(email.attachments.length, 1);
  const [attachment] = email.attachments;
  return { email, contentType: attachment!.contentType, ...calendarEntry(attachment!.content) };
}

Deno.test('the first email: a tentative request, sequence 0, the visitor invited by the consultancy', () => {
  const entry = calendarOf('booking_confirmation', { ...booked('2027-03-10', '09:30', true, '08:30', '09:00'), status: 'requested', sequence: 0, link_token: 'a'.repeat(64) });
  assert.equal(entry.method, 'REQUEST');
  assert.equal(entry.contentType, 'text/calendar; charset=utf-8; method=REQUEST');
  assert.equal(entry.status, 'TENTATIVE');
  assert.equal(entry.sequence, 0);
  assert.equal(entry.uid, `booking-${ROW.id}@bridgewayvisa.com`);
  // 09:30 in Lagos is 08:30 UTC.
  assert.equal(entry.start, '2027-03-10T08:30:00.000Z');
  // It ends when the database says the slot ends.
  assert.equal(entry.end, '2027-03-10T09:00:00.000Z');
  assert.equal(entry.organizer, `mailto:${BRAND.contact.email}`);
  assert.deepEqual(entry.attendees, ['mailto:ada@example.com']);
  assert.match(entry.email.html, /We have your booking request/);
  assert.match(entry.email.html, /href="https:\/\/www\.bridgewayvisa\.com\/appointment#token=a{64}"/);
});

Deno.test('each change updates the same entry with a higher sequence, and a cancellation removes it', () => {
  const confirmed = calendarOf('booking_changed', { change: 'confirmed', changed_by: 'staff', ...booked('2027-03-10', '09:30', true, '08:30', '09:00'), status: 'confirmed', sequence: 1, link_token: 'b'.repeat(64) });
  const moved = calendarOf('booking_changed', { change: 'moved', changed_by: 'visitor', ...booked('2027-03-12', '14:00', true, '13:00', '13:30'), from_date: '2027-03-10', from_time: '09:30', status: 'requested', sequence: 2, link_token: 'c'.repeat(64) });
  const cancelled = calendarOf('booking_changed', { change: 'cancelled', changed_by: 'visitor', ...booked('2027-03-12', '14:00', false, '13:00', '13:30'), status: 'cancelled', sequence: 3 });
  const declined = calendarOf('booking_changed', { change: 'declined', changed_by: 'staff', ...booked('2027-03-10', '09:30', false, '08:30', '09:00'), status: 'declined', sequence: 1, note: 'Fully booked' });
  assert.deepEqual([confirmed, moved, cancelled].map((e) => e.uid), Array(3).fill(`booking-${ROW.id}@bridgewayvisa.com`));
  assert.deepEqual([confirmed, moved, cancelled].map((e) => [e.method, e.status, e.sequence]), [
    ['REQUEST', 'CONFIRMED', 1],
    ['REQUEST', 'TENTATIVE', 2],
    ['CANCEL', 'CANCELLED', 3],
  ]);
  assert.equal(moved.start, '2027-03-12T13:00:00.000Z');
  assert.equal(cancelled.contentType, 'text/calendar; charset=utf-8; method=CANCEL');
  assert.deepEqual([declined.method, declined.status], ['CANCEL', 'CANCELLED']);
  // A booking that is over offers no link; staff's note is shown.
  assert.doesNotMatch(cancelled.email.html, /appointment\?token/);
  assert.match(declined.email.text, /Fully booked/);
  assert.equal(confirmed.email.subject, 'Your consultation is confirmed: Wednesday, 10 March 2027 at 09:30 (Lagos time)');
  assert.equal(moved.email.subject, 'New time requested: Friday, 12 March 2027 at 14:00 (Lagos time)');
  assert.equal(cancelled.email.subject, 'Your consultation on Friday, 12 March 2027 at 14:00 is cancelled');
});
