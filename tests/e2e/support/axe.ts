// The one axe run every browser test uses: WCAG 2.2 AA, on the page as a reader sees it once its
// behaviour scripts are in and finite animations (reveals, popover and dialog transitions) have
// ended: colours caught halfway through a fade are not what anyone reads. Endless animations (the tagline marquee) are paused
// while axe runs and resumed after: axe measures every element's style and box, and a running
// animation makes each of those measurements recompute the page (the home page took 20-50 s
// instead of a few seconds), while the marquee's position changes nothing axe judges.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe's WCAG 2.2 AA violations on the page, or only inside `include` (a CSS selector). */
export async function axeViolations(page: Page, include?: string) {
  // The behaviour scripts arrive after first paint and mark <html> once set up; the reveal script
  // among them fades in what is in view. axe reads the page they have set up, not the page halfway.
  await page.waitForFunction(
    () => !document.querySelector('template[data-deferred-behaviours]') || document.documentElement.getAttribute('data-behaviours') === 'ready',
    undefined,
    { timeout: 30_000 },
  );
  await page.evaluate(async () => {
    // Two frames, so that reveals the script has just triggered have started their transitions.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const animations = document.getAnimations();
    await Promise.all(
      animations
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getTiming().iterations === Infinity && animation.playState === 'running') {
        animation.pause();
        animation.id = 'paused-for-axe';
      }
    }
  });
  try {
    const builder = new AxeBuilder({ page }).withTags(WCAG);
    return (await (include ? builder.include(include) : builder).analyze()).violations;
  } finally {
    await page
      .evaluate(() => {
        for (const animation of document.getAnimations()) if (animation.id === 'paused-for-axe') animation.play();
      })
      .catch(() => undefined);
  }
}
