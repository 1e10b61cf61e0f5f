// When a page has painted its first content, from the browser's paint timing. Islands that are not
// needed for the first view hydrate only after it (client:painted), and the behaviour scripts load
// only after it (src/page-scripts/deferred-behaviours.ts, inlined into every page): neither competes with
// the page's own bytes for first paint.

/**
 * Resolves once first contentful paint is recorded; at once where the browser does not report paint
 * timing, and after `maxWaitMs` at the latest (a tab opened in the background paints only when shown).
 */
export function afterFirstPaint(maxWaitMs = 3000): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, maxWaitMs);
    try {
      new PerformanceObserver((entries, observer) => {
        if (!entries.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        resolve();
      }).observe({ type: 'paint', buffered: true });
      if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) resolve();
    } catch {
      // No PerformanceObserver, or one that does not take these options.
      resolve();
    }
  });
}
