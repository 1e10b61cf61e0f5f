import { expect, test } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';
import { behavioursReady, GlobalControls } from './widgets.po.ts';

const scrollToY = (page: Page, y: number) =>
  page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test.describe('scroll-to-top button', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await behavioursReady(page);
  });

  test('appears only after more than 200 px of scroll', async ({ page }) => {
    const controls = new GlobalControls(page);
    await expect(controls.scrollTop).toBeHidden();
    await scrollToY(page, 200);
    await expect(controls.scrollTop).toBeHidden();
    await scrollToY(page, 201);
    await expect(controls.scrollTop).toBeVisible();
    await scrollToY(page, 150);
    await expect(controls.scrollTop).toBeHidden();
  });

  test('takes the page back to the top, by mouse or keyboard', async ({ page }) => {
    const controls = new GlobalControls(page);
    await scrollToY(page, 1500);
    await controls.scrollTop.click();
    await expect.poll(() => scrollY(page)).toBe(0);
    await scrollToY(page, 1500);
    await controls.scrollTop.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => scrollY(page)).toBe(0);
    await expect(controls.scrollTop).toBeHidden();
  });

  test('is not focusable while hidden', async ({ page }) => {
    const controls = new GlobalControls(page);
    await controls.messageLink.focus();
    await page.keyboard.press('Shift+Tab');
    await expect(controls.scrollTop).not.toBeFocused();
  });
});

test('the fixed message icon links to /contact on every page', async ({ page }) => {
  for (const path of ['/', '/about', '/visa']) {
    await page.goto(path);
    const link = new GlobalControls(page).messageLink;
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', '/contact');
  }
});

test.describe('scroll animations', () => {
  /** The last element marked for reveal, which starts below the fold. */
  const belowFold = (page: Page) => page.locator('main [data-reveal]').last();

  test('reveal below-the-fold content over 1000 ms as it scrolls into view', async ({ page }) => {
    await page.goto('/');
    await behavioursReady(page);
    await expect(page.locator('html')).toHaveClass(/reveal-ready/);
    const target = belowFold(page);
    await expect(target).toHaveCSS('opacity', '0');
    await expect(target).toHaveCSS('transition-duration', '1s, 1s');
    await target.scrollIntoViewIfNeeded();
    await expect(target).toHaveClass(/is-revealed/);
    await expect(target).toHaveCSS('opacity', '1');
  });

  test('content visible at load is never hidden', async ({ page }) => {
    await page.goto('/');
    await behavioursReady(page);
    const first = page.locator('main [data-reveal]').first();
    if (await first.evaluate((element) => element.getBoundingClientRect().top < window.innerHeight)) {
      await expect(first).toHaveCSS('opacity', '1');
    }
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('nothing is hidden or animated under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await behavioursReady(page);
    await expect(page.locator('html')).not.toHaveClass(/reveal-ready/);
    await expect(belowFold(page)).toHaveCSS('opacity', '1');
  });

  // The request this test cuts is logged by Chromium as a failed resource.
  test.describe(() => {
    test.use({ allowedConsoleErrors: [/Failed to load resource/] });

    test('nothing is hidden when scripts fail to load', async ({ page }) => {
      await page.route('**/*.js', (route) => route.abort());
      await page.goto('/');
      for (const element of await page.locator('[data-reveal]').all()) await expect(element).toHaveCSS('opacity', '1');
    });
  });
});
