// Puts the behaviour scripts into the page late, so their request never competes with the page's
// own bytes for its first or largest paint. GlobalBehaviours.astro keeps them in a <template> (the
// browser fetches nothing inside one, and the preload scanner skips it too) and inlines this
// function after it. Auth-gated pages take them at once: their overlay must be able to show while
// auth resolves, and the load event itself waits for the auth code those pages' islands fetch.
// Inlined as source text (src/lib/inline-script.ts), so it uses nothing from outside its body.

/**
 * Adds the template's scripts once the page has loaded and its first-view pictures are decoded and
 * painted (at once on auth-gated pages). The load event alone came before the lead picture's paint
 * on a busy phone: the picture is decoded off the main thread after it arrives, so the scripts'
 * requests still raced the largest paint.
 */
export function addDeferredBehaviours(): void {
  const add = () => {
    const template = document.querySelector('template[data-deferred-behaviours]');
    if (template instanceof HTMLTemplateElement) document.body.append(document.importNode(template.content, true));
  };
  const later = () => {
    const firstView = [...document.images].filter((image) => image.loading !== 'lazy');
    // A picture that fails to decode (broken, or no source) holds nothing back.
    void Promise.all(firstView.map((image) => image.decode().catch(() => undefined))).then(() =>
      requestAnimationFrame(() => setTimeout(add)),
    );
  };
  if (document.querySelector('[data-auth-gate]')) add();
  else if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
