// A browser figure for the dashboard's table: from a click on "Next page" (or a search) to the new
// rows in the DOM, split into the API's answer and the time the page took to render it. Printed
// and attached to the report; it asserts only a loose bound, since a shared 2-core machine's
// timings vary tenfold with load (the goal is render < 100 ms on a quiet machine).
import { test } from '../support/fixtures.ts';
import { SEEDED_ADMIN } from '../support/backend.ts';
import { AdminPage, expect, seedApplications, signIn, uniqueTag } from './admin.po.ts';

test.describe.configure({ timeout: 120_000 });

test('the table renders the next page and a search result quickly', async ({ page }) => {
  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  const tag = uniqueTag('rt');
  await seedApplications(tag, 120);
  const admin = new AdminPage(page);
  await admin.open('?applications.size=100');
  const section = admin.section('Visa applications');

  /**
   * Clicks `button` inside the page and waits for the table's rows to change. Everything is
   * measured on the page's own clock: the API's answer from the request's resource timing, the
   * render from the end of that answer to the rows in the DOM.
   */
  async function timed(button: string): Promise<{ totalMs: number; apiMs: number; renderMs: number }> {
    return page.evaluate(async (name) => {
      const section = document.querySelector('.admin-section')!;
      const target = [...section.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;
      const body = section.querySelector('table tbody')!;
      const changed = new Promise<number>((done) =>
        new MutationObserver((_, observer) => {
          observer.disconnect();
          done(performance.now());
        }).observe(body, { childList: true, subtree: true, characterData: true }),
      );
      const start = performance.now();
      target.click();
      const end = await changed;
      const entry = performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/rest/v1/visa_applications?') && e.startTime >= start)
        .at(-1) as PerformanceResourceTiming;
      return {
        totalMs: Math.round(end - start),
        apiMs: Math.round(entry.responseEnd - entry.startTime),
        renderMs: Math.round(end - entry.responseEnd),
      };
    }, button);
  }

  await admin.search('Visa applications', tag);
  await expect(section.getByText('Showing 1–100 of 120')).toBeVisible();
  const next = await timed('Next page');
  await expect(section.getByText('Showing 101–120 of 120')).toBeVisible();
  await section.getByRole('button', { name: 'Previous page' }).click();
  await expect(section.getByText('Showing 1–100 of 120')).toBeVisible();
  await section.getByRole('searchbox').fill(`${tag} 05`);
  const search = await timed('Search');
  await expect(section.getByText('Showing 1–10 of 10')).toBeVisible();

  const figures = { next, search };
  console.log(`admin table (100-row page): ${JSON.stringify(figures)}`);
  test.info().annotations.push({ type: 'admin table render', description: JSON.stringify(figures) });
  // Loose bounds: the goal (< 100 ms) holds on a quiet machine; under heavy load it is reported.
  expect(next.renderMs).toBeLessThan(1000);
  expect(search.renderMs).toBeLessThan(1000);
});
