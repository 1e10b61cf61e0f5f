// On a phone the floating buttons (back to top, send us a message) sit over the right edge of
// whatever scrolls under them: a form's last column of times, a select's arrow, an input's end. So
// while any form or field is on screen they step aside (the stylesheet in GlobalBehaviours.astro
// hides them under html.controls-in-view on narrow screens); wider screens keep them, beside the
// content. Islands draw their forms after this runs (the admin's filters, an account page), so
// new ones are watched as they appear.
const CONTROLS = 'form, input:not([type="hidden"]), select, textarea';
const IN_VIEW = 'controls-in-view';

if ('IntersectionObserver' in window) {
  const onScreen = new Set<Element>();
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting && entry.target.isConnected) onScreen.add(entry.target);
      else onScreen.delete(entry.target);
    }
    document.documentElement.classList.toggle(IN_VIEW, onScreen.size > 0);
  });
  const watch = (root: ParentNode) => {
    if (root instanceof Element && root.matches(CONTROLS)) observer.observe(root);
    for (const element of root.querySelectorAll(CONTROLS)) observer.observe(element);
  };
  watch(document);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element) watch(node);
      for (const node of record.removedNodes) {
        if (!(node instanceof Element)) continue;
        for (const element of onScreen) if (node === element || node.contains(element)) onScreen.delete(element);
      }
    }
    document.documentElement.classList.toggle(IN_VIEW, onScreen.size > 0);
  }).observe(document.body, { childList: true, subtree: true });
}
