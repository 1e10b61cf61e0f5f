// The visa application: the login round trip with the type kept, the profile prefill, the
// 'Submitting...' state, the success popup (focus, Escape, x), the reset that keeps the type, the
// stored application, and bad input with every value kept. The failures every form shares
// (server, network, retry) are in failures.spec.ts.
import { VISA_TEXTS } from '../../support/spec-texts.ts';
import { TEST_PASSWORD, createUser, profileData, uniqueEmail } from '../support/backend.ts';
import { content, visaPath } from '../support/content.ts';
import { expect, test } from '../support/fixtures.ts';
import { FormIsland, INJECTION, VisaForm, axeViolations, expectDialogClosesWithEscape, isoDay, restUrl, rowsWhere, signInBrowser } from './forms.po.ts';

test.describe.configure({ timeout: 150_000 });

const details = VisaForm.DETAILS;

test('a signed-out visitor goes to login and comes back to the form with the visa type chosen', async ({ page }) => {
  const email = uniqueEmail('round-trip');
  await createUser(email, { data: profileData('Ngozi Adebayo') });
  await page.goto('/visa-form?type=Naija%20Wife%20%2F%20Resident%20Permit');
  await page.waitForURL(/\/login\?next=/);
  const next = new URL(page.url()).searchParams.get('next')!;
  expect(next).toBe('/visa-form?type=Naija%20Wife%20%2F%20Resident%20Permit');
  // The login page (accounts) signs in and follows `next`; here the session is stored as it would.
  await signInBrowser(page, email, TEST_PASSWORD);
  await page.goto(next);
  const form = new FormIsland(page, 'Visa application');
  await expect(form.field('Visa type')).toHaveValue('Naija Wife / Resident Permit');
  await expect(form.field('Full name')).toHaveValue('Ngozi Adebayo');
  await expect(form.field('Email')).toHaveValue(email);
});

test('the Apply buttons of a visa page and a country page carry the visa type', async ({ page }) => {
  await page.goto(visaPath('Business Visa'));
  await expect(page.getByRole('link', { name: 'Apply for Business Visa' })).toHaveAttribute('href', '/visa-form?type=Business%20Visa');
  await page.goto(`/country/${content.countries[0]!.data.id}`);
  await expect(page.getByRole('link', { name: /^Apply for a .* visa$/ })).toHaveAttribute('href', /^\/visa-form\?type=\w/);
});

test('submitting reads Submitting..., the popup confirms, the form resets keeping the type and the profile, the row is stored', async ({ page }) => {
  const form = await VisaForm.open(page);
  const { email, userId } = form;
  await form.fill({ ...details, 'Message (optional)': 'Travelling in March.' });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(restUrl('visa_applications'), async (route) => {
    await held;
    await route.continue();
  });
  await form.submit();
  await expect(form.submitButton()).toHaveText(VISA_TEXTS.submitting);
  await expect(form.submitButton()).toBeDisabled();
  release();
  await form.expectSuccess();
  await expectDialogClosesWithEscape(page, form.popup(), form);
  await expect(form.field('Visa type')).toHaveValue('Business Visa');
  // The next application starts from the profile again.
  await expect(form.field('Full name')).toHaveValue('Ngozi Adebayo');
  await expect(form.field('Email')).toHaveValue(email);
  for (const label of ['Phone', 'Date of birth', 'Nationality', 'Passport number', 'Marital status', 'Address']) {
    await expect(form.field(label)).toHaveValue('');
  }
  expect(await rowsWhere('visa_applications', 'user_id', userId)).toMatchObject([
    {
      visa_type: 'Business Visa',
      name: 'Ngozi Adebayo',
      dob: '1992-03-14',
      marital_status: 'Married',
      status: 'submitted',
      message: 'Travelling in March.',
    },
  ]);
});

test('the popup closes with its x button too', async ({ page }) => {
  const form = await VisaForm.open(page, 'Tourist Visa');
  await form.fill(details);
  await form.submit();
  await form.popup().getByRole('button', { name: 'Close' }).click();
  await expect(form.popup()).toBeHidden();
  await expect(form.field('Visa type')).toHaveValue('Tourist Visa');
});

test('empty fields, a future date of birth and 10,000 characters are named, with every value kept', async ({ page }) => {
  const form = await VisaForm.open(page);
  // The signed-in, verified reader is told what is true for them, not asked to log in.
  await expect(page.getByText(/need to be logged in/)).toHaveCount(0);
  await expect(page.locator('.visa-form').getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/profile');
  const { userId } = form;
  await form.fill({ 'Full name': '' });
  await form.submit();
  await expect(form.field('Full name')).toBeFocused();
  for (const label of ['Full name', 'Phone', 'Date of birth', 'Nationality', 'Passport number', 'Marital status', 'Address']) {
    await expect(form.field(label)).toHaveAttribute('aria-invalid', 'true');
  }
  expect(await axeViolations(page, '.visa-form')).toEqual([]);

  const long = 'z'.repeat(10_000);
  await form.fill({ ...details, 'Full name': 'Ngozi Adebayo', 'Date of birth': isoDay(1), Address: long });
  await form.submit();
  await form.expectError('Date of birth', 'Please enter a date of birth in the past (from 1900).');
  await form.expectError('Address', 'Please keep your address to 500 characters or fewer.');
  expect((await form.values(form.labels))['Address']).toBe(long);
  expect(await rowsWhere('visa_applications', 'user_id', userId)).toEqual([]);
});

test('injection strings are stored as plain text', async ({ page }) => {
  const form = await VisaForm.open(page);
  const { userId } = form;
  await form.fill({ ...details, Nationality: INJECTION.slice(0, 100), 'Message (optional)': INJECTION });
  await form.submit();
  await expect(form.popup()).toBeVisible();
  expect(await axeViolations(page, '.visa-form')).toEqual([]);
  expect(await rowsWhere('visa_applications', 'user_id', userId)).toMatchObject([
    { nationality: INJECTION.slice(0, 100), message: INJECTION },
  ]);
});
