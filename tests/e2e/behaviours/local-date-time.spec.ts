import { expect, test } from '../support/fixtures.ts';
import { behavioursReady } from './widgets.po.ts';

const NOW = new Date('2026-03-14T15:09:00Z');

test.describe('service page date-time stamps', () => {
  test.use({ locale: 'de-DE', timezoneId: 'Asia/Tokyo' });

  test("show the current date and time in the visitor's locale and time zone", async ({ page }) => {
    await page.clock.setFixedTime(NOW);
    await page.goto('/service-details/consultancy');
    const stamps = page.locator('time[data-local-now]');
    expect(await stamps.count()).toBeGreaterThan(0);
    const expected = new Intl.DateTimeFormat('de-DE', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Tokyo',
    }).format(NOW);
    for (const stamp of await stamps.all()) {
      await expect(stamp).toHaveText(expected);
      await expect(stamp).toHaveAttribute('datetime', NOW.toISOString());
    }
  });

  test('move on at the next minute', async ({ page }) => {
    const format = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' });
    await page.clock.install({ time: NOW });
    await page.goto('/service-details/consultancy');
    // The stamps' script arrives after the page has painted, through a frame and a timer: let it in
    // before the clock is paused, or it waits on a paused clock.
    await behavioursReady(page);
    // Half a minute in: the stamp still reads 15:09 UTC's minute, and the next minute is 30 s away.
    await page.clock.pauseAt(new Date(NOW.getTime() + 30_000));
    const stamp = page.locator('time[data-local-now]').first();
    await expect(stamp).toHaveText(format.format(NOW));
    await page.clock.runFor(30_000);
    await expect(stamp).toHaveText(format.format(new Date(NOW.getTime() + 60_000)));
  });
});

test.describe('service page stamps without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('read "Today" rather than a stale build-time clock', async ({ page }) => {
    await page.goto('/service-details/consultancy');
    await expect(page.locator('time[data-local-now]').first()).toHaveText('Today');
  });
});
