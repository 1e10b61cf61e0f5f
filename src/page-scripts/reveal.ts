// Scroll animations for elements marked `data-reveal`. Content is hidden only after this script
// has run (it sets `reveal-ready` on <html>), so a page whose script fails still shows everything;
// under reduced motion nothing is hidden or animated.
import { numberFrom, prefersReducedMotion } from './page-settings.ts';

const READY = 'reveal-ready';
const REVEALED = 'is-revealed';

function reveal(): void {
  const root = document.documentElement;
  const elements = [...document.querySelectorAll<HTMLElement>('[data-reveal]')];
  if (elements.length === 0 || prefersReducedMotion() || !('IntersectionObserver' in window)) return;

  const settings = document.querySelector<HTMLElement>('[data-animation-ms]');
  root.style.setProperty('--reveal-duration', `${numberFrom(settings, 'data-animation-ms', 1000)}ms`);

  // What is already on screen stays put: hiding it now would flash content the visitor can see.
  for (const element of elements) {
    const box = element.getBoundingClientRect();
    if (box.top < window.innerHeight && box.bottom > 0) element.classList.add(REVEALED);
  }
  root.classList.add(READY);

  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.classList.add(REVEALED);
        observer.unobserve(entry.target);
      }
    },
    { rootMargin: '0px 0px -10% 0px' },
  );
  for (const element of elements) if (!element.classList.contains(REVEALED)) observer.observe(element);
}

reveal();
