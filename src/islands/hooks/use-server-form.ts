// What a form island does once it takes over its server-rendered form: it keeps whatever the
// visitor typed before hydration (nothing is lost on a slow phone), sends a submit held back before
// it was ready (src/page-scripts/hold-early-submits.ts), and starts loading supabase-js so the first
// submit does not wait for it.
import { useEffect, useState, type RefObject } from 'react';
import { FORM_READY_ATTRIBUTE, PENDING_SUBMIT_ATTRIBUTE } from '../../integrations/client-directives/held-submit.ts';
import { loadSupabase } from '../../lib/supabase-loader.ts';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

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
    // Errors surface when the visitor submits; here the client only warms up.
    loadSupabase().catch(() => undefined);
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
