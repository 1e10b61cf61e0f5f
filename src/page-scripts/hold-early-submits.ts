// Holds a submit made in an island's form before the island's form is ready (see
// ../integrations/client-directives/held-submit.ts for the whole hand-over). The form islands that
// render their form on the server use useServerForm, which sends a held submit once it is ready;
// the others keep their submit button disabled until they have hydrated.
import { FORM_READY_ATTRIBUTE, HELD_SUBMIT_EVENT, PENDING_SUBMIT_ATTRIBUTE } from '../integrations/client-directives/held-submit.ts';

/**
 * Whether an island's form cannot take a submit yet: the island has not hydrated (Astro removes
 * `ssr` then), or it is a `client:interaction` form that has hydrated but not yet taken over what
 * was typed (it says so with FORM_READY_ATTRIBUTE).
 */
function waiting(island: Element): boolean {
  if (island.hasAttribute('ssr')) return true;
  return island.getAttribute('client') === 'interaction' && !island.hasAttribute(FORM_READY_ATTRIBUTE);
}

/**
 * Listens, for the page's life, for submits of forms inside islands whose form is not ready yet,
 * and holds them. `useNow` is called when a visitor starts using an island that has not hydrated
 * (focus moves into it, or a submit is held): the islands' code is then wanted at once.
 */
export function holdEarlySubmits(useNow: () => void): void {
  // Capturing at the document runs before anything on the island or inside it.
  document.addEventListener(
    'submit',
    (event) => {
      const island = event.target instanceof Element ? event.target.closest('astro-island') : null;
      if (!island || !waiting(island)) return;
      event.preventDefault();
      // React may already listen (hydrated, values not yet adopted) and must not see it.
      event.stopPropagation();
      island.setAttribute(PENDING_SUBMIT_ATTRIBUTE, '');
      island.dispatchEvent(new Event(HELD_SUBMIT_EVENT));
      useNow();
    },
    true,
  );
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof Element && event.target.closest('astro-island[ssr]')) useNow();
    },
    true,
  );
}
