// The home page's booking form against the built site and its backend: messages word for word,
// reset, what is stored, and every kind of bad input with the field named and nothing lost. The
// failures every form shares (limit, server, network, retry) are in failures.spec.ts.
import { BOOKING_TEXTS } from '../../support/spec-texts.ts';
import { expect, test } from '../support/fixtures.ts';
import { consultancyNow, consultancyToday } from '../../../common/domain.ts';
import { openSlot } from '../../support/open-slots.ts';
import { anonClient, uniqueEmail } from '../support/backend.ts';
import { BookingForm, INJECTION, axeViolations, isoDay, rowsWhere } from './forms.po.ts';
import { docScreenshots } from '../support/doc-screenshots.ts';

// A hydrating island and a backend round trip per test: generous on a busy shared machine.
test.describe.configure({ timeout: 150_000 });

test('a booking is stored, thanked word for word, and the fields reset', async ({ page }) => {
  const form = await BookingForm.open(page);
  const email = form.email;
  const booked = form.valid();
  await form.fill(booked);
  await form.submit();
  await expect(form.message()).toHaveText(BOOKING_TEXTS.success);
  await expect(form.message()).toHaveAttribute('role', 'status');
  expect(Object.values(await form.values(form.labels))).toEqual(['', '', '', '', '', '']);
  const rows = await rowsWhere('bookings', 'email', email);
  expect(rows).toMatchObject([
    {
      full_name: 'Amara Eze',
      country: 'Canada',
      date: booked['Date'],
      time: `${booked['Time']}:00`,
      status: 'requested',
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
    // The time is a group of choices, which offers none before a date is chosen: its error is the group's description.
    if (label !== 'Time') await expect(form.field(label)).toHaveAttribute('aria-invalid', 'true');
    await form.expectError(label, /\S/);
  }
  await expect(form.field('Time')).toContainText('Choose a date to see the open times.');
  expect(requests).toBe(0);

  // After the refusal, the arrow keys still move the choice and keep focus on the times (picking
  // one clears the time's error; the times must not be read again under the keyboard, a reviewer's finding).
  await form.fill({ Date: openSlot().date });
  const times = form.form.getByRole('radio');
  await times.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(times.nth(1)).toBeChecked();
  await expect(times.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(times.nth(2)).toBeChecked();
  await expect(times.nth(2)).toBeFocused();
});

test('a wrong email and a past date are refused with the field named and the rest kept', async ({ page }) => {
  const form = await BookingForm.open(page);
  // A past date has no open time to choose.
  const values = form.valid({ Email: 'amara@nowhere', Date: isoDay(-1), Time: '' });
  await form.fill(values);
  await form.submit();
  await form.expectError('Email', 'Please enter a valid email address, like name@example.com.');
  const today = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'Africa/Lagos' }).format(new Date());
  await form.expectError('Date', `It is already ${today} in Lagos (WAT). Please choose ${today} or a later date.`);
  await expect(form.field('Email')).toBeFocused();
  expect(await form.values(form.labels)).toEqual(values);
});

// One "today": the consultancy's, in Lagos, whatever the visitor's own zone. The browser's clock
// is pinned (its timers keep running, so the island hydrates as usual).
test.describe('a visitor in New York at 20:00 on 10 March 2027 (02:00 on 11 March in Lagos)', () => {
  test.use({ timezoneId: 'America/New_York' });
  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime(new Date('2027-03-11T01:00:00Z'));
  });

  test('is offered Lagos’s today, and told their own day is already over there', async ({ page }) => {
    const form = await BookingForm.open(page);
    await expect(form.field('Date')).toHaveAttribute('min', '2027-03-11');
    await form.fill(form.valid({ Date: '2027-03-10', Time: '' }));
    const already = 'It is already 11 Mar in Lagos (WAT). Please choose 11 Mar or a later date.';
    // Said as soon as the date is chosen, where the times would be, and again at the date on submit.
    await expect(form.field('Time')).toContainText(already);
    await form.submit();
    await form.expectError('Date', already);
  });
});

