// JavaScript each page ships, measured the way a visitor's browser loads it: every script the
// page requests (imports and dynamic imports included), gzip-compressed as a CDN would serve it.
// Prints the figures and holds the budgets the product sets for pages other than home.
import { gzipSync } from 'node:zlib';
import { expect, test } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';
import { scrollThrough } from '../support/islands.ts';

/** Opens `path`, optionally scrolls to the end, and returns each script URL with its gzip size. */
async function scriptsOf(page: Page, path: string, scrollToEnd: boolean): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const path = new URL(response.url()).pathname;
    // Record the script as soon as it answers; its body can be unavailable to the test under load
    // (then it is fetched again below), and a missing body must not hide that it was loaded.
    sizes.set(path, 0);
    pending.push(
      response
        .body()
        .catch(() => page.request.get(response.url()).then((again) => again.body()))
        .then(
          (body) => void sizes.set(path, gzipSync(body).length),
          () => undefined,
        ),
    );
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  if (scrollToEnd) await scrollThrough(page);
  await Promise.all(pending);
  // Inline module scripts are part of the HTML; count them too, compressed on their own.
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src]):not([type="application/ld+json"])')].map((s) => s.textContent ?? ''),
  );
  inline.forEach((text, index) => sizes.set(`(inline #${index + 1})`, gzipSync(text).length));
  return sizes;
}

const total = (sizes: Map<string, number>) => [...sizes.values()].reduce((sum, size) => sum + size, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test.describe('JavaScript per page (gzip)', () => {
  test('a plain page (/about) ships only a few KB of shared script', async ({ page }, testInfo) => {
    const sizes = await scriptsOf(page, '/about', true);
    const sum = total(sizes);
    console.log(`/about: ${kb(sum)} gzip`, Object.fromEntries(sizes));
    testInfo.annotations.push({ type: 'js-gzip /about', description: String(sum) });
    expect(sum).toBeLessThan(12 * 1024);
    expect([...sizes.keys()].some((url) => /react|client\.|supabase/i.test(url))).toBe(false);
  });

  test('the home page loads React only for the carousel, and only once scrolled to it', async ({ page }, testInfo) => {
    // Two loads of the longest page, scrolled screen by screen, with the booking form and the
    // carousel hydrating on the way (React and supabase-js): over 30 s on a busy 2-core machine.
    // The test measures weight, not speed.
    test.setTimeout(90_000);
    const atLoad = await scriptsOf(page, '/', false);
    const shared = total(atLoad);
    console.log(`/ at load: ${kb(shared)} gzip`, Object.fromEntries(atLoad));
    testInfo.annotations.push({ type: 'js-gzip / at load', description: String(shared) });
    expect([...atLoad.keys()].some((url) => url.includes('TestimonialCarousel'))).toBe(false);

    const context = await page.context().browser()!.newContext();
    const scrolled = await scriptsOf(await context.newPage(), '/', true);
    console.log(`/ scrolled to the end: ${kb(total(scrolled))} gzip`, Object.fromEntries(scrolled));
    testInfo.annotations.push({ type: 'js-gzip / scrolled', description: String(total(scrolled)) });
    expect([...scrolled.keys()].some((url) => url.includes('TestimonialCarousel'))).toBe(true);
    await context.close();
  });
});
