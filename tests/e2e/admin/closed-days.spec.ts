// Staff close a day (a holiday known days ahead) in /admin's bookings section, without a developer:
// the home page's booking form then offers no time on it; opening it again brings the times back.
import { consultancyToday } from '../../../common/domain.ts';
import { SEEDED_ADMIN, serviceClient } from '../support/backend.ts';
import { BookingForm } from '../forms/forms.po.ts';
import { closableWeekday } from '../../support/open-slots.ts';
import { AdminPage, axeViolations, expect, signIn } from './admin.po.ts';
import { test } from '../support/fixtures.ts';

test.describe.configure({ timeout: 150_000 });

test('an admin closes a day for Eid: the booking form offers nothing on it; opened again, it does', async ({ page }) => {
  const date = closableWeekday(0);
  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  const admin = new AdminPage(page);
  await admin.open();
  const bookings = await admin.openSection('Bookings');
  const panel = bookings.getByRole('region', { name: 'Closed days' });
  const form = panel.getByRole('form', { name: 'Add a closed day' });
  await form.getByLabel('Closed day', { exact: true }).fill(date);
  await form.getByLabel('Reason', { exact: true }).fill('Eid al-Fitr');
  await form.getByRole('button', { name: 'Add closed day' }).click();
  await expect(form.getByRole('status')).toHaveText('Closed day added: no consultation can be booked on it.');
  const entry = panel.getByRole('listitem').filter({ has: page.locator(`time[datetime="${date}"]`) });
  await expect(entry).toContainText('Eid al-Fitr');
  expect(await axeViolations(page, '#bookings')).toEqual([]);

  const visitor = await page.context().newPage();
  const booking = await BookingForm.open(visitor);
  await booking.fill({ Date: date });
  await expect(booking.field('Time')).toContainText('No open times on this date. Please choose another date.');

  await entry.getByRole('button', { name: /^Open again/ }).click();
  await expect(entry).toHaveCount(0);
  await visitor.reload();
  const again = await BookingForm.open(visitor);
  await again.fill({ Date: date });
  await expect(again.form.getByRole('radio').first()).toBeVisible();
});

test.describe('a day out of reach', () => {
  // The refusal's 400 from the database, which the browser logs as a failed resource.
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 400/] });

  test('a day beyond the booking window is refused where it was typed; a stored day no browser can write breaks only its own line', async ({ page }) => {
    // Stored by the operator before the database refused such days (the service key is not judged).
    const service = await serviceClient();
    const odd = { date: '10000-01-01', reason: 'Typo of the year' };
    expect((await service.from('closed_dates').insert(odd)).error).toBeNull();
    try {
      const date = closableWeekday(2);
      expect((await service.from('closed_dates').insert({ date, reason: 'Staff training' })).error).toBeNull();
      await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
      const admin = new AdminPage(page);
      await admin.open();
      const bookings = await admin.openSection('Bookings');
      const panel = bookings.getByRole('region', { name: 'Closed days' });
      await expect(panel.getByRole('listitem').filter({ has: page.locator(`time[datetime="${date}"]`) })).toContainText('Staff training');
      await expect(panel.getByRole('listitem').filter({ has: page.locator('time[datetime="10000-01-01"]') })).toContainText('10000-01-01: Typo of the year');

      const far = new Date(Date.parse(`${consultancyToday()}T00:00:00Z`) + 200 * 86_400_000).toISOString().slice(0, 10);
      const form = panel.getByRole('form', { name: 'Add a closed day' });
      await form.getByLabel('Closed day', { exact: true }).fill(far);
      await form.getByLabel('Reason', { exact: true }).fill('Far away');
      await form.getByRole('button', { name: 'Add closed day' }).click();
      await expect(form.getByLabel('Closed day', { exact: true })).toHaveAccessibleDescription(/Choose a date from today to 60 days ahead: only those days can be booked\./);
      await expect(panel.locator(`time[datetime="${far}"]`)).toHaveCount(0);
      await service.from('closed_dates').delete().eq('date', date);
    } finally {
      await service.from('closed_dates').delete().eq('date', odd.date);
    }
  });
});
