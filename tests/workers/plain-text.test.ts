// Every email's text part reads as its HTML does: what a person typed arrives as typed (an
// apostrophe, an ampersand, angle brackets, even a literal "&lt;"), never as an HTML entity, and
// each link reads once.
import { describe, expect, it } from 'vitest';
import { loadBrand } from '../../workers/notifications/emails/brand.ts';
import { renderEmail, TEMPLATES, type NotificationKind } from '../../workers/notifications/emails/index.ts';
import { plainText } from '../../workers/notifications/emails/plain-text.ts';

/** What a person might type: React escapes it as &#x27; &amp; &lt; &gt; in the HTML. */
const TYPED = "Ngozi O'Neil & Sons <Ltd> &lt;";

const ROWS: Record<string, Record<string, unknown>> = {
  bookings: { id: '00000000-0000-4000-8000-000000000001', full_name: TYPED, email: 'ngozi@example.com', phone: TYPED, country: 'UK', date: '2027-03-10', time: '09:30:00' },
  contact_messages: { id: '00000000-0000-4000-8000-000000000002', name: TYPED, email: 'ngozi@example.com', phone: TYPED, subject: TYPED, message: TYPED, page: '/contact' },
  visa_applications: { id: '00000000-0000-4000-8000-000000000003', name: TYPED, email: 'ngozi@example.com', phone: TYPED, visa_type: 'Tourist Visa', nationality: TYPED, status: 'in_review', submitted_at: '2026-11-25T10:00:00Z' },
  newsletter_subscribers: { id: '00000000-0000-4000-8000-000000000004', email: 'ngozi@example.com', unsubscribe_token: '00000000-0000-4000-8000-000000000005', unsubscribed_at: null },
};

const PAYLOADS: Partial<Record<NotificationKind, Record<string, unknown>>> = {
  applicant_status_changed: { from_status: 'submitted', to_status: 'in_review' },
};

const brand = loadBrand();
const render = (kind: NotificationKind) =>
  renderEmail(kind, { row: ROWS[TEMPLATES[kind].table], payload: PAYLOADS[kind] ?? {}, brand, siteUrl: 'https://www.bridgewayvisa.com', apiUrl: 'https://project.supabase.co' });

describe.each(Object.keys(TEMPLATES) as NotificationKind[])('the text part of %s', (kind) => {
  const email = render(kind);

  it('has no HTML entity or tag left in it (beside what was typed, and links in angle brackets)', () => {
    const rest = email.text.replaceAll(TYPED, '').replace(/<(https?:|mailto:)[^>\s]+>/g, '');
    expect(rest).not.toMatch(/&(#x?[0-9a-f]+|[a-z]+);/i);
    expect(rest).not.toMatch(/[<>]/);
  });

  it('shows what was typed exactly as typed, where the HTML shows it', () => {
    if (email.html.includes('O&#x27;Neil')) expect(email.text).toContain(TYPED);
  });

  it('reads each link once', () => {
    const hrefs = [...email.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/^mailto:/, '').replaceAll('&amp;', '&'));
    expect(hrefs.length).toBeGreaterThan(0);
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    for (const href of hrefs) {
      // The address whole: in angle brackets after its text, or bare when the text is the address.
      const whole = new RegExp(`<${escape(href)}>|(?<![\\w.:/<-])${escape(href)}(?![\\w/?.>-])`, 'g');
      expect(email.text.match(whole)?.length, href).toBe(1);
    }
  });

  it('puts the heading and each detail on lines of their own', () => {
    const lines = email.text.split('\n');
    expect(lines).toContain(brand.name);
    expect(lines.every((line) => line === line.trim())).toBe(true);
  });
});

describe('plainText', () => {
  it('decodes each entity once, in the right order, and names a link by its text then its address', () => {
    expect(plainText('<p>O&#x27;Neil &amp;lt; &amp; Sons &lt;Ltd&gt;</p><p><a href="https://x.example/a?b=1&amp;c=2">Open</a></p>')).toBe(
      "O'Neil &lt; & Sons <Ltd>\n\nOpen <https://x.example/a?b=1&c=2>",
    );
  });

  it('reads a mailto: link whose text is its address once', () => {
    expect(plainText('<p><a href="mailto:hello@bridgewayvisa.com">hello@bridgewayvisa.com</a></p>')).toBe('hello@bridgewayvisa.com');
  });

  it('reads a details row as one line', () => {
    expect(plainText('<table><tr><th>Date:</th><td>Wednesday, 10 March 2027</td></tr><tr><th>Time:</th><td>09:30</td></tr></table>')).toBe(
      'Date: Wednesday, 10 March 2027\nTime: 09:30',
    );
  });
});
