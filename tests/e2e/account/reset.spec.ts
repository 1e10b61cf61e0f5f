// Forgot password: the request, the emailed link to /set-password, the new password typed twice,
// then logging in with it; opening a link spends nothing, its page's button does; an expired or
// reused link; bad input.
import type { Page } from '@playwright/test';
import { anonClient, createUser, spendLink, TEST_PASSWORD, uniqueEmail, waitForMail } from '../support/backend.ts';
import { E2E_SITE_URL } from '../support/e2e-env.ts';
import { AccountForm, expect, JOURNEY_TIMEOUT_MS, logInThroughForm, REFUSED_REQUEST, test } from './account.po.ts';
import { ACCOUNT_TEXTS } from '../../support/spec-texts.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

async function requestReset(page: Page, email: string): Promise<void> {
  await page.goto('/reset');
  const reset = new AccountForm(page, 'Reset password');
  await reset.ready();
  await reset.fill({ Email: email });
  await reset.button('Send Reset Link').click();
  await expect(reset.message()).toHaveText(ACCOUNT_TEXTS.resetSent);
}

test('reset → the emailed link → a new password → logged in, and the new password logs in', async ({ page }) => {
  const email = uniqueEmail('reset');
  await createUser(email);
  await requestReset(page, email);
  const mail = await waitForMail(email, 'recovery');
  const link = new URL(mail.links[0]!);
  expect(`${link.origin}${link.pathname}`).toBe(`${new URL(page.url()).origin}/set-password`);
  expect(link.searchParams.get('type')).toBe('recovery');
  expect(mail.text).not.toContain(mail.token);

  // Opening the link spends nothing: the form's button does, once what was typed passes.
  await page.goto(mail.links[0]!);
  const form = new AccountForm(page, 'Set a new password');
  await expect(form.form).toContainText('Choose a new password for your account.');
  await form.fill({ 'New password': 'short', 'Confirm new password': 'short' });
  await form.button('Save New Password').click();
  await form.expectError('New password', 'Password should be at least 8 characters.');
  await form.fill({
    'New password': 'a-brand-new-password',
    'Confirm new password': 'a-different-one',
  });
  await form.button('Save New Password').click();
  await form.expectError('Confirm new password', 'The two passwords do not match.');
  await form.fill({ 'Confirm new password': 'a-brand-new-password' });
  await form.button('Save New Password').click();
  await expect(page.getByRole('status').filter({ hasText: ACCOUNT_TEXTS.passwordSaved })).toBeVisible();
  // Signed in with it: the nav shows the account, and the token is gone from the address bar.
  await expect(page.getByRole('button', { name: 'My Account' })).toBeVisible();
  // The page agrees: its way back to logging in is gone, the next steps are the profile's.
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to Log in' })).toBeHidden();
  await expect(page.getByRole('main').getByRole('link', { name: 'Go to your profile' })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/set-password' && url.search === '');

  const context = await page.context().browser()!.newContext();
  await logInThroughForm(await context.newPage(), email, 'a-brand-new-password');
  await context.close();
});

test('an unknown address reads the same text; an empty or invalid email gets its error', async ({ page }) => {
  await requestReset(page, uniqueEmail('reset-nobody'));
  const reset = new AccountForm(page, 'Reset password');
  await reset.fill({ Email: '' });
  await reset.button('Send Reset Link').click();
  await reset.expectError('Email', 'Please enter your email address.');
  await reset.fill({ Email: 'nobody@' });
  await reset.button('Send Reset Link').click();
  await reset.expectError('Email', 'Please enter a valid email address, like name@example.com.');
});

test.describe('a used or expired link', () => {
  test.use({ allowedConsoleErrors: [REFUSED_REQUEST] });

  test('says the link is invalid or expired and offers a new one', async ({ page }) => {
    const email = uniqueEmail('reset-reused');
    await createUser(email);
    await requestReset(page, email);
    const link = (await waitForMail(email, 'recovery')).links[0]!;
    // Used once already (e.g. on another device).
    await spendLink(link);
    await page.goto(link);
    const form = new AccountForm(page, 'Set a new password');
    await form.fill({ 'New password': 'a-brand-new-password', 'Confirm new password': 'a-brand-new-password' });
    await form.button('Save New Password').click();
    await expect(page.getByRole('alert').filter({ hasText: ACCOUNT_TEXTS.resetLinkInvalid })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a new password reset link' })).toHaveAttribute('href', '/reset');
    await expect(page).toHaveURL((url) => url.pathname === '/set-password' && url.search === '');
  });

  test('an unknown or expired verification link says so on /verify with the way to a new one', async ({ page }) => {
    await page.goto(`/verify?token_hash=${'0'.repeat(56)}&type=email`);
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    await expect(page.getByRole('alert')).toHaveText(ACCOUNT_TEXTS.verifyInvalid);
    await expect(
      page.getByText('To get a new link, log in with your email address and password and choose Resend Verification Email.'),
    ).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/verify' && url.search === '');
  });

  test('a reused verification link says so too', async ({ page }) => {
    const email = uniqueEmail('verify-reused');
    await (await anonClient()).auth.signUp({ email, password: TEST_PASSWORD, options: { emailRedirectTo: `${E2E_SITE_URL}/verify` } });
    const link = (await waitForMail(email, 'signup')).links[0]!;
    // Used once already (e.g. on another device).
    await spendLink(link);
    await page.goto(link);
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    await expect(page.getByRole('alert')).toHaveText(ACCOUNT_TEXTS.verifyInvalid);
  });

  test('/verify without a link says where the link is', async ({ page }) => {
    await page.goto('/verify');
    await expect(page.getByText('Open this page from the link in your verification email.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm my email' })).toHaveCount(0);
  });
});

test('the new password page without a link points to a new one', async ({ page }) => {
  await page.goto('/set-password');
  await expect(page.getByRole('alert')).toContainText('Open this page from the link in your password reset email.');
  await expect(page.getByRole('link', { name: 'Request a new password reset link' })).toBeVisible();
});
