// Every route of the static site opens with its heading and no console error; no internal link or
// image is broken; the 404 page answers by path; the visa list and Apply links go where they should.
import { test, expect } from './support/fixtures.ts';
import { SitePage } from './support/site-page.ts';
import { allRoutes, entryIds, unusedId } from './support/routes.ts';
import { NOT_FOUND_TEXTS } from '../support/spec-texts.ts';
import { content, visaPath } from './support/content.ts';

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
    // /visa-form sends a signed-out visitor on to /login; read the links of the page it lands on.
    const urls = await site.internalUrls().catch(async () => {
      await page.waitForLoadState('load');
      return site.internalUrls();
    });
    for (const url of urls) if (!found.has(url)) found.set(url, path);
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
    const response = await page.goto(`/services/${unusedId('services')}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND_TEXTS.service })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to Services' })).toHaveAttribute('href', '/services');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeHidden();
    await expect(page).toHaveTitle(new RegExp(`^${NOT_FOUND_TEXTS.service}`));
  });

  test('an unknown country says "Country not found"', async ({ page }) => {
    const response = await page.goto(`/country/${unusedId('countries')}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND_TEXTS.country })).toBeVisible();
    await expect(page.getByRole('heading', { name: NOT_FOUND_TEXTS.service })).toBeHidden();
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
    await page.goto(`/services/${unusedId('services')}`);
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
    const ownPages = content.visas.filter((visa) => !visa.data.link);
    expect(ownPages.length).toBeGreaterThan(0);
    for (const { data } of ownPages) {
      await expect(main.getByRole('link', { name: data.type, exact: true })).toHaveAttribute('href', `/visa/${data.id}`);
    }
    const { type } = ownPages.at(-1)!.data;
    await main.getByRole('link', { name: type, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${visaPath(type)}$`));
    await expect(page.getByRole('heading', { level: 1, name: type })).toBeVisible();
  });
});

test.describe('a visa page', () => {
  test('shows its icon and facts, links back to /visa, and Apply carries the type to the form', async ({ page }) => {
    // The type whose name needs the most encoding in the form's address.
    await page.goto(visaPath('K1/i-130 Visa Application'));
    await expect(page.getByRole('heading', { level: 1, name: 'K1/i-130 Visa Application' })).toBeVisible();
    await expect(page.locator('svg[data-icon]')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Key facts' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to all visas' })).toHaveAttribute('href', '/visa');
    const apply = page.getByRole('link', { name: 'Apply for K1/i-130 Visa Application' });
    await expect(apply).toHaveAttribute('href', '/visa-form?type=K1%2Fi-130%20Visa%20Application');
    // Listen before clicking: signed-out visitors may be sent on to /login once the form page loads.
    const reachedForm = page.waitForURL(/\/visa-form\?type=K1%2Fi-130%20Visa%20Application$/);
    await apply.click();
    await reachedForm;
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

test.describe('page content', () => {
  test('home: hero, service tiles, destinations, test prep, booking, footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();

    // "Six service tiles" (specification 2, Home): a tile for each service page.
    const services = page.getByRole('region', { name: 'Everything your journey needs' });
    const tileLinks = services.getByRole('link');
    expect((await tileLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).sort()).toEqual(
      content.servicePages.map(({ slug }) => `/service-details/${slug}`).sort(),
    );

    // The country card grid shows every country in id order, however many the content holds.
    const countries = page.getByRole('region', { name: 'Where we can take you' }).getByRole('link');
    expect(await countries.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
      entryIds('countries').map((id) => `/country/${id}`),
    );

    // "Three test-prep cards: IELTS, TOEFL, Citizenship test" (specification 2, Home), in the file's order.
    const prep = page.getByRole('region', { name: 'Test preparation' });
    await expect(prep.getByRole('heading', { level: 3 })).toHaveText(content.testPrep.map((card) => card.name));
    await expect(page.getByRole('region', { name: 'Frequently asked questions' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Book a consultation' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'What our clients say' })).toBeVisible();

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { name: 'Get visa news in your inbox' })).toBeVisible();
    // Every visa type and every service page.
    await expect(footer.getByRole('navigation', { name: 'Visas' }).getByRole('link')).toHaveCount(content.visas.length);
    await expect(footer.getByRole('navigation', { name: 'Services' }).getByRole('link')).toHaveCount(content.servicePages.length);
    await expect(footer.getByRole('list', { name: 'Social media' }).getByRole('link').first()).toHaveAttribute('target', '_blank');
    await expect(footer.getByText(`© ${content.settings.copyrightYear} `)).toBeVisible();
  });

  test('services: a card per service and the continents', async ({ page }) => {
    await page.goto('/services');
    const cards = page.getByRole('region', { name: 'Visa and travel services' }).getByRole('link');
    expect(await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
      entryIds('services').map((id) => `/services/${id}`),
    );
    // "Visa Services by Continent section covering Africa, Asia, ..." (specification 2, Services page), in the file's order.
    const continents = page.getByRole('region', { name: 'Visa Services by Continent' });
    await expect(continents.getByRole('heading', { level: 3 })).toHaveText(content.continents.map((continent) => continent.name));
  });

  // Each page shows the price its content file gives (tests/content/pricing.test.ts checks its form).
  const pricing = content.servicePages.map(({ slug, data }) => ({ slug, price: data.pricing }));
  for (const { slug, price } of pricing) {
    test(`service page ${slug}: price, highlights, stamped pictures, Learn More, testimonials`, async ({ page }) => {
      await page.goto(`/service-details/${slug}`);
      const priceBox = page.getByRole('complementary', { name: 'Pricing' });
      await expect(priceBox).toContainText(price);
      await expect(priceBox.getByRole('link', { name: /^Learn More/ })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Highlights' })).toBeVisible();
      const figures = page.locator('figure:has(img)');
      expect(await figures.count()).toBeGreaterThan(0);
      await expect(figures.locator('time')).toHaveCount(await figures.count());
      await expect(page.getByRole('region', { name: 'What clients say' }).locator('blockquote').first()).toBeVisible();
    });
  }

  test('country page: flag, places, visa types, visa-free rules and an apply link', async ({ page }) => {
    const { id, name, images } = content.countries[0]!.data;
    await page.goto(`/country/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('img', { name: `Flag of ${name}` })).toBeVisible();
    await expect(page.getByRole('figure', { name: images[0]!.placeName, exact: true })).toBeVisible();
    const visas = page.getByRole('region', { name: `Visas for ${name}` });
    const visaHrefs = await visas.getByRole('list').first().getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(visaHrefs.length).toBeGreaterThan(0);
    for (const href of visaHrefs) expect(href).toMatch(/^\/visa(\/\d+)?$/);
    await expect(visas.getByRole('heading', { name: 'Visa-free entry' })).toBeVisible();
    await expect(visas.getByRole('link', { name: `Apply for a ${name} visa` })).toHaveAttribute('href', /^\/visa-form\?type=[^&]+$/);
  });

  test('team: every member and a way back to About, which links to the team', async ({ page }) => {
    await page.goto('/team');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
      [...content.team].sort((a, b) => a.data.id - b.data.id).map((member) => member.data.name),
    );
    await page.getByRole('link', { name: 'Back to About us' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('main').getByRole('link', { name: 'Meet our team' })).toHaveAttribute('href', '/team');
  });

  test('news: a card per article whose Read More opens the article', async ({ page }) => {
    await page.goto('/news-media');
    // Editors add an article by adding a file (docs/product-decisions.md), so the page shows as many as there are.
    await expect(page.getByRole('main').getByRole('link', { name: /^Read More/ })).toHaveCount(entryIds('news').length);
    const card = page.getByRole('main').getByRole('article').first();
    const title = (await card.getByRole('heading').textContent())!.trim();
    const readMore = card.getByRole('link', { name: /^Read More/ });
    const href = await readMore.getAttribute('href');
    expect(href).toMatch(/^\/news\/[a-z0-9-]+$/);
    await readMore.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('media partners: every partner with its external link in a new tab', async ({ page }) => {
    await page.goto('/world-media');
    const sites = page.getByRole('main').getByRole('link', { name: /^Visit website/ });
    await expect(sites).toHaveCount(content.partners.length);
    for (const link of await sites.all()) {
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  test('the visa form page ships its mount point and, for its signed-in reader, where the application goes next', async ({ request }) => {
    // Read the served HTML: in a browser, the auth gate moves a signed-out visitor on to /login
    // before the page paints, so the page speaks to a signed-in reader and never asks them to log in.
    const html = await (await request.get('/visa-form')).text();
    expect(html).toMatch(/<div id="visa-form-root"[^>]*>/);
    expect(html).toMatch(/<a href="\/profile"[^>]*>your profile<\/a>/);
    expect(html).not.toMatch(/need to be logged in/);
  });
});
