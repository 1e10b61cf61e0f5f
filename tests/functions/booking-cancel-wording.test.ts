// The visitor's email about a cancellation says who asked for it: "As you asked" when the visitor
// cancelled through their link or asked staff to (staff's cancel dialog records it: the payload's
// asked_by, tests/db/appointment-wording.test.ts), "we have had to cancel" only when the
// consultancy did. Rendered from the template, as the sender renders it.
import { describe, expect, it } from 'vitest';
import { bookingChanged } from '../../supabase/functions/send-notifications/emails/booking-changed.ts';
import { BRAND } from '../../supabase/functions/send-notifications/emails/brand.ts';

const row = { id: '00000000-0000-4000-8000-00000000000a', full_name: 'Ada Obi', email: 'ada@example.com', phone: '+234 800 000 0001', country: 'UK', date: '2027-03-10', time: '09:30:00', status: 'cancelled' } as const;
const lead = (payload: Record<string, unknown>) =>
  JSON.stringify(bookingChanged({ row, payload: { date: '2027-03-10', time: '09:30', status: 'cancelled', holds_place: false, starts_at: '2027-03-10T08:30:00Z', ends_at: '2027-03-10T09:00:00Z', sequence: 2, change: 'cancelled', ...payload }, brand: BRAND, siteUrl: 'https://example.com', apiUrl: 'https://api.example.com' }).body);

describe('the cancellation email', () => {
  it('says "as you asked" when staff cancelled at the visitor’s request, as when the visitor cancelled', () => {
    expect(lead({ changed_by: 'staff', asked_by: 'visitor' })).toContain('As you asked, your consultation on Wednesday, 10 March 2027 at 09:30 (Lagos time, WAT), is cancelled.');
    expect(lead({ changed_by: 'visitor' })).toContain('As you asked, your consultation on');
  });

  it('says "we have had to cancel" only when the consultancy did', () => {
    const ours = lead({ changed_by: 'staff' });
    expect(ours).toContain('We are sorry: we have had to cancel your consultation on Wednesday, 10 March 2027 at 09:30 (Lagos time, WAT).');
    expect(ours).not.toContain('As you asked');
  });
});
