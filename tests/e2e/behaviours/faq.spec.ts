import { expect, test } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';
import { content } from '../support/content.ts';

const faq = (page: Page) => page.locator('details[name="faq"]');

test.describe('FAQ', () => {
  test.beforeEach(async ({ page }) => page.goto('/'));

  test('has every question of the FAQ file, all closed at first', async ({ page }) => {
    await expect(faq(page).locator('summary')).toHaveText(content.faq.map((item) => item.question));
    for (const item of await faq(page).all()) await expect(item).not.toHaveAttribute('open');
  });

  test('one open at a time, and clicking the open one closes it', async ({ page }) => {
    const items = faq(page);
    await items.nth(0).locator('summary').click();
    await expect(items.nth(0)).toHaveAttribute('open');
    await items.nth(2).locator('summary').click();
    await expect(items.nth(2)).toHaveAttribute('open');
    await expect(items.nth(0)).not.toHaveAttribute('open');
    await expect(page.locator('details[name="faq"][open]')).toHaveCount(1);
    await items.nth(2).locator('summary').click();
    await expect(page.locator('details[name="faq"][open]')).toHaveCount(0);
  });

  test('works by keyboard with Enter and Space', async ({ page }) => {
    const items = faq(page);
    await items.nth(1).locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(items.nth(1)).toHaveAttribute('open');
    await expect(items.nth(1).getByRole('paragraph')).toBeVisible();
    await items.nth(3).locator('summary').focus();
    await page.keyboard.press('Space');
    await expect(items.nth(3)).toHaveAttribute('open');
    await expect(items.nth(1)).not.toHaveAttribute('open');
  });
});
