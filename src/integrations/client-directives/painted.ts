// The browser half of `client:painted` (see index.ts): Astro's `client:idle`, but never before the
// page's first contentful paint. The browser can be idle before it has painted a small page, and an
// account page's island then fetched React ahead of the page's own first paint.
import type { ClientDirective } from 'astro';
import { afterFirstPaint } from '../../lib/first-paint.ts';

const paintedDirective: ClientDirective = (load) => {
  const hydrate = async () => {
    const hydrateIsland = await load();
    await hydrateIsland();
  };
  void afterFirstPaint().then(() => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void hydrate());
    else setTimeout(() => void hydrate(), 200);
  });
};

export default paintedDirective;
