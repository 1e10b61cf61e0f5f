// Every email's text part reads as its HTML does: what a person typed arrives as typed (an
// apostrophe, an ampersand, angle brackets, even a literal "&lt;"), never as an HTML entity, and
// each link reads once. In Deno, where send-notifications renders them (`npm run test:functions`).
import assert from 'node:assert/strict';
import { plainText } from '../_shared/plain-text.ts';
import { BRAND } from '../send-notifications/emails/brand.ts';
import { Constants } from '../../../common/database.types.ts';
import { renderEmail, type NotificationKind } from '../send-notifications/emails/index.ts';
import { SUBJECT_TABLES } from '../send-notifications/emails/subjects.ts';
import type { SubjectRows } from '../send-notifications/emails/types.ts';

/** What a person might type: React escapes it as &#x27; &amp; &lt; &gt; in the HTML. */
const TYPED = "Ngozi O'Neil & Sons <Ltd> &lt;";

const ROWS: SubjectRows = {
  bookings: { id: '00000000-0000-4000-8000-000000000001', full_name: TYPED, email: 'ngozi@example.com', phone: TYPED, country: 'UK', date: '2027-03-10', time: '09:30:00', status: 'requested' },
  contact_messages: { id: '00000000-0000-4000-8000-000000000002', name: TYPED, email: 'ngozi@example.com', phone: TYPED, subject: TYPED, message: TYPED, page: '/contact' },
  visa_applications: { id: '00000000-0000-4000-8000-000000000003', name: TYPED, email: 'ngozi@example.com', phone: TYPED, visa_type: 'Tourist Visa', nationality: TYPED, status: 'in_review', submitted_at: '2026-11-25T10:00:00Z' },
  newsletter_subscribers: { id: '00000000-0000-4000-8000-000000000004', email: 'ngozi@example.com', unsubscribed_at: null, confirmed_at: null },
  account_deletions: { id: '00000000-0000-4000-8000-000000000005', email: 'ngozi@example.com', deleted_at: '2026-11-29T09:00:00Z', by_staff: true, applications_kept: 2, files_removed: 7 },
};

/** What private.booking_email_payload adds to a booking's date and time: its instants and whether it holds its place. */
const BOOKED = { holds_place: true, starts_at: '2027-03-11T09:00:00+00:00', ends_at: '2027-03-11T09:30:00+00:00' };

const PAYLOADS: Partial<Record<NotificationKind, Record<string, unknown>>> = {
  booking_confirmation: { ...BOOKED, date: '2027-03-11', time: '10:00', status: 'requested', sequence: 0, link_token: 'a'.repeat(64) },
  booking_reminder: { ...BOOKED, date: '2027-03-11', time: '10:00', status: 'confirmed', sequence: 1, link_token: 'a'.repeat(64) },
  applicant_status_changed: { from_status: 'in_review', to_status: 'approved', documents_removal_at: '2027-05-28T09:00:00+00:00' },
  // Staff's words and the checklist's labels are typed too.
  applicant_document_needs_replacing: { item_key: 'passport', item_label: TYPED, file_name: 'passport (1).pdf', reason: TYPED },
  applicant_documents_requested: { request_id: '00000000-0000-4000-8000-000000000006', items: [{ key: 'passport', label: TYPED }, { key: 'photo', label: 'Passport photograph' }], note: TYPED },
  booking_changed: { ...BOOKED, change: 'moved', changed_by: 'staff', note: TYPED, date: '2027-03-11', time: '10:00', from_date: '2027-03-10', from_time: '09:30', status: 'confirmed', sequence: 1, link_token: 'a'.repeat(64) },
  staff_booking_changed: { ...BOOKED, change: 'moved', changed_by: 'visitor', date: '2027-03-11', time: '10:00', from_date: '2027-03-10', from_time: '09:30', status: 'requested', sequence: 1 },
  // The newsletter's links carry the token of their payload (the table keeps its hash only).
  newsletter_confirmation: { link_token: 'c'.repeat(64) },
  newsletter_welcome: { link_token: 'd'.repeat(64) },
  staff_documents_provided: { request_id: '00000000-0000-4000-8000-000000000006', items: [{ key: 'passport', label: TYPED }] },
};

