// The home page's booking form against the built site and its backend: messages word for word,
// reset, what is stored, and every kind of bad input with the field named and nothing lost. The
// failures every form shares (limit, server, network, retry) are in failures.spec.ts.
import { BOOKING_TEXTS } from '../../support/spec-texts.ts';
import { expect, test } from '../support/fixtures.ts';
import { BookingForm, INJECTION, axeViolations, isoDay, rowsWhere } from './forms.po.ts';

// A hydrating island and a backend round trip per test: generous on a busy shared machine.
test.describe.configure({ timeout: 150_000 });

test('a booking is stored, thanked word for word, and the fields reset', async ({ page }) => {
  const form = await BookingForm.open(page);
  const email = form.email;
  await form.fill(form.valid());
  await form.submit();
  await expect(form.message()).toHaveText(BOOKING_TEXTS.success);
  await expect(form.message()).toHaveAttribute('role', 'status');
  expect(Object.values(await form.values(form.labels))).toEqual(['', '', '', '', '', '']);
  const rows = await rowsWhere('bookings', 'email', email);
  expect(rows).toMatchObject([
    {
      full_name: 'Amara Eze',
      country: 'Canada',
      date: isoDay(3),
      time: '14:30:00',
      website: null,
    },
  ]);
  expect(rows[0]!['client_key']).toMatch(/^[0-9a-f-]{36}$/);
  // The phone and WhatsApp alternatives stay beside the form.
  await expect(page.locator('#booking').getByRole('link', { name: /WhatsApp/ })).toBeVisible();
});

test('empty fields are each named, the first one focused, and nothing is sent', async ({ page }) => {
  const form = await BookingForm.open(page);
  let requests = 0;
  page.on('request', (request) => void (request.url().includes('/rest/v1/bookings') && requests++));
  await form.submit();
  await expect(form.field('Full name')).toBeFocused();
  for (const label of form.labels) {
    await expect(form.field(label)).toHaveAttribute('aria-invalid', 'true');
    await form.expectError(label, /\S/);
  }
  expect(requests).toBe(0);
});

test('a wrong email and a past date are refused with the field named and the rest kept', async ({ page }) => {
  const form = await BookingForm.open(page);
  const values = form.valid({ Email: 'amara@nowhere', Date: isoDay(-1) });
  await form.fill(values);
  await form.submit();
  await form.expectError('Email', 'Please enter a valid email address, like name@example.com.');
  await form.expectError('Date', 'Please choose today or a later date.');
  await expect(form.field('Email')).toBeFocused();
  expect(await form.values(form.labels)).toEqual(values);
});

// One "today": the consultancy's, in Lagos, whatever the visitor's own zone. The browser's clock
// is pinned (its timers keep running, so the island hydrates as usual); the database judges with
// the real clock, for which every date below is in the future unless a test says otherwise.
test.describe('a visitor in New York at 20:00 on 10 March 2027 (02:00 on 11 March in Lagos)', () => {
  test.use({ timezoneId: 'America/New_York' });
  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime(new Date('2027-03-11T01:00:00Z'));
  });

  test('is offered Lagos’s today, and their own day is already past', async ({ page }) => {
    const form = await BookingForm.open(page);
    await expect(form.field('Date')).toHaveAttribute('min', '2027-03-11');
    await form.fill(form.valid({ Date: '2027-03-10', Time: '21:00' }));
    await form.submit();
    await form.expectError('Date', 'Please choose today or a later date.');
  });

  test('books today in Lagos at a time not yet past there, told the time is Lagos time (WAT)', async ({ page }) => {
    const form = await BookingForm.open(page);
    await expect(form.field('Time')).toHaveAccessibleDescription('Lagos time (WAT)');
    await form.fill(form.valid({ Date: '2027-03-11', Time: '01:30' }));
    await form.submit();
    // The field's description is its hint, then its error.
    await form.expectError('Time', 'Lagos time (WAT) Please choose a time that has not passed yet in Lagos (WAT).');
    await form.field('Time').fill('02:30');
    await form.submit();
    await form.expectSuccess();
    expect(await rowsWhere('bookings', 'email', form.email)).toMatchObject([{ date: '2027-03-11', time: '02:30:00' }]);
  });
});

