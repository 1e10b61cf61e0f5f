// The browser half of `client:session` (see index.ts). Astro bundles this file on its own (the build
// moves it into the page's islands file, ../island-runtime.ts), so it imports only the tiny
// stored-session module.
import type { ClientDirective } from 'astro';
import { SIGNED_IN_EVENT, SUPABASE_STORAGE_KEY, hasStoredSession, markSession } from '../../lib/stored-session.ts';

const sessionDirective: ClientDirective = (load) => {
  let hydrated = false;
  const hydrate = async () => {
    if (hydrated) return;
    hydrated = true;
    window.removeEventListener(SIGNED_IN_EVENT, hydrate);
    window.removeEventListener('storage', onStorage);
    // The static fallback steps aside while the island takes over (SiteHeader.astro); a stored
    // session marked the page already, a sign-in on this page (or in another tab) marks it now.
    markSession();
    const hydrateIsland = await load();
    await hydrateIsland();
  };
  // Another tab signed in: this page's nav follows.
  const onStorage = (event: StorageEvent) => {
    if (event.key === SUPABASE_STORAGE_KEY && event.newValue) void hydrate();
  };
  if (hasStoredSession()) {
    void hydrate();
    return;
  }
  // Signed in on this very page (the login form): hydrate then.
  window.addEventListener(SIGNED_IN_EVENT, hydrate);
  window.addEventListener('storage', onStorage);
};

export default sessionDirective;
