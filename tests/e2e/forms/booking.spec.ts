// The home page's booking form against the built site and its backend: messages word for word,
// reset, what is stored, and every kind of bad input with the field named and nothing lost.
import { BOOKING_FAILURE, BOOKING_SUCCESS } from '../../../src/lib/forms/booking.ts';
import { OFFLINE_MESSAGE, RATE_LIMIT_MESSAGE } from '../../../src/lib/forms/errors.ts';
import { uniqueEmail } from '../support/backend.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  FormIsland,
  INJECTION,
  OFFLINE_CONSOLE,
  refusedConsole,
  axeViolations,
  isoDay,
  loseAnswer,
  restUrl,
  rowsWhere,
  useUpQuota,
} from './forms.po.ts';

// A hydrating island and a backend round trip per test: generous on a busy shared machine.
test.describe.configure({ timeout: 150_000 });

const LABELS = ['Full name', 'Phone', 'Email', 'Country', 'Date', 'Time'];

function booking(email: string, overrides: Record<string, string> = {}) {
  return {
    'Full name': 'Amara Eze',
    Phone: '+234 809 000 0000',
    Email: email,
    Country: 'Canada',
    Date: isoDay(3),
    Time: '14:30',
    ...overrides,
  };
}

async function openBooking(page: import('@playwright/test').Page) {
  await page.goto('/#booking');
  return new FormIsland(page, 'Book a consultation').ready();
}

test('a booking is stored, thanked word for word, and the fields reset', async ({ page }) => {
  const form = await openBooking(page);
  const email = uniqueEmail('booking');
  await form.fill(booking(email));
  await form.submit();
  await expect(form.message()).toHaveText(BOOKING_SUCCESS);
  await expect(form.message()).toHaveAttribute('role', 'status');
  expect(Object.values(await form.values(LABELS))).toEqual(['', '', '', '', '', '']);
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
  const form = await openBooking(page);
  let requests = 0;
  page.on('request', (request) => void (request.url().includes('/rest/v1/bookings') && requests++));
  await form.submit();
  await expect(form.field('Full name')).toBeFocused();
  for (const label of LABELS) {
    await expect(form.field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(await form.errorOf(label)).not.toBe('');
  }
  expect(requests).toBe(0);
});

test('a wrong email and a past date are refused with the field named and the rest kept', async ({ page }) => {
  const form = await openBooking(page);
  const values = booking('amara@nowhere', { Date: isoDay(-1) });
  await form.fill(values);
  await form.submit();
  expect(await form.errorOf('Email')).toBe('Please enter a valid email address, like name@example.com.');
  expect(await form.errorOf('Date')).toBe('Please choose today or a later date.');
  await expect(form.field('Email')).toBeFocused();
  expect(await form.values(LABELS)).toEqual(values);
});

test('today is a valid booking date in the visitor’s time zone', async ({ page }) => {
  const form = await openBooking(page);
  const email = uniqueEmail('today');
  await form.fill(booking(email, { Date: isoDay(0) }));
  await form.submit();
  await expect(form.message()).toHaveText(BOOKING_SUCCESS);
  expect(await rowsWhere('bookings', 'email', email)).toHaveLength(1);
});

test('10,000-character fields are refused in the browser with their limits', async ({ page }) => {
  const form = await openBooking(page);
  const long = 'x'.repeat(10_000);
  await form.fill(booking(uniqueEmail('long'), { 'Full name': long, Phone: long }));
  await form.submit();
  expect(await form.errorOf('Full name')).toBe('Please keep your full name to 200 characters or fewer.');
  expect(await form.errorOf('Phone')).toBe('Please keep your phone number to 40 characters or fewer.');
  expect(await form.field('Full name').inputValue()).toBe(long);
});

test('injection strings are stored as plain text', async ({ page }) => {
  const form = await openBooking(page);
  const email = uniqueEmail('inject');
  await form.fill(booking(email, { 'Full name': INJECTION }));
  await form.submit();
  await expect(form.message()).toHaveText(BOOKING_SUCCESS);
  expect(await rowsWhere('bookings', 'email', email)).toMatchObject([{ full_name: INJECTION }]);
});

test('a filled honeypot looks like a success to the bot and stores nothing', async ({ page }) => {
  const form = await openBooking(page);
  const email = uniqueEmail('bot');
  await form.fill(booking(email));
  await form.honeypot.fill('https://spam.example', { force: true });
  await form.submit();
  await expect(form.message()).toHaveText(BOOKING_SUCCESS);
  expect(await rowsWhere('bookings', 'email', email)).toEqual([]);
});

test.describe('refused by the database', () => {
  test.use({ allowedConsoleErrors: [refusedConsole(429, 500)] });

  test('the sixth booking within the hour gets the rate-limit message and keeps the values', async ({ page }) => {
    const email = uniqueEmail('sixth');
    await useUpQuota('bookings', {
      full_name: 'Early',
      phone: '+1 555 0100',
      email,
      country: 'USA',
      date: isoDay(2),
      time: '10:00',
    });
    const form = await openBooking(page);
    const values = booking(email);
    await form.fill(values);
    await form.submit();
    await expect(form.message()).toHaveText(RATE_LIMIT_MESSAGE);
    await expect(form.message()).toHaveAttribute('role', 'alert');
    expect(await form.values(LABELS)).toEqual(values);
    expect(await rowsWhere('bookings', 'email', email)).toHaveLength(5);
  });

  test('a failure the form cannot explain shows the specification’s message', async ({ page }) => {
    const form = await openBooking(page);
    await page.route(restUrl('bookings'), (route) => route.fulfill({ status: 500, json: { code: 'XX000', message: 'boom' } }));
    const values = booking(uniqueEmail('failure'));
    await form.fill(values);
    await form.submit();
    await expect(form.message()).toHaveText(BOOKING_FAILURE);
    expect(await form.values(LABELS)).toEqual(values);
  });
});

test.describe('when the network fails', () => {
  test.use({ allowedConsoleErrors: [OFFLINE_CONSOLE] });

  test('a cut connection says so and keeps every value', async ({ page }) => {
    const form = await openBooking(page);
    const email = uniqueEmail('offline');
    await page.route(restUrl('bookings'), (route) => route.abort('internetdisconnected'));
    const values = booking(email);
    await form.fill(values);
    await form.submit();
    await expect(form.message()).toHaveText(OFFLINE_MESSAGE);
    expect(await form.values(LABELS)).toEqual(values);
    expect(await rowsWhere('bookings', 'email', email)).toEqual([]);
  });

  test('a retry after a lost answer, and a double click, store one row', async ({ page }) => {
    const form = await openBooking(page);
    const email = uniqueEmail('retry');
    await page.route(restUrl('bookings'), loseAnswer, { times: 1 });
    await form.fill(booking(email));
    await form.submitButton().dblclick();
    await expect(form.message()).toHaveText(OFFLINE_MESSAGE);
    expect(await rowsWhere('bookings', 'email', email)).toHaveLength(1);
    await form.submit();
    await expect(form.message()).toHaveText(BOOKING_SUCCESS);
    expect(await rowsWhere('bookings', 'email', email)).toHaveLength(1);
  });
});

test('the booking form has no axe violations with its errors shown', async ({ page }) => {
  const form = await openBooking(page);
  await form.submit();
  await expect(form.field('Full name')).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(page, '#booking')).toEqual([]);
});
