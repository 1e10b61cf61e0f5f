// Sign up → the emailed link → /verify → log in; the same answer for an existing address; and
// the form's handling of bad input, a double submit and a dropped network.
import { createUser, mailTo, serviceClient, TEST_PASSWORD, uniqueEmail, waitForMail } from '../support/backend.ts';
import { ABORTED_REQUEST, AccountForm, expect, JOURNEY_TIMEOUT_MS, logInThroughForm, signupValues, test } from './account.po.ts';
import { ACCOUNT_TEXTS, FORM_TEXTS } from '../../support/spec-texts.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const LABELS = Object.keys(signupValues('x@example.com', 'x'));

async function openSignup(page: import('@playwright/test').Page): Promise<AccountForm> {
  await page.goto('/signup');
  const signup = new AccountForm(page, 'Sign up');
  await signup.ready();
  return signup;
}

test.describe('sign up', () => {
  test('stores every detail, emails a link that verifies the address on /verify, then the user logs in', async ({ page }) => {
    const email = uniqueEmail('signup');
    const signup = await openSignup(page);
    await signup.fill(signupValues(email, TEST_PASSWORD));
    await signup.button('Sign Up').click();
    await expect(signup.message()).toHaveText(ACCOUNT_TEXTS.signupSuccess);
    await expect(signup.message()).toHaveAttribute('role', 'status');
    for (const label of LABELS) await expect(signup.field(label)).toHaveValue('');

    const { data: profile } = await (await serviceClient()).from('profiles').select('*').eq('email', email).single();
    expect(profile).toMatchObject({
      full_name: 'Ada Obi',
      age: 34,
      address: '12 Marina Road, Lagos',
      country: 'Nigeria',
      occupation: 'Architect',
      phone: '+234 803 123 4567',
      marital_status: 'Married',
      role: 'user',
    });

    const mail = await waitForMail(email, 'signup');
    // The link is a page of this site with the token; no code is offered.
    const link = new URL(mail.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${new URL(page.url()).origin}/verify`);
    expect(link.searchParams.get('type')).toBe('email');
    expect(mail.text).not.toContain(mail.token);
    // Opening it spends nothing (a mail scanner opens links): the page waits for the press.
    await page.goto(mail.links[0]!);
    const confirm = page.getByRole('button', { name: 'Confirm my email' });
    await expect(confirm).toBeEnabled();
    await page.reload();
    await confirm.click();
    await expect(page.getByRole('status').filter({ hasText: ACCOUNT_TEXTS.verified })).toBeVisible();
    // The page and the nav agree: signed in.
    await expect(page.getByRole('button', { name: 'My Account' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign Up', exact: true })).toBeHidden();
    await expect(page.getByRole('main').getByRole('link', { name: 'Go to your profile' })).toBeVisible();
    // The token is gone from the address bar.
    await expect(page).toHaveURL((url) => url.pathname === '/verify' && url.search === '' && !url.href.includes('token_hash'));

    const context = await page.context().browser()!.newContext();
    await logInThroughForm(await context.newPage(), email, TEST_PASSWORD);
    await context.close();
  });

  test('an address that already has an account reads the same success text and gets no email', async ({ page }) => {
    const email = uniqueEmail('signup-dup');
    await createUser(email);
    const before = (await mailTo(email)).length;
    const signup = await openSignup(page);
    await signup.fill(signupValues(email, 'another-password-1'));
    await signup.button('Sign Up').click();
    await expect(signup.message()).toHaveText(ACCOUNT_TEXTS.signupSuccess);
    expect((await mailTo(email)).length).toBe(before);
  });

  test('the country list is the ISO 3166 English names, sorted', async ({ page }) => {
    const signup = await openSignup(page);
    const names = await signup.field('Country').locator('option').allTextContents();
    expect(names[0]).toBe('Choose your country');
    const countries = names.slice(1);
    expect(countries.length).toBeGreaterThanOrEqual(240);
    expect(countries).toEqual([...countries].sort((a, b) => a.localeCompare(b, 'en')));
    expect(countries).toEqual(expect.arrayContaining(['Nigeria', 'Ghana', 'United Kingdom', 'United States of America']));
    // A key on the focused select jumps to the countries starting with it (the browser's type-ahead).
    await signup.field('Country').focus();
    await page.keyboard.press('N');
    await expect(signup.field('Country')).toHaveValue(/^N/);
  });
});

test.describe('sign up with bad input', () => {
  test('empty fields: each gets its own error, the first invalid field gets focus, nothing is sent', async ({ page }) => {
    const signup = await openSignup(page);
    let requests = 0;
    page.on('request', (request) => void (request.url().includes('/auth/v1/signup') && requests++));
    await signup.button('Sign Up').click();
    await signup.expectError('Full name', 'Please enter your full name.');
    await signup.expectError('Age', 'Please enter your age.');
    await signup.expectError('Marital status', 'Please choose your marital status.');
    await signup.expectError('Address', 'Please enter your address.');
    await signup.expectError('Country', 'Please choose your country.');
    await signup.expectError('Occupation', 'Please enter your occupation.');
    await signup.expectError('Phone', 'Please enter your phone number.');
    await signup.expectError('Email', 'Please enter your email address.');
    await signup.expectError('Password', 'Please enter a password.');
    await expect(signup.field('Full name')).toBeFocused();
    expect(requests).toBe(0);
  });

  test('invalid email, age as text or negative, a 10,000-character name and a short password: clear errors, values kept', async ({
    page,
  }) => {
    const signup = await openSignup(page);
    const values = {
      ...signupValues('not-an-email', 'short'),
      'Full name': 'N'.repeat(10_000),
      Age: 'thirty',
    };
    await signup.fill(values);
    await signup.button('Sign Up').click();
    await signup.expectError('Full name', 'Please keep your full name to 200 characters or fewer.');
    await signup.expectError('Age', 'Age must be a whole number, in years.');
    await signup.expectError('Email', 'Please enter a valid email address, like name@example.com.');
    await signup.expectError('Password', 'Password should be at least 8 characters.');
    await expect(signup.field('Full name')).toBeFocused();
    expect(await signup.values(LABELS)).toEqual(values);

    await signup.fill({ Age: '-5' });
    await signup.button('Sign Up').click();
    await signup.expectError('Age', 'Age must be a whole number, in years.');
    await signup.fill({ Age: '151' });
    await signup.button('Sign Up').click();
    await signup.expectError('Age', 'Age must be between 1 and 150.');
  });

  test('injection strings are stored and shown as plain text', async ({ page }) => {
    const email = uniqueEmail('signup-inject');
    const name = `<script>alert("x")</script> Robert'); DROP TABLE profiles;--`;
    const occupation = `"><img src=x onerror=alert(1)> {{7*7}} \${7*7}`;
    const signup = await openSignup(page);
    await signup.fill({
      ...signupValues(email, TEST_PASSWORD),
      'Full name': name,
      Occupation: occupation,
    });
    await signup.button('Sign Up').click();
    await expect(signup.message()).toHaveText(ACCOUNT_TEXTS.signupSuccess);
    const { data } = await (await serviceClient()).from('profiles').select('full_name, occupation').eq('email', email).single();
    expect(data).toEqual({ full_name: name, occupation });
  });

  test('a double click signs up once', async ({ page }) => {
    const email = uniqueEmail('signup-double');
    const signup = await openSignup(page);
    let requests = 0;
    page.on('request', (request) => void (request.url().includes('/auth/v1/signup') && requests++));
    await signup.fill(signupValues(email, TEST_PASSWORD));
    await signup.button('Sign Up').dblclick();
    await expect(signup.message()).toHaveText(ACCOUNT_TEXTS.signupSuccess);
    expect(requests).toBe(1);
    expect((await mailTo(email)).filter((m) => m.type === 'signup')).toHaveLength(1);
  });

  test.describe('with the network cut', () => {
    test.use({ allowedConsoleErrors: [ABORTED_REQUEST] });

    test('says so and keeps every value; the button works again', async ({ page }) => {
      const email = uniqueEmail('signup-offline');
      const signup = await openSignup(page);
      // Loaded first, so only the signup request itself is cut.
      await signup.field('Full name').focus();
      await page.waitForLoadState('networkidle');
      await page.route('**/auth/v1/signup**', (route) => route.abort());
      const values = signupValues(email, TEST_PASSWORD);
      await signup.fill(values);
      await signup.button('Sign Up').click();
      await expect(signup.message()).toHaveText(FORM_TEXTS.offline);
      await expect(signup.message()).toHaveAttribute('role', 'alert');
      expect(await signup.values(LABELS)).toEqual(values);
      await expect(signup.button('Sign Up')).toBeEnabled();

      await page.unroute('**/auth/v1/signup**');
      await signup.button('Sign Up').click();
      await expect(signup.message()).toHaveText(ACCOUNT_TEXTS.signupSuccess);
    });
  });
});
