import { expect, test } from '../support/fixtures.ts';
import { GetStartedPopup } from './widgets.po.ts';

test.describe('Get Started popup', () => {
  test.beforeEach(async ({ page }) => page.goto('/'));

  test('opens with Visa Application, Immigration Advice and the external chat link', async ({ page }) => {
    const popup = new GetStartedPopup(page);
    await expect(popup.popup).toBeHidden();
    await popup.button.click();
    await expect(popup.popup).toBeVisible();
    await expect(popup.popup.getByRole('link', { name: 'Visa Application' })).toHaveAttribute('href', '/visa');
    await expect(popup.popup.getByRole('link', { name: 'Immigration Advice' })).toHaveAttribute('href', '/contact');
    const chat = popup.popup.getByRole('link', { name: /talk to an agency/i });
    await expect(chat).toHaveAttribute('href', /^https:\/\//);
    await expect(chat).toHaveAttribute('target', '_blank');
  });

  test('closes by its close button', async ({ page }) => {
    const popup = new GetStartedPopup(page);
    await popup.button.click();
    await popup.popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup.popup).toBeHidden();
  });

  test('closes on a click outside', async ({ page }) => {
    const popup = new GetStartedPopup(page);
    await popup.button.click();
    await expect(popup.popup).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(popup.popup).toBeHidden();
  });

  test('by keyboard: Enter opens with focus on the first choice, Escape closes and returns focus', async ({ page }) => {
    const popup = new GetStartedPopup(page);
    await popup.button.focus();
    await page.keyboard.press('Enter');
    await expect(popup.popup.getByRole('link', { name: 'Visa Application' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(popup.popup.getByRole('link', { name: 'Immigration Advice' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(popup.popup).toBeHidden();
    await expect(popup.button).toBeFocused();
  });
});
