// Auth-gated pages (/profile, /visa-form, /admin): start the auth store and keep the loading
// overlay up while the visitor's state is unknown. The overlay waits a moment before showing, so a
// quick answer (a stored session) never puts it in front of the page, and the page's first paint
// is never covered.
import { authStatus, startAuth } from '../lib/auth/store.ts';

/** How long auth may take before the overlay appears. */
export const AUTH_OVERLAY_DELAY_MS = 150;

/**
 * Calls `show` if auth is still loading after a short delay and `hide` once it is settled; the
 * returned function stops watching (the visitor left the page).
 */
export function gateOnAuth(show: () => void, hide: () => void): () => void {
  // Idempotent: the page's own island may have started the store already.
  void startAuth();
  if (authStatus.get() !== 'loading') {
    hide();
    return () => undefined;
  }
  const timer = setTimeout(() => {
    if (authStatus.get() === 'loading') show();
  }, AUTH_OVERLAY_DELAY_MS);
  const unsubscribe = authStatus.listen((status) => {
    if (status === 'loading') return;
    stop();
    hide();
  });
  function stop(): void {
    clearTimeout(timer);
    unsubscribe();
  }
  return stop;
}
