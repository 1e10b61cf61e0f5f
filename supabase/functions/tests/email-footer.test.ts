// Every email the site sends ends with the line linking to the privacy notice, in the one wording
// of common/privacy-notice.ts: each notification kind (HTML and text), and each auth email of
// supabase/templates/ (plain HTML that hosted Auth fills in, so it repeats the words; this test
// holds them equal). In Deno, where send-notifications renders them (`npm run test:functions`).
import assert from 'node:assert/strict';
import { Constants } from '../../../common/database.types.ts';
import { EMAIL_PRIVACY_LINE, PRIVACY_NOTICE_PATH, privacyNoticeUrl } from '../../../common/privacy-notice.ts';
import { render, SITE_URL } from './email-samples.ts';

const NOTICE = `${SITE_URL}${PRIVACY_NOTICE_PATH}`;

Deno.test('the notice is at /privacy of the site, with or without a closing slash on the origin', () => {
  assert.equal(privacyNoticeUrl('https://www.bridgewayvisa.com'), 'https://www.bridgewayvisa.com/privacy');
  assert.equal(privacyNoticeUrl('https://www.bridgewayvisa.com/'), 'https://www.bridgewayvisa.com/privacy');
});

for (const kind of Constants.public.Enums.notification_kind) {
  Deno.test(`${kind} ends with the privacy line, linking to the notice, in its HTML and its text`, () => {
    const email = render(kind);
    const html = email.html.replace(/\s+/g, ' ');
    assert.ok(html.includes(`${EMAIL_PRIVACY_LINE.before} <a href="${NOTICE}"`), 'the HTML has the line and its link');
    assert.match(html, new RegExp(`>${EMAIL_PRIVACY_LINE.link}</a>\\.</p>`));
    // The line closes the email: the text's last line.
    const lines = email.text.split('\n');
    assert.equal(lines.at(-1), `${EMAIL_PRIVACY_LINE.before} ${EMAIL_PRIVACY_LINE.link} <${NOTICE}>.`);
  });
}

const templates = new URL('../../templates/', import.meta.url);
const templateFiles = [...Deno.readDirSync(templates)].filter((entry) => entry.isFile && entry.name.endsWith('.html')).map((entry) => entry.name);

Deno.test('every auth email template is checked: the confirmation and the password reset at least', () => {
  for (const name of ['confirmation.html', 'recovery.html']) assert.ok(templateFiles.includes(name), name);
});

for (const name of templateFiles) {
  Deno.test(`the auth email ${name} ends with the same privacy line, linking to the notice on the site`, () => {
    const html = Deno.readTextFileSync(new URL(name, templates)).replace(/\s+/g, ' ');
    const line = new RegExp(`${EMAIL_PRIVACY_LINE.before} <a href="\\{\\{ \\.SiteURL \\}\\}${PRIVACY_NOTICE_PATH}"[^>]*>${EMAIL_PRIVACY_LINE.link}</a>\\. </p> </td>`);
    assert.match(html, line);
  });
}
