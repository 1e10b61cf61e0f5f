import { expect, test } from '../support/fixtures.ts';
import { expectHydrated, scrollThrough } from '../support/islands.ts';
import { Carousel } from './widgets.po.ts';

test('the home page does not shift while it loads, hydrates and is scrolled through', async ({ page }) => {
  await page.addInitScript(() => {
    const record = window as unknown as { shifts: number };
    record.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) record.shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await scrollThrough(page);
  await expectHydrated(new Carousel(page).island);
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
});
