// The admin dashboard seen from a test: signing in (the session written where supabase-js keeps
// it, until /login exists), the dashboard's sections and tables, and rows made for one test with
// the service key. Every test seeds rows under its own unique tag and searches for that tag, so
// tests running in parallel on the shared backend never see each other's rows.
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../../common/database.types.ts';
import { expect as baseExpect, type Locator, type Page } from '@playwright/test';
import { SUPABASE_STORAGE_KEY } from '../../../src/lib/supabase.ts';
import { E2E_API_URL } from '../support/e2e-env.ts';
import { backendKeys, serviceClient } from '../support/backend.ts';
import { applicationRows } from './seed-rows.ts';

export { uniqueTag } from './seed-rows.ts';

/**
 * Playwright's expect with a longer wait: the dashboard's first paint needs the island, supabase-js
 * and a session refresh, which takes well over the default 5 s on a shared 2-core machine.
 */
export const expect = baseExpect.configure({ timeout: 20_000 });

export type SectionTitle = 'Visa applications' | 'Users' | 'Bookings' | 'Contact messages' | 'Newsletter subscribers' | 'Activity record';

/** Signs `email` in through the Auth API and returns the session supabase-js would store. */
export async function apiSession(email: string, password: string) {
  const { anonKey } = await backendKeys();
  const client = createClient<Database>(E2E_API_URL, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { client, session: data.session };
}

/**
 * Signs the page in as `email`: before the site's first script runs, the session goes into
 * localStorage where supabase-js keeps it. Only once per tab, so a later sign-out sticks.
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  const { session } = await apiSession(email, password);
  await page.addInitScript(
    ([key, value]) => {
      if (sessionStorage.getItem('e2e-signed-in')) return;
      localStorage.setItem(key!, value!);
      sessionStorage.setItem('e2e-signed-in', '1');
    },
    [SUPABASE_STORAGE_KEY, JSON.stringify(session)],
  );
}

/** The navigation's name for the part of each list. */
const PART_LINKS: Record<SectionTitle, string> = {
  'Visa applications': 'Applications',
  Users: 'Users',
  Bookings: 'Bookings',
  'Contact messages': 'Messages',
  'Newsletter subscribers': 'Subscribers',
  'Activity record': 'Activity record',
};

export class AdminPage {
  constructor(readonly page: Page) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(`/admin${query}`);
    await expect(this.navigation()).toBeVisible({ timeout: 45_000 });
  }

  /** The workspace's navigation between its parts. */
  navigation(): Locator {
    return this.page.getByRole('navigation', { name: 'Admin', exact: true });
  }

  /** The navigation's link to the part that holds `title`'s list. */
  partLink(title: SectionTitle): Locator {
    return this.navigation().getByRole('link', { name: PART_LINKS[title], exact: true });
  }

  /** The part of the list `title`, whose heading reads "Title (count)". */
  section(title: SectionTitle): Locator {
    return this.page.locator('section.admin-part').filter({ has: this.page.getByRole('heading', { name: new RegExp(`^${title} \\(`) }) });
  }

  /** Goes to the part of `title` through the navigation (if it is not the part shown). */
  async openSection(title: SectionTitle): Promise<Locator> {
    const link = this.partLink(title);
    if ((await link.getAttribute('aria-current')) !== 'page') await link.click();
    await expect(link).toHaveAttribute('aria-current', 'page');
    return this.section(title);
  }

  /** An application's case, by the applicant's name. */
  caseView(name: string): Locator {
    return this.page.getByRole('region', { name: `Application of ${name}` });
  }

  table(title: SectionTitle): Locator {
    return this.section(title).getByRole('table');
  }

  rows(title: SectionTitle): Locator {
    return this.table(title).locator('tbody tr');
  }

  row(title: SectionTitle, text: string): Locator {
    return this.rows(title).filter({ hasText: text });
  }

  async search(title: SectionTitle, term: string): Promise<void> {
    const section = await this.openSection(title);
    await section.getByRole('searchbox').fill(term);
    await section.getByRole('button', { name: 'Search', exact: true }).click();
    // The previous rows stay on screen while the search loads; wait for its answer.
    await expect(section.getByRole('table')).toHaveAttribute('aria-busy', 'false');
  }

  /**
   * One column's cells down the current page. Assert on it with Playwright's retrying matchers: the
   * paging text changes before the new rows arrive (the previous rows stay while a page loads).
   */
  column(title: SectionTitle, key: string): Locator {
    return this.table(title).locator(`tbody td[data-column="${key}"]`);
  }

  toast(text: string): Locator {
    return this.page.locator('.admin-toasts[role="status"]').getByText(text);
  }

  confirmDialog(): Locator {
    return this.page.getByRole('alertdialog');
  }
}

/** Inserts `count` applications named `${tag} 001` … with the service key; returns their ids. */
export async function seedApplications(
  tag: string,
  count: number,
  overrides: (i: number) => Record<string, unknown> = () => ({}),
): Promise<string[]> {
  const service = await serviceClient();
  const rows = applicationRows(tag, count, overrides);
  const { data, error } = await service.from('visa_applications').insert(rows).select('id');
  if (error) throw error;
  return data.map((row) => row.id as string);
}

/** axe's WCAG 2.2 AA violations (one helper for every browser test). */
export { axeViolations } from '../support/axe.ts';
