// Log in: success and `next`, wrong credentials, an unverified address with each outcome of
// Resend Verification Email, bad input and a dropped network.
import { createUser, mailTo, spendLink, TEST_PASSWORD, uniqueEmail, waitForMail } from '../support/backend.ts';
import {
  ABORTED_REQUEST,
  AccountForm,
  REFUSED_REQUEST,
  AuthNav,
  expect,
  JOURNEY_TIMEOUT_MS,
  logInThroughForm,
  test,
} from './account.po.ts';
import type { Page } from '@playwright/test';
import { ACCOUNT_TEXTS, FORM_TEXTS } from '../../support/spec-texts.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

async function openLogin(page: Page, query = ''): Promise<AccountForm> {
  await page.goto(`/login${query}`);
  const login = new AccountForm(page, 'Log in');
  await login.ready();
  return login;
}

test.describe('log in', () => {
  test("announces 'Login successful!' as an alert, goes home, and the nav there shows the account", async ({ page }) => {
    const email = uniqueEmail('login');
    await createUser(email);
    await logInThroughForm(page, email, TEST_PASSWORD);
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(new AuthNav(page).accountToggle).toBeVisible();
  });

  // /login hydrates on first use (client:interaction): a visitor who types and presses Enter at
  // once, before React has loaded, has the submit held and sent by the hydrated form, and the
  // password never reaches the address bar.
  test('a login typed and sent before the form hydrated is held and sent', async ({ page }) => {
    const email = uniqueEmail('login-early');
    await createUser(email);
    await page.goto('/login');
    const login = new AccountForm(page, 'Log in');
    await expect(page.locator('astro-island').filter({ has: login.form })).toHaveAttribute('ssr', '');
    await login.field('Email').fill(email);
    await login.field('Password').fill(TEST_PASSWORD);
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => addresses.push(frame.url()));
    await login.field('Password').press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(new AuthNav(page).accountToggle).toBeVisible();
    expect(addresses.filter((address) => address.includes('password') || address.includes('@'))).toEqual([]);
  });

  test('goes back to the page named by ?next=', async ({ page }) => {
    const email = uniqueEmail('login-next');
    await createUser(email);
    await logInThroughForm(page, email, TEST_PASSWORD, '/profile');
    await expect(page).toHaveURL((url) => url.pathname === '/profile');
  });

  test('never follows a ?next= to another site', async ({ page }) => {
    const email = uniqueEmail('login-evil');
    await createUser(email);
    await logInThroughForm(page, email, TEST_PASSWORD, '//evil.example/steal');
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.host === new URL(page.url()).host);
  });

  test.describe('refused', () => {
    test.use({ allowedConsoleErrors: [REFUSED_REQUEST] });
    test("wrong credentials show the service's message and keep what was typed", async ({ page }) => {
      const email = uniqueEmail('login-wrong');
      await createUser(email);
      const login = await openLogin(page);
      await login.fill({ Email: email, Password: 'not-the-password' });
      await login.button('Login').click();
      await expect(login.message()).toHaveText(ACCOUNT_TEXTS.invalidCredentials);
      await expect(login.message()).toHaveAttribute('role', 'alert');
      expect(await login.values(['Email', 'Password'])).toEqual({
        Email: email,
        Password: 'not-the-password',
      });
      await expect(login.button('Resend Verification Email')).toHaveCount(0);
    });
  });

  test('empty fields and an invalid email get their errors; nothing is sent', async ({ page }) => {
    const login = await openLogin(page);
    await login.button('Login').click();
    await login.expectError('Email', 'Please enter your email address.');
    await login.expectError('Password', 'Please enter your password.');
    await expect(login.field('Email')).toBeFocused();
    await login.fill({ Email: 'amara@', Password: 'x' });
    await login.button('Login').click();
    await login.expectError('Email', 'Please enter a valid email address, like name@example.com.');
  });
});

test.describe('log in with an unverified address', () => {
  test.use({ allowedConsoleErrors: [REFUSED_REQUEST] });
  async function refused(page: Page, email: string, password = TEST_PASSWORD): Promise<AccountForm> {
    const login = await openLogin(page);
    await login.fill({ Email: email, Password: password });
    await login.button('Login').click();
    await expect(login.message()).toHaveText(ACCOUNT_TEXTS.emailNotVerified);
    await expect(login.message()).toHaveAttribute('role', 'alert');
    // Left signed out: nothing stored.
    expect(await page.evaluate(() => localStorage.getItem('bridgeway-visa-auth'))).toBeNull();
    return login;
  }

  test('Resend Verification Email sends the link again', async ({ page }) => {
    const email = uniqueEmail('unverified-resend');
    await createUser(email, { confirm: false });
    await waitForMail(email, 'signup');
    const login = await refused(page, email);
    await login.button('Resend Verification Email').click();
    await expect(login.form.getByRole('status')).toHaveText(ACCOUNT_TEXTS.resendSent);
    const mail = await waitForMail(email, 'signup', { after: 1 });
    expect(new URL(mail.links[0]!).pathname).toBe('/verify');
  });

  test('once the address is verified, it says so', async ({ page }) => {
    const email = uniqueEmail('unverified-then-verified');
    await createUser(email, { confirm: false });
    const login = await refused(page, email);
    // The user confirms from the link on another device meanwhile.
    await spendLink((await waitForMail(email, 'signup')).links[0]!);
    await login.button('Resend Verification Email').click();
    await expect(login.form.getByRole('status')).toHaveText(ACCOUNT_TEXTS.resendAlreadyVerified);
    expect(await page.evaluate(() => localStorage.getItem('bridgeway-visa-auth'))).toBeNull();
  });

  test('with a wrong password it fails without saying whether the address exists', async ({ page }) => {
    const email = uniqueEmail('unverified-wrong');
    await createUser(email, { confirm: false });
    const login = await refused(page, email);
    const before = (await mailTo(email)).length;
    await login.fill({ Password: 'a-wrong-password' });
    await login.button('Resend Verification Email').click();
    await expect(login.form.getByRole('alert').filter({ hasText: ACCOUNT_TEXTS.resendFailed })).toBeVisible();
    expect((await mailTo(email)).length).toBe(before);
  });
});

test.describe('log in with the network cut', () => {
  test.use({ allowedConsoleErrors: [ABORTED_REQUEST] });

  test('says so, keeps the values, and works once the network is back', async ({ page }) => {
    const email = uniqueEmail('login-offline');
    await createUser(email);
    const login = await openLogin(page);
    await login.field('Email').focus();
    await page.waitForLoadState('networkidle');
    await page.route('**/auth/v1/token**', (route) => route.abort());
    await login.fill({ Email: email, Password: TEST_PASSWORD });
    await login.button('Login').click();
    await expect(login.message()).toHaveText(FORM_TEXTS.offline);
    expect(await login.values(['Email', 'Password'])).toEqual({
      Email: email,
      Password: TEST_PASSWORD,
    });
    await page.unroute('**/auth/v1/token**');
    await login.button('Login').click();
    await expect(login.message()).toHaveText(ACCOUNT_TEXTS.loginSuccess);
  });
});
