// The footer's newsletter form on every page: no JavaScript until the visitor uses it, the blank
// no-op, the same thanks for a new and a known address, bad input, spam and the network.
import { OFFLINE_MESSAGE, RATE_LIMIT_MESSAGE } from '../../../src/lib/forms/errors.ts';
import { NEWSLETTER_SUCCESS } from '../../../src/lib/forms/newsletter.ts';
import { uniqueEmail } from '../support/backend.ts';
import { expect, test } from '../support/fixtures.ts';
import { FormIsland, refusedConsole, axeViolations, restUrl, rowsWhere, useUpQuota } from './forms.po.ts';

test.describe.configure({ timeout: 150_000 });

const subscribers = (email: string) => rowsWhere('newsletter_subscribers', 'email', email);
const newsletter = (page: import('@playwright/test').Page) => new FormIsland(page, 'Newsletter');

test('a short page whose footer is visible at load downloads no script for the form until it is used', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)));
  await page.setViewportSize({ width: 1280, height: 2400 });
  await page.goto('/world-media');
  await page.waitForLoadState('networkidle');
  const form = newsletter(page);
  await expect(form.form).toBeInViewport();
  expect(scripts.filter((path) => /react|client\.|supabase|NewsletterForm/i.test(path))).toEqual([]);
  await form.ready();
  expect(scripts.some((path) => path.includes('NewsletterForm'))).toBe(true);
});

test('a blank address does nothing: no request, no message', async ({ page }) => {
  await page.goto('/about');
  const form = await newsletter(page).ready();
  let requests = 0;
  page.on('request', (request) => void (request.url().includes('/rest/v1/') && requests++));
  await form.fill({ 'Your email address': '   ' });
  await form.submit();
  await form.field('Your email address').press('Enter');
  await page.waitForTimeout(500);
  await expect(form.message()).toBeEmpty();
  await expect(form.field('Your email address')).not.toHaveAttribute('aria-invalid', 'true');
  expect(requests).toBe(0);
});

test('a new and an already subscribed address get the same thanks, and one row', async ({ page }) => {
  await page.goto('/about');
  const form = await newsletter(page).ready();
  const email = uniqueEmail('reader');
  for (const typed of [email, email.toUpperCase()]) {
    await form.fill({ 'Your email address': typed });
    await form.submit();
    await expect(form.message()).toHaveText(NEWSLETTER_SUCCESS);
    await expect(form.field('Your email address')).toHaveValue('');
  }
  expect(await subscribers(email)).toHaveLength(1);
});

// Known defect since the branches were merged (the client router's removal landed beside the
// client:interaction directive): a submit pressed before hydration is held but not replayed, so no
// message appears. The typed address is kept. Skipped until fixed; see the closing note.
test('an address typed and sent before the form hydrated is kept and subscribed', async ({ page }) => {
  await page.goto('/team');
  const email = uniqueEmail('early');
  const form = newsletter(page);
  await form.field('Your email address').fill(email);
  await form.field('Your email address').press('Enter');
  await expect(form.message()).toHaveText(NEWSLETTER_SUCCESS, { timeout: 30_000 });
  expect(page.url()).not.toContain('email=');
  expect(await subscribers(email)).toHaveLength(1);
});

test('a wrong address is named and kept; a filled honeypot is thanked and stores nothing', async ({ page }) => {
  await page.goto('/about');
  const form = await newsletter(page).ready();
  await form.fill({ 'Your email address': 'reader@nowhere' });
  await form.submit();
  expect(await form.errorOf('Your email address')).toBe('Please enter a valid email address, like name@example.com.');
  await expect(form.field('Your email address')).toHaveValue('reader@nowhere');
  expect(await axeViolations(page, '.newsletter')).toEqual([]);

  const bot = uniqueEmail('bot');
  await form.fill({ 'Your email address': bot });
  await form.honeypot.fill('https://spam.example', { force: true });
  await form.submit();
  await expect(form.message()).toHaveText(NEWSLETTER_SUCCESS);
  expect(await subscribers(bot)).toEqual([]);
});

test.describe('refused', () => {
  test.use({ allowedConsoleErrors: [refusedConsole(429)] });

  test('the sixth sign-up of an address within the hour gets the rate-limit message', async ({ page }) => {
    const email = uniqueEmail('sixth');
    await useUpQuota('newsletter_subscribers', { email });
    await page.goto('/about');
    const form = await newsletter(page).ready();
    await form.fill({ 'Your email address': email });
    await form.submit();
    await expect(form.message()).toHaveText(RATE_LIMIT_MESSAGE);
    await expect(form.field('Your email address')).toHaveValue(email);
  });

  test('a cut connection says so and keeps the address', async ({ page }) => {
    await page.goto('/about');
    const form = await newsletter(page).ready();
    await page.route(restUrl('rpc/subscribe_newsletter'), (route) => route.abort('internetdisconnected'));
    const email = uniqueEmail('offline');
    await form.fill({ 'Your email address': email });
    await form.submit();
    await expect(form.message()).toHaveText(OFFLINE_MESSAGE);
    await expect(form.field('Your email address')).toHaveValue(email);
    expect(await subscribers(email)).toEqual([]);
  });
});
