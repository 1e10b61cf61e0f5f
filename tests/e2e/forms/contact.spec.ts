// The contact form of /contact and /contact1: the Success dialog and reset, the page recorded,
// bad input, spam, and axe with errors and the dialog. The failures every form shares (limit,
// server, network, retry) are in failures.spec.ts.
import { uniqueEmail } from '../support/backend.ts';
import { expect, test } from '../support/fixtures.ts';
import { ContactForm, INJECTION, axeViolations, expectDialogClosesWithEscape, rowsWhere } from './forms.po.ts';

test.describe.configure({ timeout: 150_000 });

for (const path of ['/contact', '/contact1']) {
  test(`a message from ${path} is stored with its page, the Success dialog opens and the form resets`, async ({ page }) => {
    const form = await ContactForm.open(page, path);
    const email = uniqueEmail('contact');
    await form.fill(form.valid({ Email: email }));
    await form.submit();
    await form.expectSuccess();
    expect(Object.values(await form.values(form.labels))).toEqual(['', '', '', '', '']);
    expect(await rowsWhere('contact_messages', 'email', email)).toMatchObject([
      { name: 'Kwame Mensah', subject: 'Business visa for Canada', page: path, website: null },
    ]);
  });
}

test('the Success dialog holds focus, closes with Escape and with its x button', async ({ page }) => {
  const form = await ContactForm.open(page);
  await form.fill(form.valid({ Email: uniqueEmail('dialog') }));
  await form.submit();
  await expectDialogClosesWithEscape(page, form.successDialog(), form);
  await form.fill(form.valid({ Email: uniqueEmail('dialog-x') }));
  await form.submit();
  await form.successDialog().getByRole('button', { name: 'Close' }).click();
  await expect(form.successDialog()).toBeHidden();
});

test('empty fields and a wrong email are named, and nothing is sent', async ({ page }) => {
  const form = await ContactForm.open(page);
  let requests = 0;
  page.on('request', (request) => void (request.url().includes('/rest/v1/contact_messages') && requests++));
  await form.submit();
  await expect(form.field('Your Name')).toBeFocused();
  for (const label of form.labels) await expect(form.field(label)).toHaveAttribute('aria-invalid', 'true');
  await form.fill(form.valid({ Email: 'kwame@' }));
  await form.submit();
  await form.expectError('Email', 'Please enter a valid email address, like name@example.com.');
  await expect(form.field('Email')).toBeFocused();
  expect(requests).toBe(0);
});

test('a 10,000-character message is refused with its limit and kept', async ({ page }) => {
  const form = await ContactForm.open(page);
  const long = 'y'.repeat(10_000);
  await form.fill(form.valid({ Email: uniqueEmail('long'), Message: long }));
  await form.submit();
  await form.expectError('Message', 'Please keep your message to 5000 characters or fewer.');
  expect(await form.field('Message').inputValue()).toBe(long);
});

test('injection strings are stored as plain text; a filled honeypot stores nothing but looks sent', async ({ page }) => {
  const form = await ContactForm.open(page);
  const email = uniqueEmail('inject');
  await form.fill(form.valid({ Email: email, Subject: INJECTION, Message: INJECTION }));
  await form.submit();
  await expect(form.successDialog()).toBeVisible();
  expect(await rowsWhere('contact_messages', 'email', email)).toMatchObject([{ subject: INJECTION, message: INJECTION }]);
  await page.keyboard.press('Escape');

  const bot = uniqueEmail('bot');
  await form.fill(form.valid({ Email: bot }));
  await form.honeypot.fill('https://spam.example', { force: true });
  await form.submit();
  await expect(form.successDialog()).toBeVisible();
  expect(await rowsWhere('contact_messages', 'email', bot)).toEqual([]);
});

test('no axe violations with errors shown, nor with the Success dialog open', async ({ page }) => {
  const form = await ContactForm.open(page);
  await form.submit();
  await expect(form.field('Your Name')).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(page, '.contact')).toEqual([]);
  await form.fill(form.valid({ Email: uniqueEmail('axe') }));
  await form.submit();
  await expect(form.successDialog()).toBeVisible();
  expect(await axeViolations(page, '.contact')).toEqual([]);
});
