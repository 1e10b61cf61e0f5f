// Page objects and helpers for the account journeys: forms are found by their accessible name,
// fields by their label, messages by their live-region role, never by styling classes.
import { type Locator, type Page } from '@playwright/test';
import { expect as baseExpect, test } from '../support/fixtures.ts';
import { ACCOUNT_TEXTS } from '../../support/spec-texts.ts';
import { expectHydrated } from '../support/islands.ts';
import { knownTotpSecret, totpCode } from '../../support/totp.ts';

/**
 * Account journeys wait on the backend (bcrypt, email) and on island hydration, on a machine
 * shared with other suites: assertions get 15 s and each test 90 s.
 */
export const expect = baseExpect.configure({ timeout: 20_000 });
export const JOURNEY_TIMEOUT_MS = 90_000;
export { test };

/** Chromium logs each request a test cuts off (route.abort) as a console error; those are expected. */
export const ABORTED_REQUEST = /Failed to load resource|net::ERR_FAILED/;
/** Chromium also logs every 4xx answer, e.g. the auth service refusing a login; expected where a test provokes one. */
export const REFUSED_REQUEST = /Failed to load resource: the server responded with a status of 4\d\d/;

/** An account form island, hydrated and ready. */
export class AccountForm {
  readonly form: Locator;

  constructor(
    readonly page: Page,
    name: string,
  ) {
    this.form = page.getByRole('form', { name });
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  button(name: string): Locator {
    return this.form.getByRole('button', { name, exact: true });
  }

  /** The form's outcome message (a live region with text). */
  message(): Locator {
    return this.form.locator('[role="alert"], [role="status"]').filter({ hasText: /\S/ });
  }

  /**
   * Waits until React owns the form. /login and /signup hydrate on first use (client:interaction),
   * so the first field is focused first, as a visitor's first tap would; the others hydrate after
   * paint whatever happens.
   */
  async ready(): Promise<void> {
    await this.form.locator('input, select, textarea').first().focus();
    await expectHydrated(this.page.locator('astro-island').filter({ has: this.form }));
  }

  /** Fills fields by label. Selects are chosen by option label. */
  async fill(values: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(values)) {
      const field = this.field(label);
      if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption({ label: value });
      else await field.fill(value);
    }
  }

  /** The current value of every labelled field, by label. */
  async values(labels: string[]): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const label of labels) out[label] = await this.field(label).inputValue();
    return out;
  }

  /** The error text tied to a field (aria-describedby), expected to be shown. */
  async expectError(label: string, text: string): Promise<void> {
    const field = this.field(label);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(new RegExp(escape(text)));
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The signup form's fields, filled with valid values for `email`. */
export function signupValues(email: string, password: string, name = 'Ada Obi'): Record<string, string> {
  return {
    'Full name': name,
    Age: '34',
    'Marital status': 'Married',
    Address: '12 Marina Road, Lagos',
    Country: 'Nigeria',
    Occupation: 'Architect',
    Phone: '+234 803 123 4567',
    Email: email,
    Password: password,
  };
}

/**
 * Opens /login (with `next` when given), logs in through the form and waits for the next page. An
 * account whose authenticator app this test process knows (the seeded admin's, or one set up by
 * createStaff) gives its code at the code step that follows the password.
 */
export async function logInThroughForm(page: Page, email: string, password: string, next?: string): Promise<void> {
  await page.goto(next ? `/login?next=${encodeURIComponent(next)}` : '/login');
  const login = new AccountForm(page, 'Log in');
  await login.ready();
  await login.fill({ Email: email, Password: password });
  // Watched from inside the page: the alert is up for a second only, a poll from here could miss it.
  const announced = page.evaluate(
    (text) =>
      new Promise<void>((resolve) => {
        const seen = () => [...document.querySelectorAll('[role="alert"]')].some((el) => el.textContent === text);
        new MutationObserver((_records, observer) => {
          if (!seen()) return;
          observer.disconnect();
          resolve();
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
    ACCOUNT_TEXTS.loginSuccess,
  );
  await login.button('Login').click();
  const secret = knownTotpSecret(email);
  if (secret) {
    const step = codeStep(page);
    await step.field('Authentication code').fill(totpCode(secret));
    await step.button('Verify').click();
  }
  await announced;
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** The code step that follows the password for an account with an authenticator app. */
export function codeStep(page: Page): AccountForm {
  return new AccountForm(page, 'Enter your authentication code');
}

/** The nav's auth part. */
export class AuthNav {
  readonly slot: Locator;
  readonly staticToggle: Locator;
  readonly accountToggle: Locator;
  readonly accountMenu: Locator;

  constructor(readonly page: Page) {
    this.slot = page.locator('[data-auth-slot]');
    this.staticToggle = page.getByRole('button', { name: 'Login / SignUp' });
    // Exact: /profile's "Delete my account" holds the words too.
    this.accountToggle = page.getByRole('button', { name: 'My Account', exact: true });
    this.accountMenu = page.locator('#account-menu');
  }
}
