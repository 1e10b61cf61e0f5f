// What a form island does once it takes over its server-rendered form: it keeps whatever the
// visitor typed before hydration (nothing is lost on a slow phone), sends a submit held back before
// it was ready (src/page-scripts/hold-early-submits.ts), and starts loading supabase-js as soon as the
// visitor turns to the form, so the first submit does not wait for it.
import { useEffect, useState, type RefObject } from 'react';
import { FORM_READY_ATTRIBUTE, PENDING_SUBMIT_ATTRIBUTE } from '../../integrations/client-directives/held-submit.ts';
import { loadSupabase } from '../../lib/supabase-loader.ts';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The events that say the visitor has turned to the form. */
const FIRST_USE_EVENTS = ['focusin', 'pointerdown', 'keydown', 'input'] as const;

/** Loads supabase-js when the visitor first uses the form (at once if focus is already in it); returns the cleanup. */
function warmUpOnFirstUse(form: HTMLFormElement): () => void {
  const warmUp = () => {
    stop();
    loadSupabase().catch(() => undefined);
  };
  const stop = () => FIRST_USE_EVENTS.forEach((type) => form.removeEventListener(type, warmUp, true));
  if (form.contains(document.activeElement)) warmUp();
  else FIRST_USE_EVENTS.forEach((type) => form.addEventListener(type, warmUp, true));
  return stop;
}

/** Adopts the server-rendered form's typed values, then takes its submits (and sends a held one). */
export function useServerForm<K extends string>(
  formRef: RefObject<HTMLFormElement | null>,
  values: Record<K, string>,
  setValue: (name: K, value: string) => void,
) {
  const [adopted, setAdopted] = useState(false);

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const element of Array.from(form.elements) as Control[]) {
      const name = element.name as K;
      if (name in values && element.value !== '' && element.value !== values[name]) setValue(name, element.value);
    }
    setAdopted(true);
    // Not at once: starting supabase-js (evaluating it and creating the client) is the longest task
    // of an account page's start, and on a phone it held the main thread just as the page became
    // usable (Lighthouse's total blocking time). The visitor's first focus, tap or key in the form
    // comes seconds before their submit; errors surface then, here the client only warms up.
    return warmUpOnFirstUse(form);
    // Once, on mount: later values are React's own.
  }, []);

  // Only once the adopted values have rendered does the island take submits itself: a submit
  // handled earlier would read the empty values of the first render (a typed address judged blank).
  // Until then submits are held (every one before hydration; for a client:interaction form, also
  // until this point: src/page-scripts/hold-early-submits.ts); the one held is sent now.
  useEffect(() => {
    if (!adopted) return;
    const island = formRef.current?.closest('astro-island');
    island?.setAttribute(FORM_READY_ATTRIBUTE, '');
    if (island?.hasAttribute(PENDING_SUBMIT_ATTRIBUTE)) {
      island.removeAttribute(PENDING_SUBMIT_ATTRIBUTE);
      formRef.current?.requestSubmit();
    }
  }, [adopted, formRef]);
}
