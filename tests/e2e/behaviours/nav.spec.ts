import { expect, test } from '../support/fixtures.ts';
import { SiteNav } from './widgets.po.ts';

const NAV_LINKS = [
  ['Home', '/'],
  ['List of Visa', '/visa'],
  ['About', '/about'],
  ['Contact', '/contact'],
  ['Services', '/services'],
] as const;
const AUTH_LINKS = [
  ['Login', '/login'],
  ['Forgot Password?', '/reset'],
  ['Sign Up', '/signup'],
] as const;

test.describe('navigation bar on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('lists the five items, marks the current page, and has no menu toggle', async ({ page }) => {
    await page.goto('/about');
    const nav = new SiteNav(page);
    for (const [name, href] of NAV_LINKS) {
      await expect(nav.menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(nav.menu.getByRole('link', { name: 'About', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.menuToggle).toBeHidden();
  });

  test('the Login / SignUp dropdown opens with its three links inside the auth slot', async ({ page }) => {
    await page.goto('/');
    const nav = new SiteNav(page);
    await expect(nav.authMenu).toBeHidden();
    await nav.authToggle.click();
    for (const [name, href] of AUTH_LINKS) await expect(nav.authLink(name)).toHaveAttribute('href', href);
    await expect(page.locator('[data-auth-slot]').getByRole('link')).toHaveCount(3);
    await nav.authToggle.click();
    await expect(nav.authMenu).toBeHidden();
  });

  test('a click outside closes the dropdown', async ({ page }) => {
    await page.goto('/');
    const nav = new SiteNav(page);
    await nav.authToggle.click();
    await expect(nav.authLink('Login')).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(nav.authMenu).toBeHidden();
  });

  test('by keyboard: Enter opens, Tab reaches the links, Escape closes and returns focus', async ({ page }) => {
    await page.goto('/');
    const nav = new SiteNav(page);
    await nav.authToggle.focus();
    await page.keyboard.press('Enter');
    await expect(nav.authLink('Login')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(nav.authLink('Login')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav.authMenu).toBeHidden();
    await expect(nav.authToggle).toBeFocused();
  });
});

test.describe('navigation bar on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu opens from its toggle and lists the five items', async ({ page }) => {
    await page.goto('/');
    const nav = new SiteNav(page);
    await expect(nav.menu).toBeHidden();
    await nav.menuToggle.click();
    for (const [name] of NAV_LINKS) await expect(nav.menu.getByRole('link', { name, exact: true })).toBeVisible();
  });

  test('a click outside closes both the menu and the dropdown', async ({ page }) => {
    await page.goto('/');
    const nav = new SiteNav(page);
    await nav.menuToggle.click();
    await nav.authToggle.click();
    await expect(nav.authLink('Sign Up')).toBeVisible();
    await expect(nav.menu).toBeVisible();
    // Below the open panel, on the page itself.
    await page.mouse.click(200, 800);
    await expect(nav.authMenu).toBeHidden();
    await expect(nav.menu).toBeHidden();
  });

  test('Escape closes the menu and returns focus to its toggle', async ({ page }) => {
    await page.goto('/');
    const nav = new SiteNav(page);
    await nav.menuToggle.focus();
    await page.keyboard.press('Enter');
    await expect(nav.menu).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(nav.menu.getByRole('link', { name: 'Home', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav.menu).toBeHidden();
    await expect(nav.menuToggle).toBeFocused();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('the menu, the dropdown, the Get Started popup and the FAQ still open and close', async ({ page }) => {
    await page.goto('/');
    const nav = new SiteNav(page);
    await nav.menuToggle.click();
    await nav.authToggle.click();
    await expect(nav.authLink('Login')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(nav.menu).toBeHidden();

    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page.getByRole('dialog', { name: 'How can we help?' })).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog', { name: 'How can we help?' })).toBeHidden();

    const faq = page.locator('details[name="faq"]');
    await faq.nth(0).locator('summary').click();
    await faq.nth(1).locator('summary').click();
    await expect(page.locator('details[name="faq"][open]')).toHaveCount(1);
  });
});
