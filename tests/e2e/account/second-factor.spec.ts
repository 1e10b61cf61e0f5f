// Staff's second factor in the browser: a new admin's first sign-in walks them through setting up
// an authenticator app before the admin opens (the test reads the key from the page and computes
// the code, as a phone would); signed out and in again, the code step comes between the password
// and 'Login successful!', and the admin opens. At a phone's width and a desktop's, axe clean.
// A fresh admin, not the seeded one: every other admin test signs the seeded one in meanwhile.
import { ADMIN_TEXTS } from '../../support/spec-texts.ts';
import { totpCode } from '../../support/totp.ts';
import { AdminPage, axeViolations } from '../admin/admin.po.ts';
import { createUser, serviceClient, TEST_PASSWORD, uniqueEmail } from '../support/backend.ts';
import { AccountForm, AuthNav, codeStep, expect, logInThroughForm, REFUSED_REQUEST, test } from './account.po.ts';

test.describe.configure({ timeout: 150_000 });
test.use({ allowedConsoleErrors: [REFUSED_REQUEST] });

/** A 6-digit code that is none of those `secret` accepts now (the step before, now, the step after). */
function wrongCode(secret: string): string {
  const now = Date.now();
  const accepted = new Set([-30_000, 0, 30_000].map((offset) => totpCode(secret, now + offset)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!accepted.has(code)) return code;
  }
}

for (const viewport of [
  { width: 412, height: 823 },
  { width: 1350, height: 940 },
]) {
  test(`a new admin sets up an app at the first sign-in, then signs in with password and code and reaches the admin (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const email = uniqueEmail('new-admin');
    const id = await createUser(email);
    // As an operator makes someone an admin (docs/deploy.md, step 9).
    const made = await (await serviceClient()).from('profiles').update({ role: 'admin' }).eq('id', id);
    expect(made.error).toBeNull();

    await logInThroughForm(page, email, TEST_PASSWORD, '/admin');
    await expect(page).toHaveURL((url) => url.pathname === '/admin');
    // Nothing of the admin before the app is set up.
    const name = new AccountForm(page, 'Set up an authenticator app');
    await expect(name.field('Name for this device')).toBeVisible();
    await expect(new AdminPage(page).navigation()).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await name.field('Name for this device').fill('');
    await name.button('Continue').click();
    await name.expectError('Name for this device', 'Please enter a name for this device.');
    await expect(name.field('Name for this device')).toBeFocused();
    await name.field('Name for this device').fill('Work phone');
    await name.button('Continue').click();

    const confirm = new AccountForm(page, 'Scan the QR code with your app');
    await expect(confirm.form.getByRole('heading', { name: 'Scan the QR code with your app' })).toBeFocused();
    await expect(confirm.form.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = (await confirm.form.locator('code').textContent())!.replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await axeViolations(page)).toEqual([]);
    // A wrong code is refused at its field, announced with it; the right one opens the admin.
    await confirm.field('Code from the app').fill(wrongCode(secret));
    await confirm.button('Confirm').click();
    await confirm.expectError('Code from the app', 'That code is not right.');
    await confirm.field('Code from the app').fill(totpCode(secret));
    await confirm.button('Confirm').click();
    const admin = new AdminPage(page);
    await expect(admin.navigation()).toBeVisible({ timeout: 45_000 });

    // Signed out, then in again: the password, then the code, then 'Login successful!' and the admin.
    const nav = new AuthNav(page);
    // On a phone the account's menu sits in the site menu.
    const siteMenu = page.getByRole('button', { name: 'Menu' });
    if (await siteMenu.isVisible()) await siteMenu.click();
    await nav.accountToggle.click();
    await nav.accountMenu.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await page.goto('/admin');
    await expect(page.getByText(ADMIN_TEXTS.notLoggedIn, { exact: true })).toBeVisible();

    await page.goto('/login?next=%2Fadmin');
    const login = new AccountForm(page, 'Log in');
    await login.ready();
    await login.fill({ Email: email, Password: TEST_PASSWORD });
    await login.button('Login').click();
    const step = codeStep(page);
    await expect(step.field('Authentication code')).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await step.field('Authentication code').fill('12');
    await step.button('Verify').click();
    await step.expectError('Authentication code', 'The code is 6 digits');
    await step.field('Authentication code').fill(wrongCode(secret));
    await step.button('Verify').click();
    await step.expectError('Authentication code', 'That code is not right.');
    await expect(step.field('Authentication code')).toBeFocused();
    await step.field('Authentication code').fill(totpCode(secret));
    await step.button('Verify').click();
    await expect(step.form.getByRole('alert')).toHaveText('Login successful!');
    await page.waitForURL((url) => url.pathname === '/admin');
    await expect(admin.navigation()).toBeVisible({ timeout: 45_000 });
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('an applicant may add an app on /profile, and remove it', async ({ page }) => {
  const email = uniqueEmail('applicant-factor');
  await createUser(email);
  await logInThroughForm(page, email, TEST_PASSWORD, '/profile');
  const section = page.getByRole('region', { name: 'Two-step verification' });
  await expect(section.getByText('No authenticator app is set up.')).toBeVisible();
  await section.getByRole('button', { name: 'Add an authenticator app' }).click();
  const name = new AccountForm(page, 'Set up an authenticator app');
  // Focus follows into the set-up that replaced the button, and back to the button after it.
  await expect(name.form.getByRole('heading', { name: 'Set up an authenticator app' })).toBeFocused();
  await name.field('Name for this device').fill('My phone');
  await name.button('Continue').click();
  const confirm = new AccountForm(page, 'Scan the QR code with your app');
  const secret = (await confirm.form.locator('code').textContent())!.replace(/\s+/g, '');
  await confirm.field('Code from the app').fill(totpCode(secret));
  await confirm.button('Confirm').click();
  await expect(section.getByRole('listitem').filter({ hasText: 'My phone' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Add an authenticator app' })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await section.getByRole('button', { name: 'Remove My phone' }).click();
  await expect(section.getByText('No authenticator app is set up.')).toBeVisible();
  await expect(section.getByRole('status').filter({ hasText: /no longer asked/ })).toBeVisible();
});