test.describe('a browser whose clock is years behind', () => {
  // The database's refusal is a 400, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('is corrected by the database, at the date field, with everything typed kept', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2020-01-01T09:00:00Z'));
    const form = await BookingForm.open(page);
    const values = form.valid({ Date: '2020-01-02', Time: '10:00' });
    await form.fill(values);
    await form.submit();
    await form.expectError('Date', 'The booking date cannot be in the past.');
    expect(await form.values(form.labels)).toEqual(values);
    expect(await rowsWhere('bookings', 'email', form.email)).toHaveLength(0);
  });
});

test('10,000-character fields are refused in the browser with their limits', async ({ page }) => {
  const form = await BookingForm.open(page);
  const long = 'x'.repeat(10_000);
  await form.fill(form.valid({ 'Full name': long, Phone: long }));
  await form.submit();
  await form.expectError('Full name', 'Please keep your full name to 200 characters or fewer.');
  await form.expectError('Phone', 'Please keep your phone number to 40 characters or fewer.');
  expect(await form.field('Full name').inputValue()).toBe(long);
});

test('injection strings are stored as plain text', async ({ page }) => {
  const form = await BookingForm.open(page);
  const email = form.email;
  await form.fill(form.valid({ 'Full name': INJECTION }));
  await form.submit();
  await expect(form.message()).toHaveText(BOOKING_TEXTS.success);
  expect(await rowsWhere('bookings', 'email', email)).toMatchObject([{ full_name: INJECTION }]);
});

// A quick answer can land between the two clicks of a double click and reset the form; the second
// click must not then send the blank form and replace the thanks with an error on every field.
test('the second click of a double click, landing after the booking is thanked, changes nothing', async ({ page }) => {
  const form = await BookingForm.open(page);
  await form.fillValid();
  await form.submit();
  await form.expectSuccess();
  // Each click as the page sees it: its count and whether it was cancelled (the form's own
  // listener runs before this one on the document).
  await page.evaluate(() => {
    const clicks: [number, boolean][] = [];
    Object.assign(window, { clicks });
    document.addEventListener('click', (event) => clicks.push([event.detail, event.defaultPrevented]));
  });
  const box = (await form.submitButton().boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down({ clickCount: 2 });
  await page.mouse.up({ clickCount: 2 });
  await expect.poll(() => page.evaluate(() => (window as unknown as { clicks: [number, boolean][] }).clicks)).toEqual([[2, true]]);
  await expect(form.message()).toHaveText(BOOKING_TEXTS.success);
  await expect(form.field('Full name')).not.toHaveAttribute('aria-invalid', 'true');
  expect(await rowsWhere('bookings', 'email', form.email)).toHaveLength(1);
});

test('a double click whose first click found the button still disabled submits once, on its second click', async ({ page }) => {
  const form = await BookingForm.open(page);
  await form.fillValid();
  // The first click landed before the island was ready, so the browser counted it but sent
  // nothing; the second click (detail 2) is the first the button sees, and it submits.
  const box = (await form.submitButton().boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down({ clickCount: 2 });
  await page.mouse.up({ clickCount: 2 });
  await form.expectSuccess();
  expect(await rowsWhere('bookings', 'email', form.email)).toHaveLength(1);
});

test('a filled honeypot looks like a success to the bot and stores nothing', async ({ page }) => {
  const form = await BookingForm.open(page);
  const email = form.email;
  await form.fill(form.valid());
  await form.honeypot.fill('https://spam.example', { force: true });
  await form.submit();
  await expect(form.message()).toHaveText(BOOKING_TEXTS.success);
  expect(await rowsWhere('bookings', 'email', email)).toEqual([]);
});

test('the booking form has no axe violations with its errors shown', async ({ page }) => {
  const form = await BookingForm.open(page);
  await form.submit();
  await expect(form.field('Full name')).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(page, '#booking')).toEqual([]);
});