const render = (kind: NotificationKind) =>
  renderEmail(kind, { row: ROWS[SUBJECT_TABLES[kind]], payload: PAYLOADS[kind] ?? {}, brand: BRAND, siteUrl: 'https://www.bridgewayvisa.com', apiUrl: 'https://project.supabase.co' });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const kind of Constants.public.Enums.notification_kind) {
  const email = render(kind);

  Deno.test(`the text part of ${kind} has no HTML entity or tag left in it (beside what was typed, and links in angle brackets)`, () => {
    const rest = email.text.replaceAll(TYPED, '').replace(/<(https?:|mailto:)[^>\s]+>/g, '');
    assert.doesNotMatch(rest, /&(#x?[0-9a-f]+|[a-z]+);/i);
    assert.doesNotMatch(rest, /[<>]/);
  });

  Deno.test(`the text part of ${kind} shows what was typed exactly as typed, where the HTML shows it`, () => {
    if (email.html.includes('O&#x27;Neil')) assert.ok(email.text.includes(TYPED));
  });

  Deno.test(`the text part of ${kind} reads each link once`, () => {
    const hrefs = [...email.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/^mailto:/, '').replaceAll('&amp;', '&'));
    assert.ok(hrefs.length > 0);
    for (const href of hrefs) {
      // The address whole: in angle brackets after its text, or bare when the text is the address.
      const whole = new RegExp(`<${escape(href)}>|(?<![\\w.:/<-])${escape(href)}(?![\\w/?.>-])`, 'g');
      assert.equal(email.text.match(whole)?.length, 1, href);
    }
  });

  Deno.test(`the text part of ${kind} puts the heading and each detail on lines of their own`, () => {
    const lines = email.text.split('\n');
    assert.ok(lines.includes(BRAND.name));
    assert.ok(lines.every((line) => line === line.trim()));
  });
}

Deno.test('plainText decodes each entity once, in the right order, and names a link by its text then its address', () => {
  assert.equal(
    plainText('<p>O&#x27;Neil &amp;lt; &amp; Sons &lt;Ltd&gt;</p><p><a href="https://x.example/a?b=1&amp;c=2">Open</a></p>'),
    "O'Neil &lt; & Sons <Ltd>\n\nOpen <https://x.example/a?b=1&c=2>",
  );
});

Deno.test('plainText reads a mailto: link whose text is its address once', () => {
  assert.equal(plainText('<p><a href="mailto:hello@bridgewayvisa.com">hello@bridgewayvisa.com</a></p>'), 'hello@bridgewayvisa.com');
});

Deno.test('plainText reads each item of a list on a line of its own, starting "- "', () => {
  assert.equal(plainText('<p>Send:</p><ul><li>Passport bio page</li><li>O&#x27;Neil &amp; Sons</li></ul>'), "Send:\n\n- Passport bio page\n- O'Neil & Sons");
});

Deno.test('plainText reads a details row as one line', () => {
  assert.equal(
    plainText('<table><tr><th>Date:</th><td>Wednesday, 10 March 2027</td></tr><tr><th>Time:</th><td>09:30</td></tr></table>'),
    'Date: Wednesday, 10 March 2027\nTime: 09:30',
  );
});

Deno.test('a newsletter email whose payload has no link token is not rendered: the row fails instead of sending a link that leads nowhere', () => {
  for (const kind of ['newsletter_confirmation', 'newsletter_welcome'] as const) {
    for (const payload of [{}, { link_token: 'not-a-token' }]) {
      assert.throws(
        () => renderEmail(kind, { row: ROWS.newsletter_subscribers, payload, brand: BRAND, siteUrl: 'https://www.bridgewayvisa.com', apiUrl: 'https://project.supabase.co' }),
        /the email carries no link token/,
        kind,
      );
    }
  }
});
