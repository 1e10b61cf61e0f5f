import { expect, test, type Page } from '@playwright/test';
import { GlobalControls, SiteNav } from './widgets.po.ts';

const START = new Date('2026-01-05T09:00:00Z');

/**
 * Counts every moment the loading overlay is shown, and notes when it was first shown, from before
 * the first byte of each document.
 */
async function watchOverlay(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = window as unknown as { overlayShown: number; overlayShownAt?: number };
    record.overlayShown = 0;
    new MutationObserver(() => {
      const overlay = document.querySelector<HTMLElement>('[data-loading-overlay]');
      if (overlay && !overlay.hidden) {
        record.overlayShown += 1;
        record.overlayShownAt ??= performance.now();
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden'] });
  });
}
/** How many listeners of each event type the document and the window hold (read through DevTools). */
async function listenerCounts(page: Page): Promise<Record<string, number>> {
  const cdp = await page.context().newCDPSession(page);
  const counts: Record<string, number> = {};
  for (const target of ['document', 'window']) {
    const { result } = await cdp.send('Runtime.evaluate', { expression: target });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
    for (const { type } of listeners) counts[`${target}:${type}`] = (counts[`${target}:${type}`] ?? 0) + 1;
  }
  await cdp.detach();
  return counts;
}

const timesShown = (page: Page) => page.evaluate(() => (window as unknown as { overlayShown: number }).overlayShown);

test.describe('client-side route changes', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the overlay never covers a first paint', async ({ page }) => {
    await watchOverlay(page);
    for (const path of ['/', '/about', '/profile']) {
      await page.goto(path);
      await page.waitForLoadState('load');
      expect(await timesShown(page), path).toBe(0);
      await expect(new GlobalControls(page).overlay).toBeHidden();
    }
  });

  test('the overlay shows on navigation for the configured 1000 ms', async ({ page }) => {
    await page.clock.install({ time: START });
    await page.goto('/');
    await page.clock.pauseAt(new Date(START.getTime() + 60_000));
    const overlay = new GlobalControls(page).overlay;
    await new SiteNav(page).menu.getByRole('link', { name: 'About', exact: true }).click();
    await expect(overlay).toBeVisible();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
    await page.clock.runFor(999);
    await expect(overlay).toBeVisible();
    await page.clock.runFor(1);
    await expect(overlay).toBeHidden();
  });

  test('no overlay under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await watchOverlay(page);
    await page.goto('/');
    await new SiteNav(page).menu.getByRole('link', { name: 'Services', exact: true }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await timesShown(page)).toBe(0);
  });

  test('each route change starts at the top of the new page', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.scrollTo({ top: 2000, behavior: 'instant' }));
    await new SiteNav(page).menu.getByRole('link', { name: 'List of Visa', exact: true }).click();
    await expect(page).toHaveURL(/\/visa$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('behaviours keep working after navigating away and back, once each', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const before = await listenerCounts(page);
    const nav = new SiteNav(page);
    await nav.menu.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await nav.menu.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('[data-loading-overlay]')).toBeHidden();
    await page.waitForLoadState('networkidle');
    // No script added a second copy of its document or window listeners.
    expect(await listenerCounts(page)).toEqual(before);

    // The scroll-to-top button still follows the threshold on the swapped-in page.
    const controls = new GlobalControls(page);
    await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
    await expect(controls.scrollTop).toBeVisible();

    // One click on a video overlay starts exactly one play (no duplicated listeners).
    const video = page.locator('[data-video] video').first();
    await video.evaluate((element: HTMLVideoElement) => {
      const counter = element as HTMLVideoElement & { plays?: number };
      counter.plays = 0;
      element.addEventListener('play', () => (counter.plays = (counter.plays ?? 0) + 1));
    });
    await page.locator('[data-video-overlay]').first().click();
    await expect
      .poll(() => video.evaluate((element) => (element as HTMLVideoElement & { plays?: number }).plays))
      .toBe(1);
  });
});

test.describe('auth-gated pages', () => {
  test('the overlay shows after first paint while auth is unknown, and hides once it resolves', async ({ page }) => {
    // Hold the supabase-js download so the auth state stays unknown until the test lets it go.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/supabase[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await watchOverlay(page);
    await page.goto('/profile');
    const overlay = new GlobalControls(page).overlay;
    await expect(overlay).toBeVisible();
    const { shownAt, firstPaint } = await page.evaluate(() => ({
      shownAt: (window as unknown as { overlayShownAt: number }).overlayShownAt,
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY,
    }));
    expect(shownAt).toBeGreaterThan(firstPaint);
    release();
    await expect(overlay).toBeHidden();
  });

  test('pages without the gate never download supabase-js', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto('/about');
    await page.waitForLoadState('networkidle');
    expect(requested.filter((url) => /supabase/.test(url))).toEqual([]);
  });
});
