// Each form page's JavaScript in a real browser, before and after the visitor uses the form: the
// gzip bytes of every script the page requested at load (and once idle), then again after the
// form was brought into view and its first field focused (which hydrates the island) and focused
// again once hydrated (which loads supabase-js). The static build runs without a backend, so nothing is submitted.
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../support/chromium.ts';
import { SUPABASE_STORAGE_KEY } from '../../../src/lib/stored-session.ts';

export interface FormPageWeight {
  page: string;
  form: string;
  beforeBytes: number;
  afterBytes: number;
}

/** Pages with a form, and the accessible name of the form each one is measured by. */
const FORM_PAGES = [
  { page: '/', form: 'Book a consultation' },
  { page: '/contact', form: 'Send us a message' },
  { page: '/contact1', form: 'Send us a message' },
  { page: '/about', form: 'Newsletter' },
  { page: '/visa-form', form: 'Visa application' },
];

/** A signed-in visitor's session as supabase-js stores it, valid for the next hour. */
export function storedSession() {
  return {
    access_token: 'bench',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    refresh_token: 'bench',
    user: {
      id: '00000000-0000-4000-8000-000000000000',
      aud: 'authenticated',
      role: 'authenticated',
      email: 'bench@example.com',
      app_metadata: {},
      user_metadata: {},
      created_at: new Date().toISOString(),
    },
  };
}

async function scriptBytes(page: Page, sizes: Map<string, Promise<number>>): Promise<number> {
  await page.waitForLoadState('networkidle');
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src]):not([type="application/ld+json"])')].map((s) => s.textContent ?? ''),
  );
  const files = await Promise.all(sizes.values());
  return [...files, ...inline.map((text) => gzipSync(text).length)].reduce((sum, n) => sum + n, 0);
}

export async function measureFormPages(origin: string): Promise<FormPageWeight[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const results: FormPageWeight[] = [];
  try {
    for (const { page: path, form: name } of FORM_PAGES) {
      const context = await browser.newContext();
      const page = await context.newPage();
      // The visa form is weighed as its audience loads it, with a session stored: without one, its
      // head sends the visitor to /login before anything loads. The session is complete and
      // unexpired, so supabase-js uses it without asking the (absent) backend; the profile request
      // fails and the form stays. A session it could not use would send the island to /login
      // mid-measurement (this made the bench fail about one run in three); should that still
      // happen, a 204 answer keeps the browser on the form.
      if (path === '/visa-form') {
        await context.addInitScript(
          ([key, session]) => localStorage.setItem(key, session),
          [SUPABASE_STORAGE_KEY, JSON.stringify(storedSession())] as const,
        );
      }
      // The page only: a pattern like /\/login/ also caught the login-redirect.*.js chunk.
      await page.route((url) => url.pathname === '/login', (route) => route.fulfill({ status: 204 }));
      const sizes = new Map<string, Promise<number>>();
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        const url = new URL(response.url()).pathname;
        sizes.set(url, response.body().then((body) => gzipSync(body).length, () => 0));
      });
      await page.goto(origin + path);
      const beforeBytes = await scriptBytes(page, sizes);
      const form = page.getByRole('form', { name });
      await form.scrollIntoViewIfNeeded();
      const field = form.locator('input, select, textarea').first();
      await field.focus();
      await page.locator('astro-island:not([ssr])', { has: form }).waitFor({ state: 'attached', timeout: 30_000 });
      // The first focus may come before React has attached its handlers (it is what hydrates the
      // island), and then supabase-js, which the form fetches on focus, was counted in one run and
      // missed in the next. A second focus, as the visitor's next field would give, settles it.
      await field.blur();
      await field.focus();
      const afterBytes = await scriptBytes(page, sizes);
      results.push({ page: path, form: name, beforeBytes, afterBytes });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
