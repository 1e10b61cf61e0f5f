// /newsletter/confirm, where the newsletter's confirmation link lands: open to everyone (no
// sign-in), it confirms the sign-up when the visitor presses the button (never on opening: mail
// scanners open links), and an unknown, replaced or expired token gets a clear message. The link
// is taken from the confirmation email: the table keeps only its token's hash.
import { randomBytes } from 'node:crypto';
import { expect, test } from '../support/fixtures.ts';
import { axeViolations } from '../support/axe.ts';
import { anonClient, serviceClient, uniqueEmail } from '../support/backend.ts';
import { waitForNotification } from '../notifications/mailbox.ts';
import { NEWSLETTER_CONFIRM_TEXTS } from '../../support/spec-texts.ts';

const button = (page: import('@playwright/test').Page) => page.getByRole('button', { name: 'Confirm my subscription', exact: true });

/** Signs an address up as the footer form does and returns its sign-up's id and the link of its confirmation email. */
async function signUp(): Promise<{ id: string; link: string }> {
  const email = uniqueEmail('confirming');
  const { error } = await (await anonClient()).rpc('subscribe_newsletter', { email });
  if (error) throw error;
  const { data } = await (await serviceClient()).from('newsletter_subscribers').select('id').eq('email', email).single();
  const confirmation = await waitForNotification(email, /^Please confirm your subscription/);
  return { id: data!.id, link: confirmation.links.find((l) => l.includes('/newsletter/confirm#token='))! };
}

const confirmedAt = async (id: string) =>
  (await (await serviceClient()).from('newsletter_subscribers').select('confirmed_at').eq('id', id).single()).data!.confirmed_at as string | null;

test('without a token the page says the link is not valid and offers no button to press', async ({ page }) => {
  await page.goto('/newsletter/confirm');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your newsletter subscription');
  await expect(page.getByRole('alert')).toHaveText(NEWSLETTER_CONFIRM_TEXTS.invalid);
  await expect(button(page)).toBeDisabled();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect(await axeViolations(page)).toEqual([]);
});

test('opening the link confirms nothing; pressing the button confirms the sign-up, signed out', async ({ page }) => {
  const { id, link } = await signUp();
  await page.goto(`/newsletter/confirm${new URL(link).hash}`);
  await expect(button(page)).toBeEnabled();
  expect(await confirmedAt(id)).toBeNull();
  await button(page).click();
  await expect(page.getByRole('status').filter({ hasText: NEWSLETTER_CONFIRM_TEXTS.done })).toBeVisible();
  await expect(button(page)).toBeHidden();
  // The page no longer asks to confirm: its heading and lead say what is true now.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NEWSLETTER_CONFIRM_TEXTS.doneTitle);
  await expect(page.getByText(NEWSLETTER_CONFIRM_TEXTS.doneLead)).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Confirm/ })).toHaveCount(0);
  expect(await confirmedAt(id)).not.toBeNull();
  expect(await axeViolations(page)).toEqual([]);
});

test('an unknown token is refused with a clear message, and the button stays pressed', async ({ page }) => {
  await page.goto(`/newsletter/confirm#token=${randomBytes(32).toString('hex')}`);
  await button(page).click();
  await expect(page.getByRole('alert')).toHaveText(NEWSLETTER_CONFIRM_TEXTS.invalid);
  await expect(button(page)).toBeDisabled();
});

test('the hash an admin can read is not a link: refused the same way, nothing confirmed', async ({ page }) => {
  const { id } = await signUp();
  const { data } = await (await serviceClient()).from('newsletter_subscribers').select('confirmation_token_hash').eq('id', id).single();
  // PostgREST writes a bytea as \x and its hex digits.
  const hash = data!.confirmation_token_hash!.replace(/^\\x/, '');
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  await page.goto(`/newsletter/confirm#token=${hash}`);
  await button(page).click();
  await expect(page.getByRole('alert')).toHaveText(NEWSLETTER_CONFIRM_TEXTS.invalid);
  expect(await confirmedAt(id)).toBeNull();
});

test.describe('a malformed token', () => {
  // The RPC answers 400 for a value not shaped like a token, which the browser logs.
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 400/] });

  test('is refused with the same message', async ({ page }) => {
    await page.goto(`/newsletter/confirm#token=${encodeURIComponent("x' or 1=1 --")}`);
    await button(page).click();
    await expect(page.getByRole('alert')).toHaveText(NEWSLETTER_CONFIRM_TEXTS.invalid);
  });
});
