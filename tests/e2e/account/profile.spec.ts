// /profile: logged out, every field with 'Not Provided' and 'User' for missing values, editing
// one's own fields with the signup rules, a dropped network during the save, and the user's
// applications (with the empty state).
import type { Page } from '@playwright/test';
import type { ApplicationStatus, VisaType } from '../../../common/domain.ts';
import { createUser, serviceClient, TEST_PASSWORD, uniqueEmail } from '../support/backend.ts';
import { ABORTED_REQUEST, AccountForm, expect, JOURNEY_TIMEOUT_MS, logInThroughForm, test } from './account.po.ts';
import { ACCOUNT_TEXTS, APPLICATION_CARD_TEXTS, FORM_TEXTS } from '../../support/spec-texts.ts';
import { layoutShifts, recordLayoutShifts } from '../support/layout-shifts.ts';
import { axeViolations } from '../support/axe.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

/** The value shown for a detail of the details list. */
const detail = (page: Page, label: string) =>
  page
    .locator('.profile__details > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

test('a logged-out visitor is asked to log in and brought back afterwards', async ({ page }) => {
  await page.goto('/profile');
  await expect(page.getByText(ACCOUNT_TEXTS.loggedOut, { exact: true })).toBeVisible();
  const link = page.getByRole('link', { name: 'Log in', exact: true });
  await expect(link).toHaveAttribute('href', '/login?next=%2Fprofile');
});

test("shows every field, 'Not Provided' for missing values and 'User' for a missing name; no applications yet", async ({ page }) => {
  const email = uniqueEmail('profile-missing');
  // A signup whose details did not fit the columns: the trigger leaves them empty.
  await createUser(email, {
    data: { age: 'old', marital_status: 'Complicated' },
  });
  await logInThroughForm(page, email, TEST_PASSWORD, '/profile');
  await expect(page.getByRole('heading', { level: 2, name: ACCOUNT_TEXTS.noName })).toBeVisible();
  await expect(detail(page, 'Email')).toHaveText(email);
  for (const label of ['Full name', 'Age', 'Address', 'Country', 'Occupation', 'Phone', 'Marital status']) {
    await expect(detail(page, label)).toHaveText(ACCOUNT_TEXTS.notProvided);
  }
  await expect(page.getByText('You have not applied for a visa yet.')).toBeVisible();
});

test('while the profile row is on its way the page says so, never "Not Provided" for details the user has', async ({ page }) => {
  const email = uniqueEmail('profile-loading');
  await createUser(email, { data: { full_name: 'Ada Obi', address: '12 Marina Road' } });
  await logInThroughForm(page, email, TEST_PASSWORD, '/profile');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/rest\/v1\/profiles\?/, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Loading your profile…' })).toBeVisible();
  await expect(page.getByText(ACCOUNT_TEXTS.notProvided, { exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: ACCOUNT_TEXTS.noName })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  release();
  await expect(page.getByRole('heading', { level: 2, name: 'Ada Obi' })).toBeVisible();
  await expect(detail(page, 'Address')).toHaveText('12 Marina Road');
  await expect(page.getByText('Loading your profile…')).toHaveCount(0);
});

test('a signed-in visitor’s profile does not push the page down when it appears, on a phone and on a desktop', async ({ page }) => {
  const email = uniqueEmail('profile-shift');
  await createUser(email);
  await logInThroughForm(page, email, TEST_PASSWORD, '/profile');
  await recordLayoutShifts(page);
  for (const viewport of [
    { width: 412, height: 823 },
    { width: 1350, height: 940 },
  ]) {
    await page.setViewportSize(viewport);
    await page.reload();
    await expect(detail(page, 'Email')).toHaveText(email);
    await expect(page.getByText('You have not applied for a visa yet.')).toBeVisible();
    // 0.152 on a phone when only the signed-out note's height was kept; "good" is under 0.1.
    expect(await layoutShifts(page)).toBeLessThan(0.01);
  }
});

test('shows each of the user’s own applications as one card (type and date, status, what happens next), and not anyone else’s', async ({ page }) => {
  const email = uniqueEmail('profile-apps');
  const userId = await createUser(email);
  const other = await createUser(uniqueEmail('profile-apps-other'));
  const service = await serviceClient();
  const application = (user: string, visa_type: VisaType, status: ApplicationStatus, submitted_at: string) => ({
    user_id: user,
    visa_type,
    status,
    submitted_at,
    name: 'Ada Obi',
    email,
    phone: '+234 803 123 4567',
    dob: '1990-01-01',
    nationality: 'Nigerian',
    passport_number: 'A1234567',
    marital_status: 'Single' as const,
    address: '12 Marina Road',
  });
  const { error } = await service
    .from('visa_applications')
    .insert([
      application(userId, 'Tourist Visa', 'in_review', '2026-03-02T10:00:00Z'),
      application(userId, 'Business Visa', 'approved', '2026-01-15T10:00:00Z'),
      application(other, 'Emergency Visa', 'submitted', '2026-02-01T10:00:00Z'),
    ]);
  expect(error).toBeNull();
  await logInThroughForm(page, email, TEST_PASSWORD, '/profile');
  const section = page.getByRole('region', { name: 'Your visa applications' });
  const cards = section.locator('.application-card');
  await expect(cards).toHaveCount(2);
  // Newest first, each one region named by its heading.
  await expect(cards.getByRole('heading', { level: 3 })).toHaveText(['Tourist Visa, submitted 2 March 2026', 'Business Visa, submitted 15 January 2026']);
  const tourist = section.getByRole('region', { name: 'Tourist Visa, submitted 2 March 2026' });
  await expect(tourist.locator('.application-card__header .badge')).toHaveText('In review');
  await expect(tourist).toContainText(APPLICATION_CARD_TEXTS.nextStep.in_review);
  await expect(tourist.getByRole('region', { name: 'History' }).getByRole('listitem')).toHaveText([/Application received, status In review$/]);
  const business = section.getByRole('region', { name: 'Business Visa, submitted 15 January 2026' });
  await expect(business.locator('.application-card__header .badge')).toHaveText('Approved');
  await expect(business).toContainText(APPLICATION_CARD_TEXTS.nextStep.approved);
  // A decided application's card says the day its documents go (180 days after the decision, here
  // its insert as approved), and links to the download of the applicant's data before it.
  const removal = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Africa/Lagos' }).format(Date.now() + 180 * 86_400_000);
  await expect(business).toContainText(APPLICATION_CARD_TEXTS.documentsKeptUntil(removal));
  await expect(business.getByRole('link', { name: APPLICATION_CARD_TEXTS.downloadLink })).toHaveAttribute('href', '#account-rights-title');
  await expect(tourist).not.toContainText('We keep the documents');
  // One place per application: no separate lists of documents or histories.
  await expect(page.getByRole('heading', { name: /^(Documents|History) of your applications$/ })).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
});

test.describe('editing the profile', () => {
  test.use({ allowedConsoleErrors: [ABORTED_REQUEST] });

  test('validates like signup, saves the own fields only, keeps values when the network drops', async ({ page }) => {
    const email = uniqueEmail('profile-edit');
    const userId = await createUser(email);
    await logInThroughForm(page, email, TEST_PASSWORD, '/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const editor = new AccountForm(page, 'Edit profile');
    await expect(editor.field('Full name')).toHaveValue('Test User');
    // No email and no role to edit.
    await expect(editor.form.getByLabel('Email')).toHaveCount(0);
    await expect(editor.form.getByLabel('Role')).toHaveCount(0);

    await editor.fill({ 'Full name': '', Age: '-1', Phone: 'x' });
    await editor.button('Save Changes').click();
    await editor.expectError('Full name', 'Please enter your full name.');
    await editor.expectError('Age', 'Age must be a whole number, in years.');
    await editor.expectError('Phone', 'Please enter at least 3 characters for your phone number.');
    await expect(editor.field('Full name')).toBeFocused();

    const values = {
      'Full name': 'Chidi Okeke',
      Age: '41',
      Address: '7 Allen Avenue, Ikeja',
      Country: 'Ghana',
      Occupation: 'Pilot',
      Phone: '+233 20 000 0000',
      'Marital status': 'Divorced',
    };
    await editor.fill(values);
    await page.route('**/rest/v1/profiles**', (route) => (route.request().method() === 'PATCH' ? route.abort() : route.continue()));
    await editor.button('Save Changes').click();
    await expect(editor.message()).toHaveText(FORM_TEXTS.offline);
    expect(await editor.values(Object.keys(values))).toEqual({
      ...values,
      Country: 'Ghana',
    });
    await page.unroute('**/rest/v1/profiles**');

    await editor.button('Save Changes').click();
    await expect(page.getByRole('status').filter({ hasText: ACCOUNT_TEXTS.profileSaved })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Chidi Okeke' })).toBeVisible();
    await expect(detail(page, 'Country')).toHaveText('Ghana');
    await expect(detail(page, 'Age')).toHaveText('41');
    const { data } = await (await serviceClient()).from('profiles').select('*').eq('id', userId).single();
    expect(data).toMatchObject({
      full_name: 'Chidi Okeke',
      age: 41,
      country: 'Ghana',
      occupation: 'Pilot',
      marital_status: 'Divorced',
      email,
      role: 'user',
    });
  });
});
