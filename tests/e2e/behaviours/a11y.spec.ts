import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { Carousel, GetStartedPopup, SiteNav } from './widgets.po.ts';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Runs axe once every finite animation (reveals, popover transitions) has ended: colours caught
 *  halfway through a fade are not what a reader sees. The endless tagline marquee is left running. */
async function audit(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  return new AxeBuilder({ page }).withTags(WCAG).analyze();
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
