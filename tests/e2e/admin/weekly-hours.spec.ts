// The office hours are one value (public.opening_hours): staff change them once, in /admin, and both
// what visitors read (the footer, /contact) and the times the booking form offers follow, without a
// developer or a rebuild. Saturday is changed here (the other journeys book weekdays only), and put
// back at the end.
import { consultancyToday } from '../../../common/domain.ts';
import { SEEDED_ADMIN } from '../support/backend.ts';
import { BookingForm } from '../forms/forms.po.ts';
import { AdminPage, axeViolations, expect, signIn } from './admin.po.ts';
import { test } from '../support/fixtures.ts';
import type { Locator } from '@playwright/test';

// One after the other: both read the shared hours, which the first changes and puts back.
test.describe.configure({ mode: 'serial', timeout: 150_000 });

const SHIPPED = 'Monday to Friday 9:00 to 17:30, Saturday 10:00 to 14:00 (WAT)';
const CHANGED = 'Monday to Friday 9:00 to 17:30, Saturday 10:00 to 13:00 (WAT)';

/** A Saturday 7 to 13 days after Lagos's today, YYYY-MM-DD. */
function nextSaturday(): string {
  const today = Date.parse(`${consultancyToday()}T00:00:00Z`);
  for (let n = 7; ; n += 1) {
    const day = new Date(today + n * 86_400_000);
    if (day.getUTCDay() === 6) return day.toISOString().slice(0, 10);
  }
}

async function setSaturdayCloses(panel: Locator, closes: string, sentence: string) {
  const saturday = panel.getByRole('group', { name: 'Saturday' });
  await saturday.getByLabel('Closes').fill(closes);
  await expect(panel.getByText('Visitors read:')).toContainText(sentence);
  await panel.getByRole('button', { name: 'Save weekly hours' }).click();
  await expect(panel.getByRole('status')).toHaveText('Weekly hours saved: the booking form and the pages show them now.');
}

test('an admin changes the hours once: the footer, /contact and the booking form all follow', async ({ page }) => {
  const saturday = nextSaturday();
  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  const admin = new AdminPage(page);
  await admin.open();
  const bookings = await admin.openSection('Bookings');
  const panel = bookings.getByRole('region', { name: 'Weekly hours' });
  await expect(panel.getByText('Visitors read:')).toContainText(SHIPPED);
  expect(await axeViolations(page, '#bookings')).toEqual([]);

  const visitor = await page.context().newPage();
  try {
    const before = await BookingForm.open(visitor);
    await expect(visitor.locator('footer [data-office-hours]')).toHaveText(SHIPPED);
    await before.fill({ Date: saturday });
    await expect(before.time('13:30')).toBeVisible();

    await setSaturdayCloses(panel, '13:00', CHANGED);

    await visitor.reload();
    const after = await BookingForm.open(visitor);
    await expect(visitor.locator('footer [data-office-hours]')).toHaveText(CHANGED);
    await after.fill({ Date: saturday });
    await expect(after.time('12:30')).toBeVisible();
    await expect(after.time('13:00')).toHaveCount(0);
    await expect(after.time('13:30')).toHaveCount(0);
    await visitor.goto('/contact');
    await expect(visitor.getByText(CHANGED).first()).toBeVisible();
  } finally {
    await setSaturdayCloses(panel, '14:00', SHIPPED);
  }
});

test('a day that closes before it opens is refused at its fields, and nothing is saved', async ({ page }) => {
  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  const admin = new AdminPage(page);
  await admin.open();
  const bookings = await admin.openSection('Bookings');
  const panel = bookings.getByRole('region', { name: 'Weekly hours' });
  const monday = panel.getByRole('group', { name: 'Monday' });
  await monday.getByLabel('Closes').fill('08:00');
  await panel.getByRole('button', { name: 'Save weekly hours' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Please correct the hours of Monday.');
  await expect(monday.getByLabel('Opens')).toBeFocused();
  await expect(monday.getByLabel('Closes')).toHaveAccessibleDescription('Closing time must be after opening time.');
  await admin.open();
  const again = (await admin.openSection('Bookings')).getByRole('region', { name: 'Weekly hours' });
  await expect(again.getByText('Visitors read:')).toContainText(SHIPPED);
});
