// The contact form of /contact and /contact1: the Success dialog and reset, the page recorded,
// the failure message with the text kept, bad input, spam, and axe with errors and the dialog.
import { CONTACT_FAILURE, CONTACT_SUCCESS } from '../../../src/lib/forms/contact.ts';
import { OFFLINE_MESSAGE, RATE_LIMIT_MESSAGE } from '../../../src/lib/forms/errors.ts';
import { uniqueEmail } from '../support/backend.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  FormIsland,
  INJECTION,
  OFFLINE_CONSOLE,
  refusedConsole,
  axeViolations,
  expectDialogClosesWithEscape,
  loseAnswer,
  restUrl,
  rowsWhere,
  useUpQuota,
} from './forms.po.ts';

test.describe.configure({ timeout: 150_000 });

const LABELS = ['Your Name', 'Email', 'Subject', 'Phone number', 'Message'];

function message(email: string, overrides: Record<string, string> = {}) {
  return {
    'Your Name': 'Kwame Mensah',
    Email: email,
    Subject: 'Business visa for Canada',
    'Phone number': '+233 24 000 0000',
    Message: 'I would like advice on a business visa.',
    ...overrides,
  };
}

async function openContact(page: import('@playwright/test').Page, path = '/contact') {
  await page.goto(path);
  return new FormIsland(page, 'Send us a message').ready();
}

const successDialog = (page: import('@playwright/test').Page) => page.getByRole('dialog', { name: 'Success' });

for (const path of ['/contact', '/contact1']) {
  test(`a message from ${path} is stored with its page, the Success dialog opens and the form resets`, async ({ page }) => {
    const form = await openContact(page, path);
    const email = uniqueEmail('contact');
    await form.fill(message(email));
    await form.submit();
    const dialog = successDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(CONTACT_SUCCESS);
    expect(Object.values(await form.values(LABELS))).toEqual(['', '', '', '', '']);
    expect(await rowsWhere('contact_messages', 'email', email)).toMatchObject([
      { name: 'Kwame Mensah', subject: 'Business visa for Canada', page: path, website: null },
    ]);
  });
}

test('the Success dialog holds focus, closes with Escape and with its x button', async ({ page }) => {
  const form = await openContact(page);
  await form.fill(message(uniqueEmail('dialog')));
  await form.submit();
  await expectDialogClosesWithEscape(page, successDialog(page), form);
  await form.fill(message(uniqueEmail('dialog-x')));
  await form.submit();
  await successDialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(successDialog(page)).toBeHidden();
});

test('empty fields and a wrong email are named, and nothing is sent', async ({ page }) => {
  const form = await openContact(page);
  let requests = 0;
  page.on('request', (request) => void (request.url().includes('/rest/v1/contact_messages') && requests++));
  await form.submit();
  await expect(form.field('Your Name')).toBeFocused();
  for (const label of LABELS) await expect(form.field(label)).toHaveAttribute('aria-invalid', 'true');
  await form.fill(message('kwame@'));
  await form.submit();
  expect(await form.errorOf('Email')).toBe('Please enter a valid email address, like name@example.com.');
  await expect(form.field('Email')).toBeFocused();
  expect(requests).toBe(0);
});

test('a 10,000-character message is refused with its limit and kept', async ({ page }) => {
  const form = await openContact(page);
  const long = 'y'.repeat(10_000);
  await form.fill(message(uniqueEmail('long'), { Message: long }));
  await form.submit();
  expect(await form.errorOf('Message')).toBe('Please keep your message to 5000 characters or fewer.');
  expect(await form.field('Message').inputValue()).toBe(long);
});

test('injection strings are stored as plain text; a filled honeypot stores nothing but looks sent', async ({ page }) => {
  const form = await openContact(page);
  const email = uniqueEmail('inject');
  await form.fill(message(email, { Subject: INJECTION, Message: INJECTION }));
  await form.submit();
  await expect(successDialog(page)).toBeVisible();
  expect(await rowsWhere('contact_messages', 'email', email)).toMatchObject([{ subject: INJECTION, message: INJECTION }]);
  await page.keyboard.press('Escape');

  const bot = uniqueEmail('bot');
  await form.fill(message(bot));
  await form.honeypot.fill('https://spam.example', { force: true });
  await form.submit();
  await expect(successDialog(page)).toBeVisible();
  expect(await rowsWhere('contact_messages', 'email', bot)).toEqual([]);
});

test.describe('refused by the database', () => {
  test.use({ allowedConsoleErrors: [refusedConsole(429, 500)] });

  test('the sixth message within the hour gets the rate-limit message', async ({ page }) => {
    const email = uniqueEmail('sixth');
    await useUpQuota('contact_messages', { name: 'Early', email, subject: 'Hi', phone: '+1 555 0100', message: 'Hi', page: '/contact' });
    const form = await openContact(page);
    await form.fill(message(email));
    await form.submit();
    await expect(form.message()).toHaveText(RATE_LIMIT_MESSAGE);
    expect(await form.values(LABELS)).toEqual(message(email));
  });

  test('a failure shows the failure message and keeps the text', async ({ page }) => {
    const form = await openContact(page);
    await page.route(restUrl('contact_messages'), (route) => route.fulfill({ status: 500, json: { code: 'XX000', message: 'boom' } }));
    const values = message(uniqueEmail('failure'));
    await form.fill(values);
    await form.submit();
    await expect(form.message()).toHaveText(CONTACT_FAILURE);
    await expect(form.message()).toHaveAttribute('role', 'alert');
    expect(await form.values(LABELS)).toEqual(values);
  });
});

test.describe('when the network fails', () => {
  test.use({ allowedConsoleErrors: [OFFLINE_CONSOLE] });

  test('a lost answer says so, keeps the text, and the retry stores one row', async ({ page }) => {
    const form = await openContact(page);
    const email = uniqueEmail('retry');
    await page.route(restUrl('contact_messages'), loseAnswer, { times: 1 });
    const values = message(email);
    await form.fill(values);
    await form.submit();
    await expect(form.message()).toHaveText(OFFLINE_MESSAGE);
    expect(await form.values(LABELS)).toEqual(values);
    await form.submit();
    await expect(successDialog(page)).toBeVisible();
    expect(await rowsWhere('contact_messages', 'email', email)).toHaveLength(1);
  });
});

test('no axe violations with errors shown, nor with the Success dialog open', async ({ page }) => {
  const form = await openContact(page);
  await form.submit();
  await expect(form.field('Your Name')).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(page, '.contact')).toEqual([]);
  await form.fill(message(uniqueEmail('axe')));
  await form.submit();
  await expect(successDialog(page)).toBeVisible();
  expect(await axeViolations(page, '.contact')).toEqual([]);
});
