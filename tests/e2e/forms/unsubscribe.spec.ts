// /unsubscribe, where the newsletter's unsubscribe link lands: open to everyone (no sign-in), it
// sends the link's token when the visitor confirms and says the outcome; an unknown or missing
// token gets a clear message. The page posts to the unsubscribe function (/functions/v1/unsubscribe).
// The link is taken from the welcome email: the table keeps only its token's hash.
import { randomBytes } from 'node:crypto';
import { expect, test } from '../support/fixtures.ts';
import { axeViolations } from '../support/axe.ts';
import { anonClient, serviceClient, uniqueEmail } from '../support/backend.ts';
import { waitForNotification } from '../notifications/mailbox.ts';
import { AFTER_SUBMISSION_TEXTS } from '../../support/spec-texts.ts';

/** The page's button, enabled by its script once it has read a token. */
const button = (page: import('@playwright/test').Page) => page.getByRole('button', { name: 'Unsubscribe', exact: true });

test('without a token the page says the link is not valid and offers no button to press', async ({ page }) => {
  await page.goto('/unsubscribe');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe from our newsletter');
  await expect(page.getByRole('alert')).toHaveText(AFTER_SUBMISSION_TEXTS.unsubscribeInvalid);
  await expect(button(page)).toBeDisabled();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect(await axeViolations(page)).toEqual([]);
});

/** The token of a link in the newest email to `email` whose subject matches. */
async function emailedToken(email: string, subject: RegExp): Promise<string> {
  const message = await waitForNotification(email, subject);
  const link = message.links.find((l) => l.includes('#token='))!;
  return new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;
}

test('a valid token unsubscribes the address, signed out', async ({ page }) => {
  const service = await serviceClient();
  const email = uniqueEmail('leaving');
  const visitor = await anonClient();
  if ((await visitor.rpc('subscribe_newsletter', { email })).error) throw new Error('sign-up refused');
  const confirmed = await visitor.rpc('confirm_newsletter', { token: await emailedToken(email, /^Please confirm your subscription/) });
  expect(confirmed.data).toBe(true);
  const { data, error } = await service.from('newsletter_subscribers').select('id').eq('email', email).single();
  if (error) throw error;
  await page.goto(`/unsubscribe#token=${await emailedToken(email, /^Welcome to /)}`);
  await button(page).click();
  await expect(page.getByRole('status').filter({ hasText: AFTER_SUBMISSION_TEXTS.unsubscribed })).toBeVisible();
  await expect(button(page)).toBeHidden();
  const { data: row } = await service.from('newsletter_subscribers').select('unsubscribed_at').eq('id', data.id).single();
  expect(row!.unsubscribed_at).not.toBeNull();
  expect(await axeViolations(page)).toEqual([]);
});

test.describe('an unknown token', () => {
  // The function answers 404, which the browser logs.
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/] });

  test('is refused with a clear message', async ({ page }) => {
    await page.goto(`/unsubscribe#token=${randomBytes(32).toString('hex')}`);
    await button(page).click();
    await expect(page.getByRole('alert')).toHaveText(AFTER_SUBMISSION_TEXTS.unsubscribeInvalid);
    await expect(button(page)).toBeDisabled();
  });
});
