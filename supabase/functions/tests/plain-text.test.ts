// Every email's text part reads as its HTML does: what a person typed arrives as typed (an
// apostrophe, an ampersand, angle brackets, even a literal "&lt;"), never as an HTML entity, and
// each link reads once. In Deno, where send-notifications renders them (`npm run test:functions`).
import assert from 'node:assert/strict';
import { plainText } from '../_shared/plain-text.ts';
import { BRAND } from '../send-notifications/emails/brand.ts';
import { Constants } from '../../../common/database.types.ts';
import { renderEmail } from '../send-notifications/emails/index.ts';
import { render, ROWS, TYPED } from './email-samples.ts';

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
