// Moving between pages. There is no client-side router: every page is its own document, so these
// tests hold what the router used to give: the 1-second loading overlay on each path change (from
// the new page's first frame, never on a first visit), the new page starting at the top, and the
// behaviour scripts working on every page.
import { expect, test } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';
import { behavioursReady, GlobalControls, SiteNav } from './widgets.po.ts';
import { SUPABASE_STORAGE_KEY } from '../../../src/lib/stored-session.ts';

interface OverlayRecord {
  /** performance.now() of this document when the overlay element was parsed. */
  parsedAt?: number;
  /** performance.now() of this document when the overlay was first seen shown, and hidden again. */
  shownAt?: number;
  hiddenAt?: number;
  /**
   * When a timer due at 1005 ms, set as the overlay was first seen shown, actually fired: on a busy
   * machine every timer runs late, the page's own included, and this says how late.
   */
  laterTimerFiredAt?: number;
  /** How many times it was seen shown. */
  shown: number;
}

/** Records, in every document from before its first byte, when the loading overlay is shown and hidden. */
async function watchOverlay(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record: OverlayRecord = { shown: 0 };
    (window as unknown as { overlay: OverlayRecord }).overlay = record;
    let wasShown = false;
    new MutationObserver(() => {
      const overlay = document.querySelector<HTMLElement>('[data-loading-overlay]');
      if (overlay) record.parsedAt ??= performance.now();
      const shownNow = overlay !== null && !overlay.hidden;
      if (shownNow && !wasShown) {
        record.shown += 1;
        record.shownAt ??= performance.now();
        if (record.shown === 1) setTimeout(() => (record.laterTimerFiredAt = performance.now()), Math.max(0, 1005 - performance.now()));
      }
      if (!shownNow && wasShown) record.hiddenAt ??= performance.now();
      wasShown = shownNow;
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden'] });
  });
}

const overlayRecord = (page: Page) =>
  page.evaluate(() => ({
    ...(window as unknown as { overlay: OverlayRecord }).overlay,
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY,
  }));

