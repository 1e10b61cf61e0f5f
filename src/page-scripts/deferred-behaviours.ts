// Puts the scripts that can wait into the page late, so their requests never compete with the page's
// own bytes for its first or largest paint: the islands' code (Astro's <astro-island> element and
// the hydration directives, moved there by src/integrations/island-runtime.ts) and the behaviour
// scripts. GlobalBehaviours.astro keeps them in a <template> at the end of <body> (the browser
// fetches nothing inside one, and the preload scanner skips it too), and the page's first script
// calls this function (src/page-scripts/inline/start-page.ts). A visitor who may be signed in (a session
// is stored in this browser) takes them without waiting for the load event (for the lazy pictures
// below the first screen): the nav's account menu is an island, and an auth-gated page shows its
// content once supabase-js has read the session. With no stored session the visitor cannot be
// signed in, and the page waits for its load as well.
import { hasStoredSession } from '../lib/stored-session.ts';
import { afterFirstPaint } from '../lib/first-paint.ts';

/**
 * Adds the template's scripts once the page has loaded, has painted its first content and has
 * decoded its first-view pictures, plus one frame; for a visitor with a stored session, the same
 * without waiting for the load event. The load event alone was not enough on a busy phone: a small
 * page loads before it first paints, and a lead picture is decoded off the main thread after it
 * arrives, so the scripts' requests still raced the first or the largest paint. Whatever happens,
 * they go in at most `MAX_WAIT_MS` after the load event (after the page is parsed, with a stored
 * session). Returns the function that adds them at once (once the page is parsed): a visitor who
 * starts using an island's form does not wait for the page's pictures.
 */
export function addDeferredBehaviours(): () => void {
  const MAX_WAIT_MS = 3000;
  let added = false;
  const add = () => {
    if (added) return;
    // Called from the top of <body>: the template is there once the page is parsed.
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', add, { once: true });
      return;
    }
    added = true;
    const template = document.querySelector('template[data-deferred-behaviours]');
    if (!(template instanceof HTMLTemplateElement)) return;
    const scripts = document.importNode(template.content, true);
    // In the order written, as the parser would have run them (an added script otherwise runs
    // whenever it arrives).
    for (const script of scripts.querySelectorAll('script')) script.async = false;
    document.body.append(scripts);
  };
  // Adds them one frame after `ready`, and at most MAX_WAIT_MS from now: a tab opened in the
  // background paints only when shown, and its scripts need not wait for that.
  const after = (ready: Promise<unknown>) => {
    setTimeout(add, MAX_WAIT_MS);
    void ready.then(() => requestAnimationFrame(() => setTimeout(add)));
  };
  // The first view is ready once the page has painted its first content and decoded its first-view
  // pictures (the lead picture; the others are lazy).
  const whenFirstViewReady = () => {
    // The attribute, not the property: a browser without native lazy loading reports no property.
    const firstView = [...document.images].filter((image) => image.getAttribute('loading') !== 'lazy');
    // A picture that fails to decode (broken, or no source) holds nothing back.
    const decoded = firstView.map((image) => image.decode().catch(() => undefined));
    after(Promise.all([afterFirstPaint(MAX_WAIT_MS), ...decoded]));
  };
  if (hasStoredSession()) {
    // Without waiting for the load event (the account menu should not wait for the page's lazy
    // pictures), but not before first paint either: requested earlier, the scripts shared the
    // connection with the page's own bytes, and Lighthouse counted them into its first paint
    // (signed-in /visa-form painted ~200 ms later when they came as soon as the page was parsed).
    // Its pictures are known once it is parsed.
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenFirstViewReady, { once: true });
    else whenFirstViewReady();
  } else if (document.readyState === 'complete') whenFirstViewReady();
  else window.addEventListener('load', whenFirstViewReady, { once: true });
  return add;
}
