import { expect, test } from '../support/fixtures.ts';
import { expectHydrated, scrollThrough } from '../support/islands.ts';
import { layoutShifts, recordLayoutShifts } from '../support/layout-shifts.ts';
import { Carousel } from './widgets.po.ts';

test('the home page does not shift while it loads, hydrates and is scrolled through', async ({ page }) => {
  await recordLayoutShifts(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await scrollThrough(page);
  await expectHydrated(new Carousel(page).island);
  expect(await layoutShifts(page)).toBe(0);
});
