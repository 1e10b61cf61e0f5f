// The back-to-top button: shown once the page has scrolled more than the configured threshold.
import { numberFrom, prefersReducedMotion } from './page-settings.ts';

const VISIBLE = 'is-visible';

const button = document.querySelector<HTMLButtonElement>('[data-scroll-top]');
if (button) {
  const threshold = numberFrom(button, 'data-threshold', 200);
  const update = () => button.classList.toggle(VISIBLE, window.scrollY > threshold);
  const toTop = () => {
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
    // The button disappears at the top, so keyboard focus moves to the start of the page with it.
    document.querySelector<HTMLElement>('[data-page-start]')?.focus({ preventScroll: true });
  };
  update();
  window.addEventListener('scroll', update, { passive: true });
  button.addEventListener('click', toTop);
}
