// Who may see /admin: the three refusals of the specification, word for word, each without axe
// violations, and the dashboard for an admin.
import { ADMIN_TEXTS } from '../../support/spec-texts.ts';
import { test } from '../support/fixtures.ts';
import { SEEDED_ADMIN, SEEDED_USER } from '../support/backend.ts';
import { AdminPage, expect, axeViolations, signIn } from './admin.po.ts';

// A shared 2-core machine under load: axe and a cold island need more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test('a visitor who is not logged in is asked to log in, with a way back to /admin', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByText(ADMIN_TEXTS.notLoggedIn, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in', exact: true })).toHaveAttribute('href', '/login?next=%2Fadmin');
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});

test('a signed-in user who is not an admin is denied', async ({ page }) => {
  await signIn(page, SEEDED_USER.email, SEEDED_USER.password);
  await page.goto('/admin');
  await expect(page.getByText(ADMIN_TEXTS.accessDenied, { exact: true })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});

test.describe('when the role cannot be read', () => {
  const PROFILES = /\/rest\/v1\/profiles\?/;
  test.use({ allowedConsoleErrors: [/Failed to load resource/] });

  test('the page says the role check failed and shows no list', async ({ page }) => {
    await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await page.route(PROFILES, (route) => route.abort('failed'));
    await page.goto('/admin');
    await expect(page.getByText(ADMIN_TEXTS.roleCheckFailed, { exact: true })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    // Once the network is back, Retry reads the role again and the dashboard opens.
    await page.unroute(PROFILES);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(new AdminPage(page).navigation()).toBeVisible();
  });
});

test('an admin sees the overview, then each part from the navigation, in order, with its count; axe finds nothing on any', async ({ page }) => {
  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  const admin = new AdminPage(page);
  await admin.open();
  await expect(admin.navigation().getByRole('link')).toHaveText(['Overview', 'Applications', 'Bookings', 'Messages', 'Subscribers', 'Users', 'Activity record']);
  await expect(admin.navigation().getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  expect(await axeViolations(page)).toEqual([]);
  for (const title of ['Visa applications', 'Bookings', 'Contact messages', 'Newsletter subscribers', 'Users', 'Activity record'] as const) {
    const part = await admin.openSection(title);
    await expect(part.getByRole('heading', { level: 2 })).toHaveText(new RegExp(`^${title} \\(\\d[\\d,]*\\)$`));
    await expect(admin.rows(title).first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  }
});
