import { expect, test } from '@playwright/test';

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
  const screens = await page.evaluate(() => Math.ceil(document.body.scrollHeight / window.innerHeight));
  for (let screen = 1; screen <= screens; screen += 1) {
    await page.evaluate((n) => window.scrollTo({ top: n * window.innerHeight, behavior: 'instant' }), screen);
    await page.waitForLoadState('networkidle');
  }
  await expect(page.locator('astro-island[component-url*="TestimonialCarousel"]')).not.toHaveAttribute('ssr', /.*/);
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
});