test.describe('moving between pages', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a first visit, a reload or an arrival from another site never shows the overlay', async ({ page, baseURL }) => {
    await watchOverlay(page);
    for (const path of ['/', '/about', '/visa']) {
      await page.goto(path);
      await page.waitForLoadState('load');
      expect((await overlayRecord(page)).shown, path).toBe(0);
      await expect(new GlobalControls(page).overlay).toBeHidden();
    }
    await page.reload();
    expect((await overlayRecord(page)).shown, 'reload').toBe(0);
    // A page of another site that links here.
    await page.route('https://elsewhere.example/', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<a href="${baseURL}/services">Visa help</a>` }),
    );
    await page.goto('https://elsewhere.example/');
    await page.getByRole('link', { name: 'Visa help' }).click();
    await expect(page).toHaveURL(/\/services$/);
    await page.waitForLoadState('load');
    expect((await overlayRecord(page)).shown, 'from another site').toBe(0);
  });

  test('the overlay covers the page being left from the click, while the next page is on its way', async ({ page }) => {
    // The page being left reports the overlay on the console: while a navigation is pending the test
    // cannot evaluate in it or query it.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const overlay = document.querySelector<HTMLElement>('[data-loading-overlay]');
        if (overlay && !overlay.hidden) console.info(`overlay shown on ${location.pathname}`);
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['hidden'] });
    });
    await page.goto('/');
    // Without the speculation rules, the browser does not prefetch /about on pointerdown (a prefetch
    // is not routed through the test), so the click's own request is the one held below.
    await page.evaluate(() => document.querySelector('script[type="speculationrules"]')?.remove());
    // Hold the next page's response so the test sees the wait.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/about$/, async (route) => {
      await held;
      await route.continue();
    });
    const shownOnOldPage = page.waitForEvent('console', (message) => message.text() === 'overlay shown on /');
    await new SiteNav(page).menu.getByRole('link', { name: 'About', exact: true }).click({ noWaitAfter: true });
    await shownOnOldPage;
    release();
    await expect(page).toHaveURL(/\/about$/);
    await expect(new GlobalControls(page).overlay).toBeHidden();
  });

  test('the overlay covers the new page from its first paint until 1000 ms after the click', async ({ page }) => {
    await watchOverlay(page);
    await page.goto('/');
    await new SiteNav(page).menu.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    // The URL changes when the new document commits, before its overlay is parsed and shown (the
    // inline script right after it): until then "hidden" holds only because there is no overlay yet.
    // Once the document is parsed, the overlay is shown if it is to be, and hidden means over.
    await page.waitForLoadState('domcontentloaded');
    const overlay = new GlobalControls(page).overlay;
    await expect(overlay).toBeHidden();
    const record = await overlayRecord(page);
    if (record.parsedAt! >= 1000) {
      // The new page arrived after the second was over (a very busy machine): the page being left
      // covered the whole second, and this one must not add to it.
      expect(record.shown).toBe(0);
      return;
    }
    expect(record.shown).toBe(1);
    // Shown before anything of the new page was painted...
    expect(record.shownAt).toBeLessThanOrEqual(record.firstPaint);
    // ...and hidden 1000 ms after the navigation started (this document's time origin), not before,
    // and soon after: within 1600 ms, or within 100 ms of a timer due at 1005 ms when the machine
    // ran every timer late. (The fixed 1600 ms bound alone failed in CI: with both cores busy, the
    // overlay's timer fired at 2,068 ms. The 100 ms cover timers of one moment running in either
    // order and the browser's coarsened clock.)
    expect(record.hiddenAt).toBeGreaterThanOrEqual(1000);
    expect(record.hiddenAt).toBeLessThan(Math.max(1600, record.laterTimerFiredAt! + 100));
  });

  test('an in-page link (#fragment) is not a path change', async ({ page }) => {
    await watchOverlay(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'Skip to content' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    expect((await overlayRecord(page)).shown).toBe(0);
  });

  test('no overlay under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await watchOverlay(page);
    await page.goto('/');
    await new SiteNav(page).menu.getByRole('link', { name: 'Services', exact: true }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect((await overlayRecord(page)).shown).toBe(0);
  });

  test('each path change starts at the top of the new page', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.scrollTo({ top: 2000, behavior: 'instant' }));
    await new SiteNav(page).menu.getByRole('link', { name: 'List of Visa', exact: true }).click();
    await expect(page).toHaveURL(/\/visa$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('behaviours work on a page reached by navigation, once each', async ({ page }) => {
    await page.goto('/about');
    const nav = new SiteNav(page);
    await nav.menu.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('[data-loading-overlay]')).toBeHidden();
    await behavioursReady(page);
    await expect(page.locator('html')).toHaveClass(/reveal-ready/);

    const controls = new GlobalControls(page);
    await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
    await expect(controls.scrollTop).toBeVisible();

    // One click on a video overlay adds one video and starts exactly one play (no duplicated listeners).
    await page.evaluate(() => {
      const counter = window as Window & { plays?: number };
      counter.plays = 0;
      document.addEventListener('play', () => (counter.plays = (counter.plays ?? 0) + 1), true);
    });
    await page.locator('[data-video-overlay]').first().click();
    await expect.poll(() => page.evaluate(() => (window as Window & { plays?: number }).plays)).toBe(1);
    await expect(page.locator('[data-video] video')).toHaveCount(1);
  });

  test('behaviour scripts are requested only after the page has loaded', async ({ page }) => {
    const requests: { url: string; afterLoad: boolean }[] = [];
    let loaded = false;
    page.on('load', () => (loaded = true));
    page.on('request', (request) => {
      if (request.resourceType() === 'script') requests.push({ url: request.url(), afterLoad: loaded });
    });
    await page.goto('/about');
    await behavioursReady(page);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((request) => !request.afterLoad)).toEqual([]);
  });
});

test.describe('auth-gated pages', () => {
  // The stored session is a made-up one: the backend refuses its refresh token (400), as it should.
  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 400/] });

    test('the overlay shows after first paint while auth is unknown, and hides once it resolves', async ({ page }) => {
      // A session stored in this browser (long expired) makes the visitor's state unknown until
      // supabase-js has checked it. Hold the supabase-js chunk (`supabase.<hash>.js`, not the gate's own
      // `supabase-loader`) so it stays unknown until the test lets it go.
      await page.addInitScript(
        ([key, value]) => localStorage.setItem(key!, value!),
        [SUPABASE_STORAGE_KEY, JSON.stringify({ access_token: 'expired', refresh_token: 'expired', expires_at: 1 })],
      );
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/_astro\/supabase\.[^/]*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await watchOverlay(page);
      await page.goto('/profile', { waitUntil: 'domcontentloaded' });
      const overlay = new GlobalControls(page).overlay;
      await expect(overlay).toBeVisible();
      const { shownAt, firstPaint } = await overlayRecord(page);
      expect(shownAt).toBeGreaterThan(firstPaint);
      release();
      await expect(overlay).toBeHidden();
    });
  });

  test('with no stored session the behaviour scripts wait for the load, as on any page; the visitor is asked to log in', async ({ page }) => {
    let loaded = false;
    const beforeLoad: string[] = [];
    page.on('load', () => (loaded = true));
    page.on('request', (request) => {
      if (/BehaviourScripts/.test(request.url()) && !loaded) beforeLoad.push(request.url());
    });
    await page.goto('/profile');
    await behavioursReady(page);
    await expect(page.getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
    expect(beforeLoad).toEqual([]);
  });

  test('pages without the gate never download supabase-js', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto('/about');
    await page.waitForLoadState('networkidle');
    expect(requested.filter((url) => /supabase/.test(url))).toEqual([]);
  });
});
