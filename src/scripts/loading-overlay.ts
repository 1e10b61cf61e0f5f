// The full-screen loading overlay. It shows during client-side route changes for the configured
// time (from the moment the navigation starts), and on auth-gated pages while the visitor's auth
// state is unknown. It is never shown by the first page load, so it cannot cover a first paint,
// and never under reduced motion.
import { numberFrom, oncePerWindow, onEveryPage, prefersReducedMotion } from './page-lifecycle.ts';

type Reason = 'navigation' | 'auth';

const reasons = new Set<Reason>();
let navigationStartedAt = 0;
let navigationTimer: ReturnType<typeof setTimeout> | undefined;

// The overlay element persists across page swaps (transition:persist), so one reference lasts.
const overlay = () => document.querySelector<HTMLElement>('[data-loading-overlay]');

/** Shows the overlay for `reason` until `release` is called with the same reason. */
function hold(reason: Reason): void {
  if (prefersReducedMotion()) return;
  reasons.add(reason);
  overlay()?.removeAttribute('hidden');
}

/** Drops `reason`; the overlay hides when no reason is left. */
function release(reason: Reason): void {
  reasons.delete(reason);
  if (reasons.size === 0) overlay()?.setAttribute('hidden', '');
}

oncePerWindow('loading-overlay:navigation', () =>
  document.addEventListener('astro:before-preparation', (event) => {
    const { from, to } = event as Event & { from: URL; to: URL };
    // A jump within the same page (a #fragment) is not a route change.
    if (from.pathname === to.pathname) return;
    const durationMs = numberFrom(overlay(), 'data-duration-ms', 1000);
    if (durationMs === 0) return;
    clearTimeout(navigationTimer);
    navigationStartedAt = performance.now();
    hold('navigation');
  }),
);

onEveryPage('loading-overlay', () => {
  if (reasons.has('navigation')) {
    const durationMs = numberFrom(overlay(), 'data-duration-ms', 1000);
    const remaining = durationMs - (performance.now() - navigationStartedAt);
    navigationTimer = setTimeout(() => release('navigation'), Math.max(0, remaining));
  }
  if (!document.querySelector('[data-auth-gate]')) {
    release('auth');
    return;
  }
  // Loaded only on /profile, /visa-form and /admin: other pages never fetch the auth code.
  let left = false;
  let stopGate: (() => void) | undefined;
  void import('./auth-gate.ts').then(({ gateOnAuth }) => {
    if (!left) stopGate = gateOnAuth(() => hold('auth'), () => release('auth'));
  });
  return () => {
    // Leaving the page ends its gate; the next page decides for itself.
    left = true;
    stopGate?.();
    release('auth');
  };
});
