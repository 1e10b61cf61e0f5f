// The one way a time or date of the consultancy's reads: Lagos time, named WAT, whatever zone the
// process runs in (the browser test tests/e2e/account/consultancy-time.spec.ts runs in New York).
import { describe, expect, it } from 'vitest';
import { formatConsultancyDate, formatConsultancyDay, formatConsultancyTime } from '../../common/consultancy-time.ts';
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

  it('gives the reference as the first 8 hex digits of the id, in capitals', () => {
    expect(applicationReference('10df2620-aaaa-4bbb-8ccc-123456789abc')).toBe('10DF2620');
  });
});
