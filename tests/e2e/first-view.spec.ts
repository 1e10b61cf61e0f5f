// What the first view asks the network for, on a phone. On a slow connection the page's largest
// paint waits for its lead picture, so the lead picture must be asked for first and at high priority,
// and nothing else may share the connection with it: other pictures wait (lazy, low priority), the
// country page draws its flag inline and every page links its favicon inline. The behaviour
// scripts come after the lead picture (and, with a stored session, before the load event); their
// wait for first paint and the pictures' decoding is unit-tested in
// tests/unit/deferred-behaviours.test.ts.
import { test, expect } from './support/fixtures.ts';
import { publicRoutes } from './support/routes.ts';
import { content } from './support/content.ts';
import { behavioursReady } from './behaviours/widgets.po.ts';
import { SUPABASE_STORAGE_KEY } from '../../src/lib/stored-session.ts';

/** Pages that open with a picture: the largest paint on a phone. */
const PAGES_WITH_A_LEAD_PICTURE = [
  '/',
  `/visa/${content.visas[0]!.data.id}`,
  `/country/${content.countries[0]!.data.id}`,
  '/services',
  `/services/${content.services[0]!.data.id}`,
  `/service-details/${content.servicePages[0]!.slug}`,
  '/team',
  '/news-media',
];
const country = content.countries[0]!.data;

test.use({ viewport: { width: 412, height: 823 } });

interface PictureLoading {
  loading: string | null;
  priority: string | null;
}

test.describe('the lead picture loads first and alone', () => {
  // Read from the HTML as served: these attributes are what the preload scanner acts on.
  test.use({ javaScriptEnabled: false });

  test('no page asks for more than one picture at once; that one is eager and high-priority, the rest lazy and low', async ({ page }) => {
    test.setTimeout(120_000);
    for (const path of publicRoutes) {
      await page.goto(path);
      const pictures = await page.locator('img').evaluateAll((images) =>
        images.map((image): PictureLoading => ({ loading: image.getAttribute('loading'), priority: image.getAttribute('fetchpriority') })),
      );
      const eager = pictures.filter((picture) => picture.loading !== 'lazy');
      if (PAGES_WITH_A_LEAD_PICTURE.includes(path)) expect(eager.length, `${path}: eager pictures`).toBe(1);
      else expect(eager.length, `${path}: eager pictures`).toBeLessThanOrEqual(1);
      for (const picture of eager) expect(picture.priority, `${path}: the lead picture's priority`).toBe('high');
      for (const picture of pictures.filter((candidate) => candidate.loading === 'lazy')) {
        expect(picture.priority, `${path}: a lazy picture's priority`).toBe('low');
      }
    }
  });

  test('the favicon is drawn inline, so it is never a request of its own', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml,/);
  });
});

test('on a country page the lead photo is the first request after the page; the flag is drawn inline', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') requests.push(new URL(request.url()).pathname);
  });
  await page.goto(`/country/${country.id}`);
  await expect(page.getByRole('img', { name: `Flag of ${country.name}` })).toBeVisible();
  await expect(page.locator('svg.flag')).toHaveCount(1);
  const lead = await page.locator('img[fetchpriority="high"]').evaluate((image) => new URL((image as HTMLImageElement).currentSrc).pathname);
  expect(requests[0]).toBe(lead);
  expect(requests.some((path) => path.startsWith('/flags/'))).toBe(false);
});

test('the behaviour scripts are asked for only after the lead picture has arrived', async ({ page }) => {
  const order: string[] = [];
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.resourceType() === 'image' || path.includes('BehaviourScripts')) order.push(path);
  });
  page.on('request', (request) => {
    if (request.url().includes('BehaviourScripts')) order.push('behaviours requested');
  });
  await page.goto('/team');
  await behavioursReady(page);
  const lead = await page.locator('img[fetchpriority="high"]').evaluate((image) => new URL((image as HTMLImageElement).currentSrc).pathname);
  expect(order.indexOf(lead)).toBeGreaterThanOrEqual(0);
  expect(order.indexOf(lead)).toBeLessThan(order.indexOf('behaviours requested'));
});

test.describe('with a stored session', () => {
  // A made-up session: the backend refuses its refresh token (400), as it should.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('the late scripts come after the lead picture has arrived, without waiting for the load event', async ({ page }) => {
    await page.addInitScript(
      ([key, value]) => localStorage.setItem(key!, value!),
      [SUPABASE_STORAGE_KEY, JSON.stringify({ access_token: 'expired', refresh_token: 'expired', expires_at: 1 })],
    );
    // One async script added to the page once it is parsed, whose answer the test holds: the load
    // event waits for it (a script, so it is none of the pictures the late scripts do wait for).
    // Added from the page rather than by rewriting its HTML: a response the test fulfils is not
    // from this machine's network to Chrome, which then refuses the page's calls to the backend.
    const HELD_SCRIPT = '/_astro/held-by-the-test.js';
    await page.addInitScript((src) => {
      document.addEventListener('DOMContentLoaded', () => {
        const script = document.createElement('script');
        script.async = true;
        script.src = src;
        document.head.append(script);
      });
    }, HELD_SCRIPT);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${HELD_SCRIPT}`, async (route) => {
      await held;
      await route.fulfill({ contentType: 'text/javascript', body: '' });
    });
    let loaded = false;
    page.on('load', () => (loaded = true));
    const order: string[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'image') order.push(new URL(request.url()).pathname);
    });
    const heldAsked = page.waitForRequest((request) => request.url().endsWith(HELD_SCRIPT));
    const behaviours = page.waitForRequest((request) => request.url().includes('BehaviourScripts'));
    await page.goto('/team', { waitUntil: 'commit' });
    await heldAsked;
    await behaviours;
    order.push('behaviours requested');
    expect(loaded).toBe(false);
    const lead = await page.locator('img[fetchpriority="high"]').evaluate((image) => new URL((image as HTMLImageElement).currentSrc).pathname);
    expect(order.indexOf(lead)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(lead)).toBeLessThan(order.indexOf('behaviours requested'));
    release();
    await page.waitForLoadState('load');
    await behavioursReady(page);
  });
});
