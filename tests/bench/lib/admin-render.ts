// The admin dashboard's table in a real browser, for `npm run bench`: from a click on "Next page"
// (or "Search") to the new rows in the DOM, split into the API's answer and the time the page took
// to render it. A figure, not a test: on a shared 2-core machine these timings vary tenfold with
// load, so the goal (render under 100 ms on a quiet machine) is read here, not asserted in e2e.
//
// The bench's build talks to whatever backend URL it was built with; the browser's calls to the
// Auth and REST paths are sent on to a backend of its own (a fresh in-memory database with
// supabase/seed.sql, so the seeded admin exists), which the static site's origin may call.
import { chromium, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../../common/database.types.ts';
import { SUPABASE_STORAGE_KEY } from '../../../src/lib/stored-session.ts';
import { DEVELOPMENT_ACCOUNTS } from '../../../supabase/local/db/seed.ts';
import { applicationRows, uniqueTag } from '../../e2e/admin/seed-rows.ts';
import { startBackendProcess } from '../../support/backend-process.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../support/chromium.ts';
import { signInWithCode } from '../../support/totp.ts';

/** One interaction's figures, in milliseconds on the page's own clock. */
interface RenderTiming {
  totalMs: number;
  apiMs: number;
  renderMs: number;
}

export interface AdminRenderFigures {
  nextPage: RenderTiming;
  search: RenderTiming;
}

const noSession = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/**
 * Clicks the button named `name` in the applications part and waits for the table's rows to
 * change: the API's answer from the request's resource timing, the render from the end of that
 * answer to the rows in the DOM.
 */
function timed(page: Page, name: string): Promise<RenderTiming> {
  return page.evaluate(async (label) => {
    const section = document.querySelector('.admin-part')!;
    const target = [...section.querySelectorAll('button')].find((b) => b.textContent?.trim() === label)!;
    const body = section.querySelector('table tbody')!;
    // Every change of the rows, timed: the columns that load their own data (the emails' state, the
    // names) also change the table, so the render is the first change after the list's answer.
    const changes: number[] = [];
    const observer = new MutationObserver(() => changes.push(performance.now()));
    observer.observe(body, { childList: true, subtree: true, characterData: true });
    const start = performance.now();
    target.click();
    const deadline = start + 10_000;
    for (;;) {
      const entry = performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/rest/v1/visa_applications?') && e.startTime >= start)
        .at(-1) as PerformanceResourceTiming | undefined;
      const rendered = entry && changes.find((time) => time >= entry.responseEnd);
      if (entry && rendered !== undefined) {
        observer.disconnect();
        return {
          totalMs: Math.round(rendered - start),
          apiMs: Math.round(entry.responseEnd - entry.startTime),
          renderMs: Math.round(rendered - entry.responseEnd),
        };
      }
      if (performance.now() > deadline) throw new Error(`the applications list did not answer "${label}" within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }, name);
}

/** Times the dashboard's 100-row page of applications on the site at `origin`, signed in as the seeded admin. */
export async function measureAdminRender(origin: string): Promise<AdminRenderFigures> {
  const backend = await startBackendProcess({ PGLITE_DATA_DIR: 'memory://', CORS_ALLOWED_ORIGINS: origin });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const { email, password } = DEVELOPMENT_ACCOUNTS[0];
    // The admin's session at aal2 (password and code), the only level at which staff read anything.
    const session = await signInWithCode(createClient<Database>(backend.url, backend.anonKey, noSession), email, password);
    const tag = uniqueTag('bench');
    const seeded = await createClient<Database>(backend.url, backend.serviceRoleKey, noSession).from('visa_applications').insert(applicationRows(tag, 120));
    if (seeded.error) throw seeded.error;

    const context = await browser.newContext();
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [SUPABASE_STORAGE_KEY, JSON.stringify(session)] as const);
    await context.route(
      (url) => url.pathname.startsWith('/rest/v1/') || url.pathname.startsWith('/auth/v1/'),
      (route) => {
        const url = new URL(route.request().url());
        return route.continue({ url: backend.url + url.pathname + url.search });
      },
    );
    const page = await context.newPage();
    await page.goto(`${origin}/admin?applications.size=100&applications.q=${tag}`);
    const section = page.locator('section.admin-part').first();
    const showing = (text: string) => section.getByText(text).waitFor({ timeout: 60_000 });
    await showing('Showing 1–100 of 120');
    const nextPage = await timed(page, 'Next page');
    await showing('Showing 101–120 of 120');
    await section.getByRole('button', { name: 'Previous page' }).click();
    await showing('Showing 1–100 of 120');
    await section.getByRole('searchbox').fill(`${tag} 05`);
    const search = await timed(page, 'Search');
    await showing('Showing 1–10 of 10');
    return { nextPage, search };
  } finally {
    await browser.close();
    await backend.stop();
  }
}
