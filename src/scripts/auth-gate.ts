// Auth-gated pages: start settling the visitor's auth state and keep the loading overlay up while
// it is unknown. The overlay waits a moment before showing, so a quick answer (a stored session)
// never puts it in front of the page, and the page's first paint is never covered.
import { authStatus } from '../lib/auth/status.ts';
import { resolveAuthStatusFromSupabase } from '../lib/auth/resolve.ts';

/** How long auth may take before the overlay appears. */
export const AUTH_OVERLAY_DELAY_MS = 150;

/**
 * Calls `show` if auth is still loading after a short delay and `hide` once it is settled; the
 * returned function stops watching (the visitor left the page).
 */
export function gateOnAuth(show: () => void, hide: () => void): () => void {
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
  void resolveAuthStatusFromSupabase();
  return stop;
}
