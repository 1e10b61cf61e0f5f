// The browser half of `client:interaction` (inlined into each page that uses it, so it stays a
// few lines). A submit made before React is ready (Enter pressed at once) is held, the island is
// marked, and the hydrated form sends it (src/islands/forms/use-server-form.ts).
import type { ClientDirective } from 'astro';

/** Set on the island while a submit made before hydration waits for the hydrated form. */
export const PENDING_SUBMIT_ATTRIBUTE = 'data-pending-submit';

const TRIGGERS = ['focusin', 'pointerdown', 'input'] as const;

const hydrateOnInteraction: ClientDirective = (load, _options, el) => {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of TRIGGERS) el.removeEventListener(type, start);
    const hydrate = await load();
    await hydrate();
  };
  // The server-rendered form must not submit itself natively (a page reload with the address in
  // the URL); the attribute tells the island to send it once it has taken over.
  const hold = (event: Event) => {
    if (el.hasAttribute('ssr')) {
      event.preventDefault();
      el.setAttribute(PENDING_SUBMIT_ATTRIBUTE, '');
      void start();
    } else {
      el.removeEventListener('submit', hold, true);
    }
  };
  for (const type of TRIGGERS) el.addEventListener(type, start);
  el.addEventListener('submit', hold, true);
};

export default hydrateOnInteraction;
