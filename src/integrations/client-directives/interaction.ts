// The browser half of `client:interaction` (inlined into each page that uses it, so it stays a
// few lines). A submit made before React is ready (Enter pressed at once) is held, the island is
// marked, and the hydrated form sends it (src/islands/hooks/use-server-form.ts).
import type { ClientDirective } from 'astro';

/** Set on the island while a submit made before hydration waits for the hydrated form. */
export const PENDING_SUBMIT_ATTRIBUTE = 'data-pending-submit';
/** Set by the island once its form handles submits itself. */
export const FORM_READY_ATTRIBUTE = 'data-form-ready';

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
  // The form must never submit natively (a page reload with the address in the URL), not even
  // between Astro dropping `ssr` and React attaching its handlers; until the island says its form
  // is ready, the attribute asks it to send the held submit.
  const hold = (event: Event) => {
    event.preventDefault();
    if (el.hasAttribute(FORM_READY_ATTRIBUTE)) return;
    // Not ready: React may already listen (hydrated, values not yet adopted) and must not see it.
    event.stopPropagation();
    el.setAttribute(PENDING_SUBMIT_ATTRIBUTE, '');
    void start();
  };
  for (const type of TRIGGERS) el.addEventListener(type, start);
  el.addEventListener('submit', hold, true);
};

export default hydrateOnInteraction;
