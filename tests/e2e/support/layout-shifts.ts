// Layout shifts, recorded from the very start of every load of a page (shifts right after input
// excluded, as in CLS). Summed over the whole load: stricter than CLS, which takes the worst window.
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

/**
 * The sum of the current document's layout shifts so far, read after two more frames and a task:
 * a shift is reported after the frame it happened in is drawn, and its entry reaches observers later.
 */
export const layoutShifts = (page: Page): Promise<number> =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve((window as unknown as ShiftRecord).shifts)))),
      ),
  );
