// What staff and visitors met when they tried the workspace and the booking form: the
// specification's "applications and users sections toggle open and closed" (on the overview, each
// a disclosure opening its list in place, the workspace still one part per list); an application's
// case reachable from its name and reference at 1,350 px, without scrolling the table sideways;
// toasts that do not pile up at 412 px; and, on a phone, the floating buttons out of the way of
// the booking form's times. Screenshots of the changed screens go to docs/images/.
import type { Page } from '@playwright/test';
import { SEEDED_ADMIN } from '../support/backend.ts';
import { test } from '../support/fixtures.ts';
import { BookingForm } from '../forms/forms.po.ts';
import { AdminPage, axeViolations, expect, seedApplications, signIn, uniqueTag } from './admin.po.ts';

test.describe.configure({ timeout: 150_000 });

const shot = (page: Page, name: string) => page.screenshot({ path: `docs/images/${name}.png` });

for (const width of [412, 1350]) {
  test(`at ${width} px the overview's applications and users open and close in place, announced by aria-expanded`, async ({ page }) => {
    const tag = uniqueTag('ov');
    await seedApplications(tag, 2);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    const admin = new AdminPage(page);
    await admin.open();
    for (const title of ['Visa applications', 'Users']) {
      const toggle = page.getByRole('heading', { name: title, exact: true }).getByRole('button', { name: title });
      const region = page.getByRole('region', { name: title, exact: true });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(region).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(region.getByRole('table').locator('tbody tr').first()).toBeVisible();
      // Still the overview: the navigation has not moved to the list's own part.
      await expect(admin.navigation().getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
      if (title === 'Visa applications') {
        expect(await axeViolations(page, '.admin-main')).toEqual([]);
        await toggle.evaluate((element) => element.scrollIntoView({ block: 'start' }));
        await page.evaluate(() => window.scrollBy(0, -90));
        await shot(page, `admin-overview-applications-open-${width}`);
      }
      // The keyboard closes it again.
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(region).toBeHidden();
    }
  });
}

test('at 1,350 px an application opens from its name and its reference, both in view without a sideways scroll', async ({ page }) => {
  const tag = uniqueTag('reach');
  await seedApplications(tag, 1);
  await page.setViewportSize({ width: 1350, height: 900 });
  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  const admin = new AdminPage(page);
  await admin.open();
  await admin.search('Visa applications', tag);
  const row = admin.rows('Visa applications').first();
  const scroller = admin.section('Visa applications').locator('.admin-table__scroll');
  const visible = (await scroller.boundingBox())!;
  for (const column of ['name', 'reference']) {
    const link = row.locator(`td[data-column="${column}"] a`);
    const box = (await link.boundingBox())!;
    expect(box.x + box.width, column).toBeLessThanOrEqual(visible.x + visible.width);
  }
  expect(await scroller.evaluate((element) => element.scrollLeft)).toBe(0);
  await shot(page, 'admin-applications-links-1350');
  const name = (await row.locator('td[data-column="name"] a').textContent())!;
  await row.locator('td[data-column="name"] a').click();
  await expect(admin.caseView(name)).toBeVisible();
});

test('at 412 px staff toasts do not pile up: one on screen, the newest', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 900 });
  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  const admin = new AdminPage(page);
  await admin.open();
  const section = await admin.openSection('Newsletter subscribers');
  for (let i = 0; i < 3; i += 1) {
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Export CSV' }).click();
    await download;
  }
  await expect(page.locator('.admin-toast')).toHaveCount(1);
  await expect(page.locator('.admin-toast')).toBeVisible();
  // Clear of the floating message button.
  const toast = (await page.locator('.admin-toast').boundingBox())!;
  const button = (await page.locator('.floating-actions .message-link').boundingBox())!;
  expect(toast.x + toast.width).toBeLessThanOrEqual(button.x);
  await shot(page, 'admin-toasts-412');
});

test('on a phone the floating buttons step aside while a form is on screen, so no time is covered, focused or not', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 915 });
  const form = await BookingForm.open(page);
  const floating = page.locator('.floating-actions .message-link');
  const values = form.valid();
  await form.field('Date').fill(values['Date']!);
  await expect(form.form.getByRole('radio').first()).toBeVisible();
  await expect(floating).toBeHidden();
  // Above the form, with nothing on screen to cover, the buttons are back.
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await expect(floating).toBeVisible();
  // Every time is where a tap reaches it, with nothing focused (a visitor scrolling back to the
  // times): nothing is drawn over it.
  for (const option of await form.form.locator('label.slot-picker__option').all()) {
    await option.scrollIntoViewIfNeeded();
    const box = (await option.boundingBox())!;
    const hit = await page.evaluate(([x, y]) => {
      const element = document.elementFromPoint(x!, y!);
      return element === null ? 'nothing' : element.closest('.floating-actions') ? 'a floating button' : element.closest('label.slot-picker__option') ? 'the time' : element.tagName;
    }, [box.x + box.width - 4, box.y + box.height / 2]);
    expect(hit).toBe('the time');
  }
  await shot(page, 'booking-times-412');
});
