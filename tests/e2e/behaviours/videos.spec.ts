import { expect as baseExpect, test } from '../support/fixtures.ts';
import type { Locator } from '@playwright/test';
import { behavioursReady } from './widgets.po.ts';
import { content } from '../support/content.ts';

// A video starts only after its file arrives and its first frame is decoded. In a CI run with both
// cores busy, finding the new <video> alone took 2.5 s of the default 5 s, and a keyboard test
// failed waiting for playback that came later. These waits are for media, not for our code.
const expect = baseExpect.configure({ timeout: 15_000 });

const isPaused = (video: Locator) => video.evaluate((element: HTMLVideoElement) => element.paused);

test.describe('testimony videos', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await behavioursReady(page);
  });

  test('load nothing up front: a lazy still and a play button, no video until it is asked for', async ({ page }) => {
    const figures = page.locator('[data-video]');
    await expect(figures).toHaveCount(content.videos.length);
    for (const figure of await figures.all()) {
      await expect(figure.locator('video')).toHaveCount(0);
      await expect(figure.locator('img')).toHaveAttribute('loading', 'lazy');
      await expect(figure.locator('img')).toHaveAttribute('src', /\.webp$/);
      await expect(figure.getByRole('button', { name: /^Play the video testimony from / })).toBeVisible();
    }
    // Nothing of a video file was requested by the page.
    const videoRequests = await page.evaluate(() =>
      performance.getEntriesByType('resource').filter((entry) => /\.(mp4|webm)$/.test(new URL(entry.name).pathname)),
    );
    expect(videoRequests).toHaveLength(0);
  });

  test('pressing play puts a labelled video with controls in the frame, once', async ({ page }) => {
    const figure = page.locator('[data-video]').first();
    const overlay = figure.getByRole('button', { name: /^Play the video testimony from / });
    await overlay.scrollIntoViewIfNeeded();
    await overlay.click();
    const video = figure.locator('video');
    await expect(video).toHaveCount(1);
    await expect(video).toHaveAttribute('controls', '');
    await expect(video).toHaveAttribute('src', /^\/videos\/.+\.mp4$/);
    await expect(video).toHaveAccessibleName(/^Video testimony from /);
    await expect.poll(() => isPaused(video)).toBe(false);
    await video.evaluate((element: HTMLVideoElement) => element.pause());
    await overlay.click();
    await expect(figure.locator('video')).toHaveCount(1);
  });

  test('the overlay hides while a video plays and returns on pause and on end', async ({ page }) => {
    const figure = page.locator('[data-video]').first();
    const overlay = figure.getByRole('button', { name: /^Play the video testimony from / });
    const video = figure.locator('video');
    await overlay.scrollIntoViewIfNeeded();
    await overlay.click();
    await expect.poll(() => isPaused(video)).toBe(false);
    await expect(overlay).toBeHidden();

    await video.evaluate((element: HTMLVideoElement) => element.pause());
    await expect(overlay).toBeVisible();
    // Once played, a pause shows the paused frame under the play button, not the still.
    await expect(figure.locator('img')).toBeHidden();

    await overlay.click();
    await expect(overlay).toBeHidden();
    await video.evaluate((element: HTMLVideoElement) => {
      element.currentTime = Math.max(0, element.duration - 0.2);
    });
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.ended)).toBe(true);
    await expect(overlay).toBeVisible();
  });

  test('by keyboard: Enter on the overlay plays, focus moves to the video and back on pause', async ({ page }) => {
    const figure = page.locator('[data-video]').nth(1);
    const overlay = figure.getByRole('button', { name: /^Play the video testimony from / });
    const video = figure.locator('video');
    await overlay.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => isPaused(video)).toBe(false);
    await expect(video).toBeFocused();
    await video.evaluate((element: HTMLVideoElement) => element.pause());
    await expect(overlay).toBeFocused();
  });

  // The request this test cuts is logged by Chromium as a failed resource.
  test.describe(() => {
    test.use({ allowedConsoleErrors: [/Failed to load resource/] });

    test('a video that cannot load gives back the still and the play button, and the next press asks again', async ({ page }) => {
      const figure = page.locator('[data-video]').first();
      const overlay = figure.getByRole('button', { name: /^Play the video testimony from / });
      const VIDEO_FILE = /\/videos\/[^/]+\.mp4$/;
      await page.route(VIDEO_FILE, (route) => route.abort('internetdisconnected'));
      await overlay.scrollIntoViewIfNeeded();
      await overlay.click();
      await expect(figure.locator('video')).toHaveCount(0);
      await expect(overlay).toBeVisible();
      await expect(figure.locator('img')).toBeVisible();
      // Back online, the same button plays.
      await page.unroute(VIDEO_FILE);
      await overlay.click();
      await expect.poll(() => isPaused(figure.locator('video'))).toBe(false);
      await expect(overlay).toBeHidden();
    });
  });

  test('starting one video pauses the other', async ({ page }) => {
    const [first, second] = await page.locator('[data-video]').all();
    if (!first || !second) throw new Error('Two testimony videos are expected.');
    await first.getByRole('button').click();
    await expect.poll(() => isPaused(first.locator('video'))).toBe(false);
    await second.getByRole('button').click();
    await expect.poll(() => isPaused(second.locator('video'))).toBe(false);
    await expect.poll(() => isPaused(first.locator('video'))).toBe(true);
  });
});
