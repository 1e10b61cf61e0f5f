// Times a navigation between two pages the way a visitor on a slow phone meets it: Lighthouse's
// mobile profile applied to a real Chromium (150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up,
// CPU slowed 4x), the first page fully loaded, then a click on a link to the second page. The time
// runs from the click until the second page's URL is current, its main heading is in the document
// and it has painted a frame (the same end for a client-side router's swap and a new document).
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../support/chromium.ts';

const SLOW_4G = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** Milliseconds from clicking the link named `linkName` on `from` until `to` has painted. */
async function once(browser: Browser, from: string, linkName: string, to: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(from, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: linkName, exact: true });
    const started = performance.now();
    await link.click();
    const path = new URL(to).pathname;
    await page.waitForURL((url) => url.pathname === path, { waitUntil: 'commit' });
    await page.waitForFunction(
      (expected) =>
        location.pathname === expected &&
        document.querySelector('main h1') !== null &&
        new Promise((resolve) => requestAnimationFrame(() => resolve(true))),
      path,
      { polling: 'raf' },
    );
    return performance.now() - started;
  } finally {
    await context.close();
  }
}

/** Times `runs` navigations from `from` to `to` by the link named `linkName`; one Chromium for all. */
export async function timeNavigation(from: string, linkName: string, to: string, runs: number): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) times.push(await once(browser, from, linkName, to));
    return times;
  } finally {
    await browser.close();
  }
}
