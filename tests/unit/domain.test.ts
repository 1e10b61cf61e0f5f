// The rules the dashboard and the profile share: "today" in the consultancy's time zone (the
// overview's counts and the bookings' Date filter), and how a status change reads.
import { describe, expect, it } from 'vitest';
import { consultancyToday, statusChangeText } from '../../common/domain.ts';

describe('consultancyToday', () => {
  it('is the date in Lagos (UTC+1), not in UTC or the reader’s zone', () => {
    expect(consultancyToday(new Date('2026-11-25T22:59:00Z'))).toBe('2026-11-25');
    expect(consultancyToday(new Date('2026-11-25T23:00:00Z'))).toBe('2026-11-26');
  });
});

describe('statusChangeText', () => {
  it('names the first status as received and each change by its labels', () => {
    expect(statusChangeText(null, 'submitted')).toBe('Application received, status Submitted');
    expect(statusChangeText('in_review', 'approved')).toBe('Status changed from In review to Approved');
  });
});
