// The appointments' browser-side rules: what a visitor reads for each answer of the booking link's
// RPCs (by status and SQLSTATE, never the server's English), which changes staff are offered from
// each state (the database's rule as buttons), and the agenda's grouping by day and slot.
import { describe, expect, it } from 'vitest';
import { addDays, groupAgenda } from '../../src/lib/appointments/agenda.ts';
import { LINK_TEXTS, linkFailure } from '../../src/lib/appointments/booking-link.ts';
import { staffChangesFor } from '../../src/lib/appointments/staff-bookings.ts';

describe("a booking link's answers", () => {
  it('a forged, replaced or expired link, or a booking that is over, can do nothing more', () => {
    expect(linkFailure(404, 'PT404')).toEqual({ message: LINK_TEXTS.invalid, final: true });
    expect(linkFailure(410, 'PT410')).toEqual({ message: LINK_TEXTS.expired, final: true });
    expect(linkFailure(409, 'PT409')).toEqual({ message: LINK_TEXTS.closed, final: true });
  });

  it('a time refused by the database goes to its field, and may be chosen again', () => {
    expect(linkFailure(400, 'RF001')).toMatchObject({ fields: { date: 'The booking date cannot be in the past.' }, final: false });
    expect(linkFailure(400, 'RF003')).toMatchObject({ fields: { time: 'The booking time has already passed in Lagos (WAT).' }, final: false });
    expect(linkFailure(400, 'PT400')).toMatchObject({ fields: { time: LINK_TEXTS.sameTime }, final: false });
  });

  it('anything else may be tried again', () => {
    expect(linkFailure(500, undefined)).toEqual({ message: LINK_TEXTS.failed, final: false });
  });
});

describe("staff's changes", () => {
  it('are offered as the database allows them', () => {
    expect(staffChangesFor('requested')).toEqual(['confirmed', 'declined', 'moved', 'cancelled']);
    expect(staffChangesFor('confirmed')).toEqual(['moved', 'cancelled']);
    expect(staffChangesFor('declined')).toEqual([]);
    expect(staffChangesFor('cancelled')).toEqual([]);
  });
});

describe('the agenda', () => {
  it('groups bookings in order by day, then by slot', () => {
    const booking = (id: string, date: string, time: string) => ({ id, full_name: id, phone: '+234', email: `${id}@example.com`, status: 'requested' as const, date, time });
    const days = groupAgenda([booking('a', '2027-03-10', '09:00:00'), booking('b', '2027-03-10', '09:00:00'), booking('c', '2027-03-10', '10:30:00'), booking('d', '2027-03-11', '09:00:00')]);
    expect(days.map((day) => [day.date, day.slots.map((slot) => [slot.time, slot.bookings.map((b) => b.id)])])).toEqual([
      ['2027-03-10', [['09:00', ['a', 'b']], ['10:30', ['c']]]],
      ['2027-03-11', [['09:00', ['d']]]],
    ]);
  });

  it('counts days across a month end', () => {
    expect(addDays('2027-02-26', 6)).toBe('2027-03-04');
  });
});
