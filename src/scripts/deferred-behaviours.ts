// Puts the behaviour scripts into the page late, so their request never competes with the page's
// own bytes for its first or largest paint. GlobalBehaviours.astro keeps them in a <template> (the
// browser fetches nothing inside one, and the preload scanner skips it too) and inlines this
// function after it. An auth-gated page whose visitor may be signed in (a session is stored in this
// browser) takes them at once: its overlay must be able to show while auth resolves. With no stored
// session the visitor is signed out, auth settles without a request, and the page waits like any
// other. Inlined as source text (src/lib/inline-script.ts), so it uses nothing from outside its body:
// the stored-session check repeats hasStoredSession's (lib/auth/stored-session.ts), with the same key
// passed in.

/**
 * Adds the template's scripts once the page has loaded and its first-view pictures are decoded and
 * painted (at once on an auth-gated page whose visitor has a stored session). The load event alone
 * came before the lead picture's paint on a busy phone: the picture is decoded off the main thread
 * after it arrives, so the scripts' requests still raced the largest paint.
 */
export function addDeferredBehaviours(storageKey: string): void {
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
  let sessionStored = false;
  try {
    sessionStored = Boolean(window.localStorage.getItem(storageKey));
  } catch {
    // Blocked storage: supabase-js could not have stored a session either.
  }
  if (sessionStored && document.querySelector('[data-auth-gate]')) add();
  else if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
