// The loading overlay on every path change, without a client-side router. Each page is a fresh
// document; when it was reached from another page of this site, the overlay is up from its first
// paint until the configured time after the navigation started (performance.now() counts from the
// start of the navigation that made this document). A first visit (typed address, bookmark, a link
// from another site), a reload or an in-page #fragment jump shows nothing, so a first paint is never
// covered; neither does anything under reduced motion.
//
// On the page being left, it shows from the click on a same-site link, so it covers the whole wait.
//
// The base layout inlines a call of `installOverlay` right after the overlay element
// (src/page-scripts/inline/start-page.ts), so it runs before the rest of the body is parsed and the
// overlay is part of the first frame. A module script would run after parsing, too late.
import { numberFrom, prefersReducedMotion } from './page-settings.ts';

/** Show and hide by reason: the overlay is up while any reason holds it. */
interface OverlayControl {
  hold(reason: string): void;
  release(reason: string): void;
}

export type OverlayElement = HTMLElement & { overlayControl?: OverlayControl };

/** Sets up `overlay` for this document: the navigation hold now, and `overlayControl` for later scripts. */
export function installOverlay(overlay: OverlayElement | null): void {
  if (!overlay) return;
  const reduced = prefersReducedMotion();
  const reasons = new Set<string>();
  const control: OverlayControl = {
    hold: (reason) => {
      if (reduced) return;
      reasons.add(reason);
      overlay.hidden = false;
    },
    release: (reason) => {
      reasons.delete(reason);
      if (reasons.size === 0) overlay.hidden = true;
    },
  };
  overlay.overlayControl = control;

  const durationMs = numberFrom(overlay, 'data-duration-ms', 1000);
  const showFor = (ms: number) => {
    if (ms <= 0) return;
    control.hold('navigation');
    // Rounded up: timers run on whole milliseconds, and a fractional delay could end the overlay a
    // fraction of a millisecond before the full duration.
    setTimeout(() => control.release('navigation'), Math.ceil(ms));
  };

  // The page this document was reached from, when it is a page of this site: the referrer of a link
  // followed (an address typed or a bookmark has none, and counts as a first visit), or on a
  // back/forward step the previous entry the Navigation API names, where the browser has it.
  const timing = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const navigation = (window as { navigation?: { activation?: { from?: { url?: string | null } | null } | null } })
    .navigation;
  const from =
    timing?.type === 'navigate'
      ? document.referrer
      : timing?.type === 'back_forward'
        ? navigation?.activation?.from?.url
        : '';
  let previous: URL | undefined;
  try {
    previous = from ? new URL(from) : undefined;
  } catch {
    previous = undefined;
  }
  if (previous && previous.origin === location.origin && previous.pathname !== location.pathname) {
    showFor(durationMs - performance.now());
  }
  // The old page shows it too, from the click on a link to another page of the site until the next
  // page replaces it, as the router did. The listener is on the document, so a link whose click an
  // island handles (preventDefault) is left alone. A navigation that never replaces the page (a
  // failed request) must not leave it covered: the hold lapses after LEAVING_LIMIT_MS.
  const LEAVING_LIMIT_MS = 10_000;
  let leaving: ReturnType<typeof setTimeout> | undefined;
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return;
    if (link.target && link.target !== '_self') return;
    const to = new URL(link.href);
    if (to.origin !== location.origin || to.pathname === location.pathname) return;
    control.hold('leaving');
    clearTimeout(leaving);
    leaving = setTimeout(() => control.release('leaving'), LEAVING_LIMIT_MS);
  });
  // A page restored from the back/forward cache runs no script again: it is a path change all the same.
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    clearTimeout(leaving);
    control.release('leaving');
    showFor(durationMs);
  });
}
