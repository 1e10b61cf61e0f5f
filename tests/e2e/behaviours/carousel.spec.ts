import { expect, test } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';
import { behavioursReady, Carousel } from './widgets.po.ts';

const START = new Date('2026-01-05T09:00:00Z');
const INTERVAL_MS = 6000;

/** Opens the home page on a fake clock paused at a known instant, with the carousel hydrated. */
async function openWithFakeClock(page: Page): Promise<Carousel> {
  await page.clock.install({ time: START });
  await page.goto('/');
  // The behaviour scripts arrive through a frame and a timer: let them in before the clock stops.
  await behavioursReady(page);
  // Far enough ahead to be in the future however slow the load; the carousel, still below the
  // fold and not hydrated, has no timer yet for the jump to fire.
  await page.clock.pauseAt(new Date(START.getTime() + 60_000));
  const carousel = new Carousel(page);
  await carousel.hydrate();
  return carousel;
}

test.describe('testimonial carousel', () => {
  test('advances every 6 s and wraps from the last testimony to the first', async ({ page }) => {
    const carousel = await openWithFakeClock(page);
    // However many testimonies the content holds (editors add them), any ring of 3+ shows the wrap.
    const total = await carousel.total();
    expect(total).toBeGreaterThan(2);
    await carousel.expectShowing(1);
    await page.clock.runFor(INTERVAL_MS - 1);
    await carousel.expectShowing(1);
    await page.clock.runFor(1);
    await carousel.expectShowing(2);
    for (let position = 3; position <= total; position += 1) {
      await page.clock.runFor(INTERVAL_MS);
      await carousel.expectShowing(position);
    }
    await page.clock.runFor(INTERVAL_MS);
    await carousel.expectShowing(1);
  });

  test('changing slides never changes the height of its box', async ({ page }) => {
    const carousel = await openWithFakeClock(page);
    const heightNow = async () => (await carousel.region.boundingBox())?.height;
    const first = await heightNow();
    for (let step = 1; step < (await carousel.total()); step += 1) {
      await page.clock.runFor(INTERVAL_MS);
      await carousel.expectShowing(step + 1);
      expect(await heightNow()).toBe(first);
    }
  });

  test('previous and next buttons move it and wrap', async ({ page }) => {
    const carousel = await openWithFakeClock(page);
    await carousel.next.click();
    await carousel.expectShowing(2);
    await carousel.previous.click();
    await carousel.previous.click();
    await carousel.expectShowing(await carousel.total());
    await carousel.next.click();
    await carousel.expectShowing(1);
  });

  test('a swipe of 49 px does nothing; 51 px moves it either way', async ({ page }) => {
    const carousel = await openWithFakeClock(page);
    await carousel.swipe(-49);
    await carousel.expectShowing(1);
    await carousel.swipe(49);
    await carousel.expectShowing(1);
    await carousel.swipe(-51);
    await carousel.expectShowing(2);
    await carousel.swipe(51);
    await carousel.expectShowing(1);
  });

  test('holds still while hovered and resumes when the pointer leaves', async ({ page }) => {
    const carousel = await openWithFakeClock(page);
    await carousel.region.hover();
    await page.clock.runFor(INTERVAL_MS * 3);
    await carousel.expectShowing(1);
    await page.mouse.move(0, 0);
    await page.clock.runFor(INTERVAL_MS);
    await carousel.expectShowing(2);
  });

  test('holds still while focused; keyboard operates the buttons', async ({ page }) => {
    const carousel = await openWithFakeClock(page);
    await carousel.previous.focus();
    await page.clock.runFor(INTERVAL_MS * 3);
    await carousel.expectShowing(1);
    // Tab order: previous, pause, next.
    await page.keyboard.press('Tab');
    await expect(carousel.pause).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(carousel.next).toBeFocused();
    await page.keyboard.press('Enter');
    await carousel.expectShowing(2);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(carousel.previous).toBeFocused();
    await page.keyboard.press('Space');
    await carousel.expectShowing(1);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(INTERVAL_MS);
    await carousel.expectShowing(2);
  });

  test('the pause button stops it, and it is announced politely only when not turning by itself', async ({ page }) => {
    const carousel = await openWithFakeClock(page);
    const live = carousel.region.locator('[aria-live]');
    await expect(live).toHaveAttribute('aria-live', 'off');
    await carousel.pause.click();
    await expect(carousel.pause).toHaveAccessibleName('Play testimonials');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(0, 0);
    await expect(live).toHaveAttribute('aria-live', 'polite');
    await page.clock.runFor(INTERVAL_MS * 3);
    await carousel.expectShowing(1);
    // Only the shown testimony is exposed to assistive technology; the sizing copy is hidden.
    await expect(carousel.current).toHaveCount(1);
    await expect(carousel.region.locator('.carousel-sizer')).toHaveAttribute('aria-hidden', 'true');
  });

  test('never moves by itself under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const carousel = await openWithFakeClock(page);
    await page.clock.runFor(INTERVAL_MS * 5);
    await carousel.expectShowing(1);
    await expect(carousel.pause).toBeHidden();
    await expect(carousel.region.locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    await carousel.next.click();
    await carousel.expectShowing(2);
  });

  test('its script loads only when it comes near the viewport', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(requested.filter((url) => url.includes('TestimonialCarousel'))).toEqual([]);
    const carousel = new Carousel(page);
    await carousel.hydrate();
    expect(requested.filter((url) => url.includes('TestimonialCarousel'))).toHaveLength(1);
  });
  test('the full list is fetched only when the carousel hydrates, never with the page', async ({ page }) => {
    const listRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/data/testimonials.json')) listRequests.push(request.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(listRequests).toEqual([]);
    const carousel = new Carousel(page);
    await carousel.hydrate();
    await expect.poll(() => listRequests.length).toBe(1);
  });

  // The request this test cuts is logged by Chromium as a failed resource.
  test.describe(() => {
    test.use({ allowedConsoleErrors: [/Failed to load resource/] });

    test('a list that fails to arrive keeps the first testimony, and the next press asks again', async ({ page }) => {
      let attempts = 0;
      await page.route('**/data/testimonials.json', (route) => {
        attempts += 1;
        return attempts === 1 ? route.abort('internetdisconnected') : route.continue();
      });
      const carousel = await openWithFakeClock(page);
      await expect.poll(() => attempts).toBe(1);
      await carousel.expectShowing(1);
      await expect(carousel.current.locator('blockquote')).toBeVisible();
      await carousel.next.click();
      await carousel.expectShowing(2);
      expect(attempts).toBe(2);
    });
  });

  test('a list that answers with something other than slides keeps the first testimony shown', async ({ page }) => {
    await page.route('**/data/testimonials.json', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"not":"a list"}' }));
    const carousel = await openWithFakeClock(page);
    await carousel.next.click();
    await carousel.expectShowing(1);
    await expect(carousel.current.locator('blockquote')).toBeVisible();
    await expect(carousel.current.getByRole('img')).toBeVisible();
  });
});

test.describe('testimonial carousel without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the server render already shows the first testimony and its photo', async ({ page }) => {
    await page.goto('/');
    const carousel = new Carousel(page);
    await expect(carousel.current).toHaveAttribute('aria-label', /^1 of \d+$/);
    await expect(carousel.current.locator('blockquote')).toBeVisible();
    await expect(carousel.current.getByRole('img')).toBeVisible();
  });
});
