// Islands that hydrate when visible, and scrolling a page the way a reader does to reach them.
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until Astro has hydrated `island` (it removes the `ssr` attribute then). Hydration downloads
 * React and the island's chunk, so a slow, shared CI machine gets more than the default 5 s.
 */
export const expectHydrated = (island: Locator) =>
  expect(island).not.toHaveAttribute('ssr', /.*/, { timeout: 15_000 });

/** Waits until the browser has painted twice, so observers have seen the current scroll position. */
const nextPaint = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/**
 * Scrolls from top to bottom one screen at a time, letting each position be painted (an
 * IntersectionObserver never sees a position the browser skipped), then brings every
 * `client:visible` island into view on its own and waits until it has hydrated, so a busy machine
 * that dropped frames while scrolling cannot skip one.
 */
export async function scrollThrough(page: Page): Promise<void> {
  const screens = await page.evaluate(() => Math.ceil(document.body.scrollHeight / window.innerHeight));
  for (let screen = 1; screen <= screens; screen += 1) {
    await page.evaluate((n) => window.scrollTo({ top: n * window.innerHeight, behavior: 'instant' }), screen);
    await nextPaint(page);
  }
  for (const island of await page.locator('astro-island[client="visible"]').all()) {
    await island.scrollIntoViewIfNeeded();
    await expectHydrated(island);
  }
  await page.waitForLoadState('networkidle');
}
