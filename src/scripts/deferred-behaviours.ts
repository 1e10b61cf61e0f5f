// Puts the behaviour scripts into the page late, so their request never competes with the page's
// own bytes for its first or largest paint. GlobalBehaviours.astro keeps them in a <template> (the
// browser fetches nothing inside one, and the preload scanner skips it too) and inlines this
// function's call after it (src/scripts/inline/add-deferred-behaviours.ts). An auth-gated page whose
// visitor may be signed in (a session is stored in this browser) takes them at once: its overlay must
// be able to show while supabase-js checks the session. With no stored session the visitor cannot be
// signed in, and the page waits like any other (its island still loads supabase-js to say so, and the
// overlay shows if that takes long).
import { hasStoredSession } from '../lib/auth/stored-session.ts';
import { afterFirstPaint } from '../lib/first-paint.ts';

/**
 * Adds the template's scripts once the page has loaded, has painted its first content and has
 * decoded its first-view pictures, plus one frame (at once on an auth-gated page whose visitor has a
 * stored session). The load event alone was not enough on a busy phone: a small page loads before it
 * first paints, and a lead picture is decoded off the main thread after it arrives, so the scripts'
 * requests still raced the first or the largest paint. Whatever happens, they go in at most
 * `MAX_WAIT_MS` after the load event.
 */
export function addDeferredBehaviours(): void {
  const MAX_WAIT_MS = 3000;
  let added = false;
  const add = () => {
    if (added) return;
    added = true;
    const template = document.querySelector('template[data-deferred-behaviours]');
    if (template instanceof HTMLTemplateElement) document.body.append(document.importNode(template.content, true));
  };
  const later = () => {
    // A tab opened in the background paints only when shown; its scripts need not wait for that.
    setTimeout(add, MAX_WAIT_MS);
    const firstPaint = afterFirstPaint(MAX_WAIT_MS);
    // The attribute, not the property: a browser without native lazy loading reports no property.
    const firstView = [...document.images].filter((image) => image.getAttribute('loading') !== 'lazy');
    // A picture that fails to decode (broken, or no source) holds nothing back.
    const decoded = firstView.map((image) => image.decode().catch(() => undefined));
    void Promise.all([firstPaint, ...decoded]).then(() => requestAnimationFrame(() => setTimeout(add)));
  };
  if (hasStoredSession() && document.querySelector('[data-auth-gate]')) add();
  else if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
