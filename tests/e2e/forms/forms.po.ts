// Page objects and helpers of the form journeys: each form by its accessible name, filled by its
// labels; the rows it stored, read with the service key; the network cut at the REST call. One
// page object per form (BookingForm, ContactForm, NewsletterForm, VisaForm) knows how to open it,
// what a valid submission is and what its success looks like, so that the cases every form shares
// (failures.spec.ts) are written once over all of them.
import { expect, type Locator, type Page, type Route } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../common/database.types.ts';
import { SUPABASE_STORAGE_KEY } from '../../../src/lib/supabase.ts';
import { BOOKING_TEXTS, CONTACT_TEXTS, NEWSLETTER_TEXTS, VISA_TEXTS } from '../../support/spec-texts.ts';
import { TEST_PASSWORD, anonClient, backendKeys, createUser, profileData, serviceClient, uniqueEmail } from '../support/backend.ts';
import { E2E_API_URL } from '../support/e2e-env.ts';
import { expectHydrated } from '../support/islands.ts';
import { openSlot } from '../../support/open-slots.ts';

/** A day counted from the machine's today (the browser runs in the same time zone), as YYYY-MM-DD. */
export function isoDay(offset: number): string {
  const day = new Date();
  day.setDate(day.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** One form island on a page: its <form> (by accessible name) and the island around it. */
export class FormIsland {
  readonly form: Locator;
  readonly island: Locator;

  constructor(
    readonly page: Page,
    name: string,
  ) {
    this.form = page.getByRole('form', { name });
    this.island = page.locator('astro-island', { has: this.form });
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  get honeypot(): Locator {
    return this.form.locator('input[name="website"]');
  }

  submitButton(): Locator {
    return this.form.locator('button[type="submit"]');
  }

  /** Brings the form into view, interacts with it (client:interaction) and waits for hydration. */
  async ready(): Promise<this> {
    await this.form.scrollIntoViewIfNeeded();
    await this.form.locator('input, select, textarea').first().focus();
    await expectHydrated(this.island);
    return this;
  }

  /** Fills fields by label: text inputs are typed into, selects chosen. */
  async fill(values: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(values)) {
      const field = this.field(label);
      if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
      else await field.fill(value);
    }
  }

  /** Every field's value by label, to check that nothing was lost. */
  async values(labels: readonly string[]): Promise<Record<string, string>> {
    const found: Record<string, string> = {};
    for (const label of labels) found[label] = await this.field(label).inputValue();
    return found;
  }

  async submit(): Promise<void> {
    await this.submitButton().click();
  }

  /** The form's live message (alert or status). */
  message(): Locator {
    return this.form.locator('.form-message');
  }

  /**
   * Expects the error tied to a field (its accessible description, from aria-describedby) to read
   * `text`. A web-first assertion, not a read: a submit held back until the form was ready
   * (src/page-scripts/hold-early-submits.ts) is sent again by the form a moment later, and its errors
   * render only then.
   */
  async expectError(label: string, text: string | RegExp): Promise<void> {
    await expect(this.field(label)).toHaveAccessibleDescription(text);
  }
}

/** Rows of a form table where `column` equals `value`, read as an operator (service key). */
export async function rowsWhere(table: string, column: string, value: string): Promise<Record<string, unknown>[]> {
  // The table and column are named as data, which the generated types cannot follow.
  const byName: SupabaseClient = await serviceClient();
  const { data, error } = await byName.from(table).select('*').eq(column, value);
  if (error) throw error;
  return data;
}

/** Fills the hourly quota of `email` on a form table through the API, as five earlier submissions. */
export async function useUpQuota(table: string, row: Record<string, unknown>): Promise<void> {
  // The table is named as data, which the generated types cannot follow.
  const client: SupabaseClient = await anonClient();
  for (let i = 0; i < 5; i++) {
    const { error } =
      table === 'newsletter_subscribers'
        ? await client.rpc('subscribe_newsletter', { email: row['email'] })
        : // Each earlier booking in a slot of its own: a slot has two places.
          await client.from(table).insert(table === 'bookings' ? { ...row, ...openSlot() } : row);
    if (error) throw error;
  }
}

/** The REST path of a table or function, for page.route. */
export const restUrl = (path: string) => `${E2E_API_URL}/rest/v1/${path}**`;

/** Lets the request reach the server, then drops its answer: stored, but the browser never hears. */
export async function loseAnswer(route: Route): Promise<void> {
  await route.fetch();
  await route.abort('connectionreset');
}

/** The browser reports a failed fetch on the console; an offline test expects exactly that. */
export const OFFLINE_CONSOLE = /Failed to load resource|ERR_CONNECTION_RESET|ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch/;

/** The console line of an HTTP error status the test provokes, or of a cut connection. */
export const refusedConsole = (...statuses: number[]) => new RegExp(`status of (${statuses.join('|')})|${OFFLINE_CONSOLE.source}`);

/** Signs `email` in for the page's origin, as the login page would leave it (the stored session). */
export async function signInBrowser(page: Page, email: string, password: string): Promise<void> {
  const stored = new Map<string, string>();
  const storage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  };
  const { anonKey } = await backendKeys();
  const client = createClient<Database>(E2E_API_URL, anonKey, {
    auth: {
      storage,
      storageKey: SUPABASE_STORAGE_KEY,
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
  });
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  const session = stored.get(SUPABASE_STORAGE_KEY)!;
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [SUPABASE_STORAGE_KEY, session]);
}

/** axe on a form's section (the success dialog renders inside it): axeViolations(page, section). */
export { axeViolations } from '../support/axe.ts';

/** The success dialog: open, focus inside it, closed by Escape with focus back in the form. */
export async function expectDialogClosesWithEscape(page: Page, dialog: Locator, form: FormIsland): Promise<void> {
  const focusIn = (el: Element) => el.contains(document.activeElement) && el !== document.activeElement;
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate(focusIn)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The dialog hides at once, but its close event (where the form moves focus to its first field)
  // is a task queued after: until it runs, focus is where the browser put it back. So poll.
  await expect.poll(() => form.form.evaluate(focusIn)).toBe(true);
}

/** A string that is harmless text, not SQL or markup, when stored and shown. */
export const INJECTION = `Robert'); DROP TABLE bookings;-- <script>alert(1)</script> " OR 1=1`;

/**
 * A form page object as the shared cases drive it: opened and hydrated, with the address its
 * stored rows are found by, its labelled fields, a valid submission and its success.
 */
export abstract class SubmittableForm extends FormIsland {
  /** Every labelled field, to check that nothing typed was lost. */
  abstract readonly labels: readonly string[];

  constructor(
    page: Page,
    name: string,
    /** The email of the submission: its rows are found by it. */
    readonly email: string,
  ) {
    super(page, name);
  }

  /** A valid submission with `email`, by label, with `overrides` on top. */
  abstract valid(overrides?: Record<string, string>): Record<string, string>;

  /** Waits for the form's success (its message or dialog). */
  abstract expectSuccess(): Promise<void>;

  fillValid(): Promise<void> {
    return this.fill(this.valid());
  }
}

/** Opens `path` and waits until `form` on it has hydrated. */
async function openAt<T extends FormIsland>(path: string, form: T): Promise<T> {
  await form.page.goto(path);
  return form.ready();
}

/** The home page's booking form (`/#booking`). */
export class BookingForm extends SubmittableForm {
  readonly labels = ['Full name', 'Phone', 'Email', 'Country', 'Date', 'Time'];

  constructor(page: Page, email = uniqueEmail('booking')) {
    super(page, 'Book a consultation', email);
  }

  static open = (page: Page) => openAt('/#booking', new BookingForm(page));

  /** This form's open slot (a weekday ahead, Lagos time: tests/support/open-slots.ts), one per form as its address is. */
  private readonly slot = openSlot();

  /** A booking of the form's open slot; the same values on every call. */
  valid(overrides: Record<string, string> = {}): Record<string, string> {
    return { 'Full name': 'Amara Eze', Phone: '+234 809 000 0000', Email: this.email, Country: 'Canada', Date: this.slot.date, Time: this.slot.time, ...overrides };
  }

  /** 'Time' is the group of the chosen date's open times ("Time (Lagos time, WAT)"); any other label, its control. */
  override field(label: string): Locator {
    return label === 'Time' ? this.form.getByRole('group', { name: /^Time / }) : super.field(label);
  }

  /** The offered time `start` (HH:MM). */
  time(start: string): Locator {
    return this.form.getByRole('radio', { name: new RegExp(`^${start}\\b`) });
  }

  /** Fills by label, the time by choosing it among the date's open times (none when it is ''). */
  override async fill(values: Record<string, string>): Promise<void> {
    const { Time, ...others } = values;
    await super.fill(others);
    if (Time) await this.time(Time).check();
  }

  /** Every field's value by label, the time as the chosen one ('' when none). */
  override async values(labels: readonly string[]): Promise<Record<string, string>> {
    const found: Record<string, string> = {};
    for (const label of labels) {
      if (label !== 'Time') found[label] = await this.field(label).inputValue();
      else {
        const chosen = this.form.locator('input[name="time"]:checked');
        found[label] = (await chosen.count()) > 0 ? await chosen.inputValue() : '';
      }
    }
    return found;
  }

  async expectSuccess(): Promise<void> {
    await expect(this.message()).toHaveText(BOOKING_TEXTS.success);
  }
}

/** The contact form of /contact and /contact1. */
export class ContactForm extends SubmittableForm {
  readonly labels = ['Your Name', 'Email', 'Subject', 'Phone number', 'Message'];

  constructor(page: Page, email = uniqueEmail('contact')) {
    super(page, 'Send us a message', email);
  }

  static open = (page: Page, path = '/contact') => openAt(path, new ContactForm(page));

  valid(overrides: Record<string, string> = {}): Record<string, string> {
    return {
      'Your Name': 'Kwame Mensah',
      Email: this.email,
      Subject: 'Business visa for Canada',
      'Phone number': '+233 24 000 0000',
      Message: 'I would like advice on a business visa.',
      ...overrides,
    };
  }

  /** The success dialog the specification names ("Dialog titled Success"). */
  successDialog(): Locator {
    return this.page.getByRole('dialog', { name: CONTACT_TEXTS.successTitle });
  }

  async expectSuccess(): Promise<void> {
    await expect(this.successDialog()).toBeVisible();
    await expect(this.successDialog()).toContainText(CONTACT_TEXTS.success);
  }
}

/** The footer's newsletter form, on every page; it hydrates on first use. */
export class NewsletterForm extends SubmittableForm {
  readonly labels = ['Your email address'];

  constructor(page: Page, email = uniqueEmail('reader')) {
    super(page, 'Newsletter', email);
  }

  static open = (page: Page, path = '/about') => openAt(path, new NewsletterForm(page));

  valid(overrides: Record<string, string> = {}): Record<string, string> {
    return { 'Your email address': this.email, ...overrides };
  }

  async expectSuccess(): Promise<void> {
    await expect(this.message()).toHaveText(NEWSLETTER_TEXTS.success);
  }
}

/** The visa application form, for a new verified user signed in on the page. */
export class VisaForm extends SubmittableForm {
  readonly labels = ['Visa type', 'Full name', 'Email', 'Phone', 'Date of birth', 'Nationality', 'Passport number', 'Marital status', 'Address'];
  /** The fields the profile does not fill, as a valid application has them. */
  static readonly DETAILS = {
    Phone: '+234 802 000 0000',
    'Date of birth': '1992-03-14',
    Nationality: 'Nigerian',
    'Passport number': 'A09876543',
    'Marital status': 'Married',
    Address: '3 Awolowo Road, Ikoyi, Lagos',
  };

  constructor(
    page: Page,
    email: string,
    readonly userId: string,
  ) {
    super(page, 'Visa application', email);
  }

  /** Creates a verified user, signs them in on the page and opens the form preselecting `type`. */
  static async open(page: Page, type = 'Business Visa'): Promise<VisaForm> {
    const email = uniqueEmail('applicant');
    const userId = await createUser(email, { data: profileData('Ngozi Adebayo') });
    await page.goto('/');
    await signInBrowser(page, email, TEST_PASSWORD);
    const form = await openAt(`/visa-form?type=${encodeURIComponent(type)}`, new VisaForm(page, email, userId));
    await expect(form.field('Email')).toHaveValue(email);
    return form;
  }

  /** The name and email come from the profile; the rest is filled. */
  valid(overrides: Record<string, string> = {}): Record<string, string> {
    return { ...VisaForm.DETAILS, ...overrides };
  }

  /** The success popup, named by its title. */
  popup(): Locator {
    return this.page.getByRole('dialog', { name: VISA_TEXTS.successTitle });
  }

  async expectSuccess(): Promise<void> {
    await expect(this.popup()).toContainText(VISA_TEXTS.success);
  }
}
