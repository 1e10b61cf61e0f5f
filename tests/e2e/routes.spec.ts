// Every route of the static site opens with its heading and no console error; no internal link or
// image is broken; the 404 page answers by path; the visa list and Apply links go where they should.
import { test, expect } from './support/fixtures.ts';
import { SitePage } from './support/site-page.ts';
import { allRoutes } from './support/routes.ts';

test.describe('every route', () => {
  for (const path of allRoutes) {
    test(`${path} opens with its heading`, async ({ page }) => {
      const site = new SitePage(page);
      const response = await site.goto(path);
      expect(response?.status()).toBe(200);
      await expect(site.heading()).toBeVisible();
      await expect(site.heading()).toHaveCount(1);
    });
  }
});

test('no internal link or image on any page is broken', async ({ page, request }) => {
  test.setTimeout(180_000);
  const site = new SitePage(page);
  const found = new Map<string, string>();
  for (const path of allRoutes) {
    await site.goto(path);
    for (const url of await site.internalUrls()) if (!found.has(url)) found.set(url, path);
  }
  const broken: string[] = [];
  for (const [url, from] of found) {
    const response = await request.get(url);
    if (response.status() !== 200) broken.push(`${url} (linked from ${from}) -> ${response.status()}`);
  }
  expect(found.size).toBeGreaterThan(100);
  expect(broken).toEqual([]);
});

test.describe('the 404 page', () => {
  // The server answers a missing page with status 404, which Chromium reports as a console error.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('an unknown service says "Service Not Found" and links back to /services', async ({ page }) => {
    const response = await page.goto('/services/99');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Service Not Found' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to Services' })).toHaveAttribute('href', '/services');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeHidden();
    await expect(page).toHaveTitle(/^Service Not Found/);
  });

  test('an unknown country says "Country not found"', async ({ page }) => {
    const response = await page.goto('/country/11');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Country not found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Service Not Found' })).toBeHidden();
  });

  test('any other missing page is a helpful page with ways onward', async ({ page }) => {
    const response = await page.goto('/nope');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    const main = page.getByRole('main');
    for (const [name, href] of [
      ['Home', '/'],
      ['List of Visa', '/visa'],
      ['Our services', '/services'],
      ['Contact an adviser', '/contact'],
    ] as const) {
      await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
  });

  test('without JavaScript the generic message is the one shown', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/services/99');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await context.close();
  });
});

test.describe('the visa list', () => {
  test('Emergency Visa opens its chat in a new, isolated tab and says so', async ({ page, context }) => {
    // The chat lives on another site; answer it locally so the test never leaves the machine.
    await context.route(/^https:\/\/wa\.me\//, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Chat</title>' }));
    await page.goto('/visa');
    const emergency = page.getByRole('main').getByRole('link', { name: /^Emergency Visa/ });
    await expect(emergency).toHaveAccessibleName(/opens a chat .*new tab/);
    await expect(emergency).toHaveAttribute('target', '_blank');
    await expect(emergency).toHaveAttribute('rel', /noopener/);
    await expect(emergency).toHaveAttribute('rel', /noreferrer/);
    await expect(emergency).toHaveAttribute('href', /^https:\/\//);
    const popup = page.waitForEvent('popup');
    await emergency.click();
    const chat = await popup;
    await expect(chat).toHaveURL(/^https:\/\/wa\.me\//);
    await expect(page).toHaveURL(/\/visa$/);
  });

  test('every other visa opens its own page', async ({ page }) => {
    await page.goto('/visa');
    const main = page.getByRole('main');
    for (const [name, id] of [
      ['Tourist Visa', 1],
      ['K1/i-130 Visa Application', 3],
      ['Naija Wife / Resident Permit', 4],
      ['Business Visa', 5],
      ['Visa Extension', 6],
    ] as const) {
      await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/visa/${id}`);
    }
    await main.getByRole('link', { name: 'Business Visa', exact: true }).click();
    await expect(page).toHaveURL(/\/visa\/5$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Business Visa' })).toBeVisible();
  });
});

test.describe('a visa page', () => {
  test('shows its icon and facts, links back to /visa, and Apply carries the type to the form', async ({ page }) => {
    await page.goto('/visa/3');
    await expect(page.getByRole('heading', { level: 1, name: 'K1/i-130 Visa Application' })).toBeVisible();
    await expect(page.locator('svg[data-icon]')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Key facts' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to all visas' })).toHaveAttribute('href', '/visa');
    const apply = page.getByRole('link', { name: 'Apply for K1/i-130 Visa Application' });
    await expect(apply).toHaveAttribute('href', '/visa-form?type=K1%2Fi-130%20Visa%20Application');
    await apply.click();
    await expect(page).toHaveURL(/\/visa-form\?type=K1%2Fi-130%20Visa%20Application$/);
  });

  test('the type alias shows the same visa', async ({ page }) => {
    await page.goto('/visa/naija-wife-resident-permit');
    await expect(page.getByRole('heading', { level: 1, name: 'Naija Wife / Resident Permit' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Apply for Naija Wife / Resident Permit' })).toHaveAttribute(
      'href',
      '/visa-form?type=Naija%20Wife%20%2F%20Resident%20Permit',
    );
  });
});
