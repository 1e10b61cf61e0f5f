// The browser half of `client:interaction`. It hydrates the island the first time the visitor
// focuses, presses on or types into it, or at once when that already happened before this code
// arrived (it loads after the page has painted: ../island-runtime.ts). A submit made before the form
// is ready is held by src/page-scripts/hold-early-submits.ts, which marks the island; the hydrated form
// sends it (held-submit.ts).
import type { ClientDirective } from 'astro';
import { HELD_SUBMIT_EVENT, PENDING_SUBMIT_ATTRIBUTE } from './held-submit.ts';

const TRIGGERS = ['focusin', 'pointerdown', 'input', HELD_SUBMIT_EVENT] as const;

const hydrateOnInteraction: ClientDirective = (load, _options, el) => {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of TRIGGERS) el.removeEventListener(type, start);
    const hydrate = await load();
    await hydrate();
  };
  for (const type of TRIGGERS) el.addEventListener(type, start);
  if (el.hasAttribute(PENDING_SUBMIT_ATTRIBUTE) || el.contains(document.activeElement)) void start();
};

export default hydrateOnInteraction;
