// The one way a time or date of the consultancy's reads: Lagos time, named WAT, whatever zone the
// process runs in (the browser test tests/e2e/account/consultancy-time.spec.ts runs in New York).
import { describe, expect, it } from 'vitest';
import {
  formatBookingWhen,
  formatBookingWhenInLagos,
  formatConsultancyDate,
  formatConsultancyDay,
  formatConsultancyTime,
  formatSlotTimeInLagos,
} from '../../common/consultancy-time.ts';
import { bookingSchema } from '../../src/lib/forms/booking.ts';
import { applicationReference } from '../../common/application-reference.ts';

describe('consultancy time', () => {
  it('reads 00:30 and 23:30 WAT as such, on the Lagos day', () => {
    expect(formatConsultancyTime('2026-03-02T23:30:00Z')).toBe('3 Mar 2026, 00:30 WAT');
    expect(formatConsultancyTime(new Date('2026-03-03T22:30:00Z'))).toBe('3 Mar 2026, 23:30 WAT');
    expect(formatConsultancyDay('2026-03-02T23:30:00Z')).toBe('3 March 2026');
  });

  it('reads a calendar date (a date of birth) as written, never shifted by a zone', () => {
    expect(formatConsultancyDate('1995-04-12')).toBe('12 Apr 1995');
    expect(formatConsultancyDate('not a date')).toBe('not a date');
  });

  it('writes a booking’s day and time one way, with the zone where asked', () => {
    expect(formatConsultancyDate('2027-03-10', 'weekday')).toBe('Wednesday, 10 March 2027');
    expect(formatConsultancyDate('2027-03-10', 'weekdayNoYear')).toBe('Wednesday 10 March');
    expect(formatConsultancyDate('2027-03-10', 'short')).toBe('10 Mar');
    expect(formatConsultancyDate('2027-03-10', 'long')).toBe('10 March 2027');
    expect(formatSlotTimeInLagos('09:30:00')).toBe('09:30 (Lagos time, WAT)');
    expect(formatBookingWhen('2027-03-10', '09:30:00', 'medium')).toBe('10 Mar 2027 at 09:30');
    expect(formatBookingWhenInLagos('2027-03-10', '09:30')).toBe('Wednesday, 10 March 2027 at 09:30 (Lagos time, WAT)');
  });

  it('tells a visitor whose own date is behind that it is already the next day in Lagos', () => {
    // 21:58 on 28 Nov in New York is 03:58 on 29 Nov in Lagos.
    const now = new Date('2026-11-29T02:58:00Z');
    const realNow = Date.now;
    Date.now = () => now.getTime();
    try {
      const result = bookingSchema.safeParse({ full_name: 'Ada', phone: '+234 800 000 0000', email: 'ada@example.com', country: 'Nigeria', date: '2026-11-28', time: '10:00', website: '' });
      expect(result.success).toBe(false);
      expect(result.error?.issues.find((issue) => issue.path[0] === 'date')?.message).toBe('It is already 29 Nov in Lagos (WAT). Please choose 29 Nov or a later date.');
    } finally {
      Date.now = realNow;
    }
  });

  it('gives the reference as the first 8 hex digits of the id, in capitals', () => {
    expect(applicationReference('10df2620-aaaa-4bbb-8ccc-123456789abc')).toBe('10DF2620');
  });
});
