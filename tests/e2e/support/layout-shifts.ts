// Layout shifts as Lighthouse sums them into CLS (shifts right after input excluded), recorded from
// the very start of every load of a page.
import type { Page } from '@playwright/test';

type ShiftRecord = { shifts: number };

/** Starts recording on every document `page` loads from now on (call before `goto` or `reload`). */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = window as unknown as ShiftRecord;
    record.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) record.shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The sum of the current document's layout shifts so far. */
export const layoutShifts = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as ShiftRecord).shifts);
