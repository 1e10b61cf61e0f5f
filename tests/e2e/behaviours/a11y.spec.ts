import { expect, test } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';
import { Carousel, GetStartedPopup, SiteNav } from './widgets.po.ts';

/** axe's violations on the page as it is now (tests/e2e/support/axe.ts). */
async function audit(page: Page) {
  return { violations: await axeViolations(page) };
}

test.describe('accessibility of the home page and its widgets', () => {
  test('the home page has no axe violations', async ({ page }) => {
    await page.goto('/');
    const { violations } = await audit(page);
    expect(violations).toEqual([]);
  });

  test('no violations with the Get Started popup open', async ({ page }) => {
    await page.goto('/');
    const popup = new GetStartedPopup(page);
    await popup.button.click();
    await expect(popup.popup).toBeVisible();
    expect((await audit(page)).violations).toEqual([]);
  });

  test('no violations with the phone menu and the dropdown open', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const nav = new SiteNav(page);
    await nav.menuToggle.click();
    await nav.authToggle.click();
    await expect(nav.authMenu).toBeVisible();
    expect((await audit(page)).violations).toEqual([]);
  });

  test('no violations once the carousel has hydrated and an FAQ answer is open', async ({ page }) => {
    await page.goto('/');
    await page.locator('details[name="faq"] summary').first().click();
    await new Carousel(page).hydrate();
    expect((await audit(page)).violations).toEqual([]);
  });
});