// With the real clock, which the database's slots follow: whatever the hour, one of these zones is
// on another date than Lagos (Kiritimati, UTC+14, from 11:00 in Lagos; Pago Pago, UTC-11, before 12:00).
test.describe('a visitor whose own date is not Lagos’s', () => {
  const zone = Number(consultancyNow().time.slice(0, 2)) >= 11 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
  test.use({ timezoneId: zone });

  test(`(${zone}) is offered Lagos’s today and Lagos’s times, named so, and books the Lagos time chosen`, async ({ page }) => {
    const form = await BookingForm.open(page);
    expect(await page.evaluate(() => new Date().toLocaleDateString('en-CA'))).not.toBe(consultancyToday());
    await expect(form.field('Date')).toHaveAttribute('min', consultancyToday());
    const { date } = openSlot();
    await form.fill(form.valid({ Date: date, Time: '' }));
    await expect(form.field('Time')).toHaveAccessibleName('Time (Lagos time, WAT)');
    // The consultancy's weekday slots, 9:00 to 17:00 in Lagos, not shifted to the visitor's zone.
    await expect(form.form.getByRole('radio').first()).toBeVisible();
    const offered = await form.form.getByRole('radio').evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value));
    expect(offered.length).toBeGreaterThan(10);
    expect(offered.every((time) => time >= '09:00' && time <= '17:00' && /:(00|30)$/.test(time))).toBe(true);
    const chosen = offered[0]!;
    // Keyboard: the group is one stop, the arrow keys move the choice.
    await form.time(chosen).focus();
    await page.keyboard.press('ArrowRight');
    await expect(form.time(offered[1]!)).toBeChecked();
    await page.keyboard.press('ArrowLeft');
    await expect(form.time(chosen)).toBeChecked();
    await form.submit();
    await form.expectSuccess();
    expect(await rowsWhere('bookings', 'email', form.email)).toMatchObject([{ date, time: `${chosen}:00` }]);
  });
});

test('a date past in Lagos and a date beyond the booking window each say why they have no time', async ({ page }) => {
  const form = await BookingForm.open(page);
  const plus = (days: number) => new Date(Date.parse(`${consultancyToday()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const short = (date: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  const medium = (date: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  await form.fill({ Date: plus(-3) });
  await expect(form.field('Time')).toContainText(`It is already ${short(plus(0))} in Lagos (WAT). Please choose ${short(plus(0))} or a later date.`);
  await docScreenshots(page, 'booking-form-past-date', form.form);
  // The shipped window: 60 days ahead (public.booking_rules).
  await form.fill({ Date: plus(75) });
  await expect(form.field('Time')).toContainText(`We take bookings up to 60 days ahead. Please choose a date until ${medium(plus(60))}.`);
  await expect(form.field('Time')).not.toContainText('No open times');
});

test('a Sunday says it has no open time, and the times follow the date chosen', async ({ page }) => {
  const form = await BookingForm.open(page);
  const { date } = openSlot();
  const sunday = new Date(Date.parse(`${date}T00:00:00Z`) + ((7 - new Date(`${date}T00:00:00Z`).getUTCDay()) % 7) * 86_400_000).toISOString().slice(0, 10);
  await form.fill({ Date: sunday });
  await expect(form.field('Time')).toContainText('No open times on this date. Please choose another date.');
  await form.fill({ Date: date });
  await expect(form.form.getByRole('radio').first()).toBeVisible();
  expect(await axeViolations(page, '#booking')).toEqual([]);
});

test.describe('a slot taken by others', () => {
  // The database's refusal is a 400, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  /** Books both places of `slot` through the API, as two other visitors. */
  const fill = async (slot: { date: string; time: string }) => {
    const client = await anonClient();
    for (const who of ['first', 'second']) {
      const { error } = await client.from('bookings').insert({ full_name: 'Other', phone: '+1 555 0100', email: uniqueEmail(who), country: 'UK', ...slot });
      if (error) throw error;
    }
  };

  test('is not offered once full', async ({ page }) => {
    const slot = openSlot();
    await fill(slot);
    const form = await BookingForm.open(page);
    await form.fill({ Date: slot.date });
    await expect(form.form.getByRole('radio').first()).toBeVisible();
    await expect(form.time(slot.time)).toHaveCount(0);
  });

  test('between the look-up and the submit: told at the time, everything kept, and the times read again', async ({ page }) => {
    const form = await BookingForm.open(page);
    const values = form.valid();
    await form.fill(values);
    await fill({ date: values['Date']!, time: values['Time']! });
    await form.submit();
    await form.expectError('Time', 'This time has just been fully booked. Please choose another time.');
    // One message: the precise one at the time, no general failure beside it.
    await expect(form.message()).toHaveText('');
    await expect(form.time(values['Time']!)).toHaveCount(0);
    expect(await form.field('Email').inputValue()).toBe(form.email);
    expect(await rowsWhere('bookings', 'email', form.email)).toHaveLength(0);
  });
});

test.describe('a browser whose clock is years behind', () => {
  test('finds no open time on a date already past in Lagos, and sends nothing', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2020-01-01T09:00:00Z'));
    const form = await BookingForm.open(page);
    let requests = 0;
    page.on('request', (request) => void (request.url().includes('/rest/v1/bookings') && requests++));
    const values = form.valid({ Date: '2020-01-02', Time: '' });
    await form.fill(values);
    await expect(form.field('Time')).toContainText('No open times on this date.');
    await form.submit();
    await form.expectError('Time', 'Please choose a time.');
    expect(await form.values(form.labels)).toEqual(values);
    expect(requests).toBe(0);
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
  // nothing; the second click (detail 2) is the first the button sees, and it submits. The mouse
  // reaches only what is in the viewport: the button, below the times chosen last.
  await form.submitButton().scrollIntoViewIfNeeded();
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
