// The nav's auth part by role: Login / SignUp signed out (no React, no supabase-js), Profile and
// Logout for a user, Admin and Logout for an admin (role from the database), closing on a click
// outside or Escape, logout back to /, and the signed-in state on the next page whichever way the
// visitor gets there (client-side router or full load).
import { SEEDED_USER, TEST_PASSWORD, createStaff, uniqueEmail } from '../support/backend.ts';
import { AuthNav, expect, JOURNEY_TIMEOUT_MS, logInThroughForm, test } from './account.po.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });
test.use({ viewport: { width: 1280, height: 800 } });

test('signed out, a public page downloads no React and no supabase-js, and shows Login / SignUp', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)));
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  const nav = new AuthNav(page);
  await expect(nav.staticToggle).toBeVisible();
  await expect(nav.accountToggle).toHaveCount(0);
  expect(scripts.filter((path) => /react|client\.|supabase|AuthMenu/i.test(path))).toEqual([]);
});

test('a user sees Profile and Logout; Escape and a click outside close the menu', async ({ page }) => {
  await logInThroughForm(page, SEEDED_USER.email, SEEDED_USER.password);
  const nav = new AuthNav(page);
  await expect(nav.staticToggle).toBeHidden();
  await nav.accountToggle.click();
  await expect(nav.accountMenu.getByRole('link', { name: 'Profile', exact: true })).toHaveAttribute('href', '/profile');
  await expect(nav.accountMenu.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(nav.accountMenu.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(nav.accountMenu).toBeHidden();
  await expect(nav.accountToggle).toBeFocused();
  await nav.accountToggle.click();
  await expect(nav.accountMenu).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(nav.accountMenu).toBeHidden();
});

test('an admin sees Admin and Logout', async ({ page }) => {
  const email = uniqueEmail('nav-admin');
  await createStaff(email);
  await logInThroughForm(page, email, TEST_PASSWORD);
  const nav = new AuthNav(page);
  await nav.accountToggle.click();
  await expect(nav.accountMenu.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('href', '/admin');
  await expect(nav.accountMenu.getByRole('link', { name: 'Profile' })).toHaveCount(0);
  await expect(nav.accountMenu.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('the signed-in nav follows to the next page, by a link (client router) and by a full load', async ({ page }) => {
  await logInThroughForm(page, SEEDED_USER.email, SEEDED_USER.password);
  const nav = new AuthNav(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(nav.accountToggle).toBeVisible();
  await expect(nav.staticToggle).toBeHidden();
  await page.goto('/visa');
  await expect(nav.accountToggle).toBeVisible();
  await expect(nav.staticToggle).toBeHidden();
});

test('Logout signs out and returns to /, where Login / SignUp is back', async ({ page }) => {
  await logInThroughForm(page, SEEDED_USER.email, SEEDED_USER.password, '/about');
  const nav = new AuthNav(page);
  await nav.accountToggle.click();
  await nav.accountMenu.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(nav.staticToggle).toBeVisible();
  await expect(nav.accountToggle).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('bridgeway-visa-auth'))).toBeNull();
});
