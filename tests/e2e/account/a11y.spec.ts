// axe (WCAG 2.2 AA) on every account page in each of its states: empty, errors shown, success
// shown, logged out and signed in, a link waiting for its button, an invalid link, and the
// signed-in nav menu open.
import type { Page } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';
import { createUser, SEEDED_USER, TEST_PASSWORD, uniqueEmail, waitForMail } from '../support/backend.ts';
import { AccountForm, AuthNav, expect, JOURNEY_TIMEOUT_MS, logInThroughForm, REFUSED_REQUEST, test } from './account.po.ts';
import { ACCOUNT_TEXTS } from '../../support/spec-texts.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

/** Fails the test on any axe violation (tests/e2e/support/axe.ts). */
async function expectNoViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

async function openForm(page: Page, path: string, name: string): Promise<AccountForm> {
  await page.goto(path);
  const form = new AccountForm(page, name);
  await form.ready();
  return form;
}

test('/signup: empty, with errors, and after success', async ({ page }) => {
  const signup = await openForm(page, '/signup', 'Sign up');
  await expectNoViolations(page);
  await signup.button('Sign Up').click();
  await signup.expectError('Full name', 'Please enter your full name.');
  await expectNoViolations(page);
  await signup.fill({
    'Full name': 'Ada Obi',
    Age: '34',
    'Marital status': 'Single',
    Address: '12 Marina Road',
    Country: 'Nigeria',
    Occupation: 'Architect',
    Phone: '+234 803 123 4567',
    Email: uniqueEmail('a11y-signup'),
    Password: TEST_PASSWORD,
  });
  await signup.button('Sign Up').click();
  await expect(signup.message()).toHaveText(ACCOUNT_TEXTS.signupSuccess);
  await expectNoViolations(page);
});

test.describe('/login', () => {
  test.use({ allowedConsoleErrors: [REFUSED_REQUEST] });

  test('empty, with errors, and unverified with the resend outcome', async ({ page }) => {
    const email = uniqueEmail('a11y-login');
    await createUser(email, { confirm: false });
    const login = await openForm(page, '/login', 'Log in');
    await expectNoViolations(page);
    await login.button('Login').click();
    await login.expectError('Email', 'Please enter your email address.');
    await expectNoViolations(page);
    await login.fill({ Email: email, Password: TEST_PASSWORD });
    await login.button('Login').click();
    await expect(login.message()).toHaveText(ACCOUNT_TEXTS.emailNotVerified);
    await expectNoViolations(page);
    await login.button('Resend Verification Email').click();
    await expect(login.form.getByRole('status')).toHaveText(ACCOUNT_TEXTS.resendSent);
    await expectNoViolations(page);
  });
});

test('/reset: empty, with an error, and after success', async ({ page }) => {
  const reset = await openForm(page, '/reset', 'Reset password');
  await expectNoViolations(page);
  await reset.button('Send Reset Link').click();
  await reset.expectError('Email', 'Please enter your email address.');
  await expectNoViolations(page);
  await reset.fill({ Email: uniqueEmail('a11y-reset') });
  await reset.button('Send Reset Link').click();
  await expect(reset.message()).toHaveText(ACCOUNT_TEXTS.resetSent);
  await expectNoViolations(page);
});

test('/set-password: no link, the form with errors, and saved', async ({ page }) => {
  await page.goto('/set-password');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoViolations(page);

  const email = uniqueEmail('a11y-set-password');
  await createUser(email);
  await openForm(page, '/reset', 'Reset password').then(async (reset) => {
    await reset.fill({ Email: email });
    await reset.button('Send Reset Link').click();
    await expect(reset.message()).toHaveText(ACCOUNT_TEXTS.resetSent);
  });
  await page.goto((await waitForMail(email, 'recovery')).links[0]!);
  const form = new AccountForm(page, 'Set a new password');
  await form.button('Save New Password').click();
  await form.expectError('New password', 'Please enter a password.');
  await expectNoViolations(page);
  await form.fill({ 'New password': 'another-good-password', 'Confirm new password': 'another-good-password' });
  await form.button('Save New Password').click();
  await expect(page.getByRole('status').filter({ hasText: ACCOUNT_TEXTS.passwordSaved })).toBeVisible();
  await expectNoViolations(page);
});

test.describe(() => {
  test.use({ allowedConsoleErrors: [REFUSED_REQUEST] });

  test('/verify: a link waiting for the press, an invalid link, and no link', async ({ page }) => {
    await page.goto(`/verify?token_hash=${'0'.repeat(56)}&type=email`);
    await expect(page.getByRole('button', { name: 'Confirm my email' })).toBeEnabled();
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    await expect(page.getByRole('alert')).toHaveText(ACCOUNT_TEXTS.verifyInvalid);
    await expectNoViolations(page);
    await page.goto('/verify');
    await expect(page.getByText('Open this page from the link in your verification email.')).toBeVisible();
    await expectNoViolations(page);
  });
});

test('/profile: logged out, signed in, editing with errors, and the nav menu open', async ({ page }) => {
  await page.goto('/profile');
  await expect(page.getByText(ACCOUNT_TEXTS.loggedOut)).toBeVisible();
  await expectNoViolations(page);
  await logInThroughForm(page, SEEDED_USER.email, SEEDED_USER.password, '/profile');
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeEnabled();
  await expect(page.getByRole('heading', { name: 'Your visa applications' })).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const editor = new AccountForm(page, 'Edit profile');
  await editor.fill({ Age: 'abc' });
  await editor.button('Save Changes').click();
  await editor.expectError('Age', 'Age must be a whole number, in years.');
  await expectNoViolations(page);
  const nav = new AuthNav(page);
  await nav.accountToggle.click();
  await expect(nav.accountMenu).toBeVisible();
  await expectNoViolations(page);
});
