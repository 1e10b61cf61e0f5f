// The privacy notice, found from every form that collects personal data: the line beside each
// submit button links to /privacy, which shows the data-protection contact and the retention
// table, at a phone's 412 px and a desktop's 1,350 px, axe clean. The page has no script of its
// own. The footer of every page links to it, and a newsletter sign-up records the notice's version
// and the page it was made on.
import type { Page } from '@playwright/test';
import { PRIVACY_NOTICE_TEXTS } from '../../support/spec-texts.ts';
import { uniqueEmail } from '../support/backend.ts';
import { content } from '../support/content.ts';
import { expect, test } from '../support/fixtures.ts';
import { FormIsland, NewsletterForm, VisaForm, axeViolations, rowsWhere } from '../forms/forms.po.ts';

test.describe.configure({ timeout: 150_000 });

/** The six forms that collect personal data: where each is, its name, and how to reach it. */
const FORMS: { label: string; name: string; open: (page: Page) => Promise<unknown> }[] = [
  { label: 'the booking form', name: 'Book a consultation', open: (page) => page.goto('/#booking') },
  { label: 'the contact form of /contact', name: 'Send us a message', open: (page) => page.goto('/contact') },
  { label: 'the contact form of /contact1', name: 'Send us a message', open: (page) => page.goto('/contact1') },
  { label: 'the newsletter form', name: 'Newsletter', open: (page) => page.goto('/about') },
  { label: 'the signup form', name: 'Sign up', open: (page) => page.goto('/signup') },
  { label: 'the visa form', name: 'Visa application', open: (page) => VisaForm.open(page) },
];

/** /privacy as a reader finds it: its heading, the version, the contact, the table. */
async function expectNotice(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: content.privacy.data.title })).toBeVisible();
  await expect(page.getByText(`Version ${content.privacy.data.version}, in effect from`)).toBeVisible();
  const contact = content.settings.dataProtection;
  const reach = page.getByRole('region', { name: 'Who we are and how to reach us' });
  await expect(reach.getByText(contact.name)).toBeVisible();
  await expect(reach.getByRole('link', { name: contact.email })).toHaveAttribute('href', `mailto:${contact.email}`);
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['What', 'Kept for', 'Then']);
  await expect(table.getByRole('rowheader')).toHaveText(content.retention.map((rule) => rule.data));
  const documents = content.retention.find((rule) => rule.id === 'documents')!;
  await expect(table.getByRole('row', { name: new RegExp(`^${documents.data}`) })).toContainText(`${documents.period} ${documents.unit}`);
}

for (const width of [412, 1350]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    for (const { label, name, open } of FORMS) {
      test(`${label} has the line beside its submit button, whose link opens the notice`, async ({ page }) => {
        await open(page);
        const form = new FormIsland(page, name);
        const line = form.form.locator('.form-privacy');
        await expect(line).toContainText(PRIVACY_NOTICE_TEXTS.link);
        const link = line.getByRole('link', { name: PRIVACY_NOTICE_TEXTS.link });
        await expect(link).toHaveAttribute('href', '/privacy');
        // Beside the button: the line comes right after it, in the same form.
        await expect(form.form.locator('button[type="submit"] + .form-privacy')).toHaveCount(1);
        await line.scrollIntoViewIfNeeded();
        expect(await axeViolations(page, `form[aria-label="${name}"] .form-privacy`)).toEqual([]);
        await link.click();
        await expectNotice(page);
      });
    }

    test('the notice is axe clean, and the footer of every page links to it', async ({ page }) => {
      await page.goto('/team');
      await page.getByRole('contentinfo').getByRole('link', { name: PRIVACY_NOTICE_TEXTS.footer, exact: true }).click();
      await expectNotice(page);
      expect(await axeViolations(page)).toEqual([]);
      // The table scrolls inside its own region on a narrow screen, never the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  });
}

test('the notice has no script of its own: nothing in its main part hydrates or runs', async ({ page }) => {
  await page.goto('/privacy');
  const main = page.getByRole('main');
  await expect(main.locator('astro-island, script')).toHaveCount(0);
  // Every right is there, with the way to use it on the site.
  for (const right of content.privacy.data.rights) await expect(main.getByRole('heading', { level: 3, name: right.name, exact: true })).toBeVisible();
  await expect(main.getByRole('link', { name: content.privacy.data.regulator.name })).toHaveAttribute('href', content.privacy.data.regulator.href);
});

test('a newsletter sign-up records the version of the notice beside the form and the page it was made on', async ({ page }) => {
  const form = await NewsletterForm.open(page, '/team');
  const email = uniqueEmail('consent');
  await form.fill({ 'Your email address': email });
  await form.submit();
  await form.expectSuccess();
  const rows = await rowsWhere('newsletter_subscribers', 'email', email);
  expect(rows).toEqual([expect.objectContaining({ consent_notice_version: content.privacy.data.version, consent_page: '/team', confirmed_at: null })]);
  expect(Date.parse(String(rows[0]!['consent_given_at']))).toBeGreaterThan(Date.now() - 5 * 60_000);
});
