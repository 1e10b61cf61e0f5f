// The footer's newsletter form on every page: no JavaScript until the visitor uses it, the blank
// no-op, the same thanks for a new and a known address, bad input and spam. The failures every
// form shares (limit, server, network, retry) are in failures.spec.ts.
import { NEWSLETTER_TEXTS } from '../../support/spec-texts.ts';
import { uniqueEmail } from '../support/backend.ts';
import { expect, test } from '../support/fixtures.ts';
import { NewsletterForm, axeViolations, rowsWhere } from './forms.po.ts';

test.describe.configure({ timeout: 150_000 });

const subscribers = (email: string) => rowsWhere('newsletter_subscribers', 'email', email);

test('a short page whose footer is visible at load downloads no script for the form until it is used', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)));
  await page.setViewportSize({ width: 1280, height: 2400 });
  await page.goto('/world-media');
  await page.waitForLoadState('networkidle');
  const form = new NewsletterForm(page);
  await expect(form.form).toBeInViewport();
  expect(scripts.filter((path) => /react|client\.|supabase|NewsletterForm/i.test(path))).toEqual([]);
  await form.ready();
  expect(scripts.some((path) => path.includes('NewsletterForm'))).toBe(true);
});

test('a blank address does nothing: no request, no message', async ({ page }) => {
  const form = await NewsletterForm.open(page);
  const sent: string[] = [];
  page.on('request', (request) => void (request.url().includes('/rest/v1/') && sent.push(request.postData() ?? '')));
  // When the form has dealt with a submit, seen from the page: a listener on the document runs
  // after React's (on the island's element) and finds the submit prevented, as only the hydrated
  // form prevents it (without React the browser would send the form as a GET).
  await page.evaluate(() => {
    const handled: boolean[] = [];
    Object.assign(window, { handledSubmits: handled });
    document.addEventListener('submit', (event) => handled.push(event.defaultPrevented));
  });
  const handledSubmits = () => page.evaluate(() => (window as unknown as { handledSubmits: boolean[] }).handledSubmits);
  await form.fill({ 'Your email address': '   ' });
  await form.submit();
  await form.field('Your email address').press('Enter');
  await expect.poll(handledSubmits).toEqual([true, true]);
  await expect(form.message()).toBeEmpty();
  await expect(form.field('Your email address')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form.submitButton()).toHaveText('Subscribe');
  expect(sent).toEqual([]);
  // A request the blank submits had started would leave before a later one: subscribe an address
  // and find its request alone on the wire once it is thanked.
  await form.fillValid();
  await form.submit();
  await form.expectSuccess();
  expect(sent).toHaveLength(1);
  expect(sent[0]).toContain(form.email);
});

test('a new and an already subscribed address get the same thanks, and one row', async ({ page }) => {
  const form = await NewsletterForm.open(page);
  const email = uniqueEmail('reader');
  for (const typed of [email, email.toUpperCase()]) {
    await form.fill({ 'Your email address': typed });
    await form.submit();
    await expect(form.message()).toHaveText(NEWSLETTER_TEXTS.success);
    await expect(form.field('Your email address')).toHaveValue('');
  }
  expect(await subscribers(email)).toHaveLength(1);
});

// A submit pressed before hydration is held (src/page-scripts/hold-early-submits.ts), the islands' code is
// fetched at once, and the hydrated form sends it (src/islands/hooks/use-server-form.ts).
test('an address typed and sent before the form hydrated is kept and subscribed', async ({ page }) => {
  await page.goto('/team');
  const email = uniqueEmail('early');
  const form = new NewsletterForm(page);
  await form.field('Your email address').fill(email);
  await form.field('Your email address').press('Enter');
  await expect(form.message()).toHaveText(NEWSLETTER_TEXTS.success, { timeout: 30_000 });
  expect(page.url()).not.toContain('email=');
  expect(await subscribers(email)).toHaveLength(1);
});

test('a wrong address is named and kept; a filled honeypot is thanked and stores nothing', async ({ page }) => {
  const form = await NewsletterForm.open(page);
  await form.fill({ 'Your email address': 'reader@nowhere' });
  await form.submit();
  await form.expectError('Your email address', 'Please enter a valid email address, like name@example.com.');
  await expect(form.field('Your email address')).toHaveValue('reader@nowhere');
  expect(await axeViolations(page, '.newsletter')).toEqual([]);

  const bot = uniqueEmail('bot');
  await form.fill({ 'Your email address': bot });
  await form.honeypot.fill('https://spam.example', { force: true });
  await form.submit();
  await expect(form.message()).toHaveText(NEWSLETTER_TEXTS.success);
  expect(await subscribers(bot)).toEqual([]);
});
